import TestSupport
import Testing
@testable import TerminalUI


@Suite struct KeyDecoderPropertyTests {
    /// Bytes biased towards what makes sequences: ESC, `[`, `O`, `<`, digits, `;`, finals,
    /// UTF-8 lead and continuation bytes, and anything at all.
    private static func randomBytes(_ count: Int, using generator: inout SeededGenerator) -> [UInt8] {
        let interesting: [UInt8] = Array("\u{1B}[O<;0123456789~ABCDHFPZIMm".utf8) + [0xC3, 0xA9, 0xE6, 0xF0, 0x9F, 0x80]
        return (0..<count).map { _ in
            Bool.random(using: &generator) ? interesting.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
        }
    }

    @Test func anyBytesDecodeTheSameWhateverTheReadsAre() {
        var generator = SeededGenerator(state: 0x7E57)
        for _ in 0..<2_000 {
            let bytes = Self.randomBytes(Int.random(in: 0...80, using: &generator), using: &generator)
            let whole = decodeAll(bytes)
            var decoder = KeyDecoder()
            var split: [InputEvent] = []
            var index = 0
            while index < bytes.count {
                let end = min(bytes.count, index + Int.random(in: 1...7, using: &generator))
                split += decoder.feed(bytes[index..<end])
                index = end
            }
            split += decoder.flush()
            #expect(split == whole, "bytes: \(bytes)")
            #expect(!decoder.hasPending)
        }
    }

    @Test func decodedEventsAreWellFormed() {
        var generator = SeededGenerator(state: 0xF022)
        for _ in 0..<2_000 {
            let bytes = Self.randomBytes(Int.random(in: 0...120, using: &generator), using: &generator)
            for event in decodeAll(bytes) {
                switch event {
                case .key(let key):
                    if case .character(let character) = key.key {
                        #expect(character.unicodeScalars.allSatisfy { !Self.isControl($0) }, "bytes: \(bytes)")
                    }
                case .mouse(let mouse):
                    #expect(mouse.column >= 0 && mouse.row >= 0)
                case .focus:
                    break
                }
            }
        }
    }

    @Test func aKeyAfterGarbageStillDecodes() {
        var generator = SeededGenerator(state: 0xBEEF)
        for _ in 0..<500 {
            let garbage = Self.randomBytes(Int.random(in: 0...40, using: &generator), using: &generator)
            var decoder = KeyDecoder()
            _ = decoder.feed(garbage)
            _ = decoder.flush()
            #expect(decoder.feed(Array("\u{1B}[Bq".utf8)) == [key(.down), .key(.character("q"))])
        }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
