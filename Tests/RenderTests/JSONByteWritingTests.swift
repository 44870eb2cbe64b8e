import Foundation
@testable import Render
import Testing
import TestSupport
import TreeModel

/// The JSON writer's fast paths (escaping found eight bytes at a time, ASCII checks, numbers
/// and modes written through a pointer) against plain byte-by-byte versions of the same rules.
@Suite struct JSONByteWritingTests {
    /// The escaping rules one byte at a time, as the writer applied them before its fast path.
    private static func referenceEscaped(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var index = 0
        func unicode(_ high: UInt8, _ low: UInt8) {
            output += Array(String(format: "\\u%02x%02x", high, low).utf8)
        }
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            let third = index + 2 < bytes.count ? bytes[index + 2] : 0
            switch byte {
            case 0x22: output += Array(#"\""#.utf8)
            case 0x5C: output += Array(#"\\"#.utf8)
            case 0x0A: output += Array(#"\n"#.utf8)
            case 0x09: output += Array(#"\t"#.utf8)
            case 0x0D: output += Array(#"\r"#.utf8)
            case 0x08: output += Array(#"\b"#.utf8)
            case 0x0C: output += Array(#"\f"#.utf8)
            case 0x00..<0x20, 0x7F: unicode(0, byte)
            case 0xC2 where (0x80..<0xA0).contains(next):
                unicode(0, next)
                index += 1
            case 0xE2 where next == 0x80 && (third == 0xA8 || third == 0xA9):
                unicode(0x20, third == 0xA8 ? 0x28 : 0x29)
                index += 2
            default: output.append(byte)
            }
            index += 1
        }
        return output
    }

    private static func escaped(_ bytes: [UInt8]) -> [UInt8] {
        var buffer = ByteBuffer(capacity: 1)
        bytes.withUnsafeBufferPointer { JSONWriter.appendEscaped(utf8: $0, to: &buffer) }
        return buffer.array
    }

    /// Bytes that matter to the rules, at every position of a word and across word ends.
    private static let hostileBytes: [UInt8] = [
        0x00, 0x01, 0x08, 0x09, 0x0A, 0x0C, 0x0D, 0x1B, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x2F, 0x5B, 0x5C, 0x5D,
        0x7E, 0x7F, 0x80, 0x85, 0x9F, 0xA0, 0xA8, 0xA9, 0xAA, 0xC2, 0xC3, 0xE1, 0xE2, 0xE3, 0xFF,
        UInt8(ascii: "a"), UInt8(ascii: "Z"), UInt8(ascii: "/"), UInt8(ascii: "."),
    ]

    @Test func escapingMatchesTheByteByByteRulesOnHostileBytes() {
        var generator = SeededGenerator(state: 0x15_0075)
        for round in 0..<20_000 {
            let length = round < 100 ? round % 20 : Int.random(in: 0...70, using: &generator)
            let bytes = (0..<length).map { _ in Self.hostileBytes.randomElement(using: &generator)! }
            #expect(Self.escaped(bytes) == Self.referenceEscaped(bytes), "\(bytes)")
        }
    }

    @Test func escapingMatchesTheRulesOnNamedHostileNames() {
        let names = [
            "plain/ascii/path.swift", "\u{1B}[31mred\u{1B}[0m", "tab\there", "new\nline", "quote\"and\\back",
            "c1\u{85}\u{9B}[2J", "ls\u{2028}ps\u{2029}", "\u{7F}del", "é日本\u{10FFFF}", "\u{2027}\u{202A}\u{00A0}",
            String(repeating: "long/", count: 40) + "\u{0}",
        ]
        for name in names {
            let bytes = Array(name.utf8)
            for offset in 0..<9 {
                let shifted = Array(repeating: UInt8(ascii: "x"), count: offset) + bytes
                #expect(Self.escaped(shifted) == Self.referenceEscaped(shifted), "\(name)")
            }
        }
    }

    @Test func escapedTextParsesBackToTheSameString() throws {
        var generator = SeededGenerator(state: 7)
        for _ in 0..<500 {
            let scalars = (0..<Int.random(in: 0...30, using: &generator)).map { _ -> Character in
                let pick = [0x0, 0x1B, 0x22, 0x5C, 0x7F, 0x85, 0x9F, 0xA0, 0xE9, 0x2028, 0x2029, 0x65E5, 0x1F600, 0x61]
                return Character(Unicode.Scalar(pick.randomElement(using: &generator)!)!)
            }
            let text = String(scalars)
            var writer = JSONWriter(pretty: false)
            writer.beginArray()
            writer.string(text)
            writer.endArray()
            let parsed = try #require(try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String])
            #expect(parsed == [text])
        }
    }

    @Test func asciiCheckAgreesWithAPlainTest() {
        var generator = SeededGenerator(state: 11)
        for _ in 0..<5_000 {
            var bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 0...0x7F, using: &generator) }
            if Bool.random(using: &generator), !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] |= 0x80
            }
            #expect(bytes.withUnsafeBufferPointer(JSONWriter.isASCII) == bytes.allSatisfy { $0 < 0x80 })
        }
    }

    @Test func lossyTextReadsBytesAsStringDecodingDoes() {
        let samples: [[UInt8]] = [Array("plain".utf8), Array("é\u{85}x".utf8), [0x66, 0xFF, 0x22, 0xC2], [0xE2, 0x80], []]
        for bytes in samples {
            var fast = JSONWriter(pretty: false)
            bytes.withUnsafeBufferPointer { fast.lossyText($0) }
            var plain = JSONWriter(pretty: false)
            plain.string(String(decoding: bytes, as: UTF8.self))
            #expect(fast.bytes == plain.bytes, "\(bytes)")
        }
    }

    @Test func pathsThatAreNotUTF8KeepTheirBytesInBase64() throws {
        var writer = JSONWriter(pretty: false)
        writer.beginObject()
        writer.pathField("path", "pathBytes", [0x61, 0xFF, 0x0A])
        writer.pathField("oldPath", "oldPathBytes", Array("dir/é".utf8))
        writer.endObject()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: String])
        #expect(object == ["path": "a\u{FFFD}\n", "pathBytes": Data([0x61, 0xFF, 0x0A]).base64EncodedString(), "oldPath": "dir/é"])
    }

