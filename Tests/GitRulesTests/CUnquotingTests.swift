import Testing
import TestSupport
import GitRules

/// ``CUnquoting`` undoes ``CQuoting`` for every byte string, refuses what git's
/// `unquote_c_style` refuses, and reads quoted paths as git reads them (`git update-index
/// --index-info` unquotes a quoted path field).
@Suite struct CUnquotingTests {
    /// Byte strings of every kind of byte, seeded.
    static func generated(count: Int, seed: UInt64) -> [[UInt8]] {
        var random = SeededGenerator(state: seed)
        let interesting: [UInt8] = [0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x22, 0x5C, 0x00, 0x01, 0x1B, 0x7F,
                                    0x80, 0x85, 0x9F, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0xFF]
        return (0..<count).map { _ in
            (0..<Int.random(in: 0...12, using: &random)).map { _ in
                Bool.random(using: &random) ? interesting.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
            }
        }
    }

    /// The escapes in quoted text, by kind: a letter (`t`, `"`, …) or `octal`.
    private static func escapeKinds(_ quoted: [UInt8]) -> Set<String> {
        var kinds: Set<String> = []
        var index = 0
        while index < quoted.count {
            if quoted[index] == UInt8(ascii: "\\"), index + 1 < quoted.count {
                let next = quoted[index + 1]
                kinds.insert((0x30...0x37).contains(next) ? "octal" : String(UnicodeScalar(next)))
                index += 2
            } else {
                if quoted[index] >= 0x80 { kinds.insert("kept high byte") }
                index += 1
            }
        }
        return kinds
    }

    @Test func unquotingUndoesQuotingOfEveryByteString() {
        var kinds: Set<String> = []
        for bytes in Self.generated(count: 3000, seed: 20) {
            for highBytes in [CQuoting.HighBytes.escaped, .kept, .keptWhenValidUTF8] {
                let quoted = CQuoting(highBytes: highBytes).quoted(bytes)
                guard quoted.first == UInt8(ascii: "\""), quoted != bytes else { continue }
                kinds.formUnion(Self.escapeKinds(quoted))
                #expect(CUnquoting.unquoted(quoted[...]) == bytes, "\(bytes)")
            }
        }
        #expect(kinds == ["a", "b", "t", "n", "v", "f", "r", "\"", "\\", "octal", "kept high byte"],
                "the generator reaches every escape")
    }

    @Test func brokenQuotingIsRefused() {
        for field in ["\"", "\"abc", "abc\"", "\"a\"b\"", "\"\\\"", "\"\\x\"", "\"\\4\"", "\"\\400\"", "\"\\12\"",
                      "\"\\1\"", "\"\\08\"", "\"\\", "\"a\\\"", "\"\\ \"", "\"\\e\""] {
            #expect(CUnquoting.unquoted(Array(field.utf8)[...]) == nil, "\(field)")
        }
        #expect(CUnquoting.unquoted(Array("\"\"".utf8)[...]) == [])
        #expect(CUnquoting.unquoted(Array("\"\\377\\000\\t\"".utf8)[...]) == [0xFF, 0x00, 0x09])
        let slice = Array("x\"a\\tb\"y".utf8)[1..<7]
        #expect(CUnquoting.unquoted(slice) == Array("a\tb".utf8), "a slice's own indices")
    }

    /// git reads the quoted fields the same: each path, quoted by ``CQuoting``, given to
    /// `git update-index --index-info` (which unquotes it with `unquote_c_style`) comes back
    /// from `git ls-files -z` as the bytes ``CUnquoting`` reads.
    @Test func gitUnquotesAsWeDo() throws {
        let repo = try Fixtures.temporaryDirectory()
        try Shell.git(["init", "-q"], in: repo)
        let blob = try Shell.run("git", ["hash-object", "-w", "--stdin"], in: repo, input: Array("x\n".utf8))
        let id = String(decoding: blob.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let names = Self.generated(count: 200, seed: 7).map { Array("n".utf8) + $0.filter { $0 != 0 && $0 != UInt8(ascii: "/") } }
        var input: [UInt8] = []
        var fields: [[UInt8]] = []
        for (number, name) in names.enumerated() {
            let field = CQuoting.git.quoted(Array("d\(number)/".utf8) + name)
            fields.append(field)
            input += Array("100644 \(id)\t".utf8) + field + [0x0A]
        }
        #expect(fields.contains { $0.first == UInt8(ascii: "\"") })
        let update = try Shell.run("git", ["update-index", "--add", "--index-info"], in: repo, input: input)
        #expect(update.status == 0, "\(update.error)")
        let listed = Set(try Shell.git(["ls-files", "-z"], in: repo).output.split(separator: 0).map(Array.init))
        let ours = Set(fields.map { $0.first == UInt8(ascii: "\"") ? CUnquoting.unquoted($0[...]) ?? [] : $0 })
        #expect(listed == ours)
    }
}