    @Test func numbersModesAndStatusesAreWrittenAsBefore() {
        for value in [0, 1, -1, 9, 10, 99, 100, 12_345, -987_654, Int.max, Int.min] {
            var buffer = ByteBuffer(capacity: 1)
            buffer.append(decimal: value)
            #expect(String(decoding: buffer.array, as: UTF8.self) == String(value))
        }
        for mode in [FileMode.regular, .executable, .symlink, .submodule, FileMode(rawValue: 0o40000), FileMode(rawValue: 0o7)] {
            var writer = JSONWriter(pretty: false)
            writer.beginObject()
            writer.modeField("mode", mode)
            writer.endObject()
            let octal = String(mode.rawValue & 0o777777, radix: 8)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"mode":""# + String(repeating: "0", count: 6 - octal.count) + octal + #""}"#)
        }
        for status in ChangeStatus.allCases {
            #expect(JSONWriter.literal(of: status).description == status.rawValue)
        }
    }

    @Test func aBufferGrowsAndKeepsEverythingWritten() {
        var buffer = ByteBuffer(capacity: 1)
        var expected: [UInt8] = []
        for round in 0..<3_000 {
            let piece = Array(repeating: UInt8(truncatingIfNeeded: round), count: round % 37)
            piece.withUnsafeBufferPointer { buffer.append($0) }
            buffer.append(spaces: round % 5)
            expected += piece + Array(repeating: UInt8(ascii: " "), count: round % 5)
        }
        #expect(buffer.count == expected.count)
        #expect(buffer.array == expected)
        buffer.removeAll()
        #expect(buffer.array.isEmpty)
    }
}
