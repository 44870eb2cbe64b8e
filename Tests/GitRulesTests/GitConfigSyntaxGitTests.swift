import Foundation
import Testing
import TestSupport
import GitRules

/// Configuration files read as git reads them: each text below, and seeded random ones made
/// of config-like pieces, written to a file and read by `git config --file F --list -z` and by
/// ``GitConfigSyntax``: the same names and values in the same order, or both refuse the same
/// line (`bad config line N`).
@Suite struct GitConfigSyntaxGitTests {
    static let texts = [
        "[a]\n\tx = \"a\\tb\" ; c\n\ty\n[b \"Sub\\\"q\"]\n\tZ = 1 \\\n 2\n[c.D]\n\tk=v#c\n",
        "\u{FEFF}[core]\r\n\tbare = false\r\n",
        "[core] bare = true\n# comment\n; another\n[x]y=z",
        "[core]\n\tx = \"abc\n",
        "[core]\n\t1x = y\n",
        "[core\n",
        "[core \"x\n\ty = 1\n",
        "[core]\n\tx = a\\qb\n",
        "[]\n",
        "[a]\n\tk = \"  spaced  \"  trailing  \n\tk2 = a  b \n",
        "x = outside a section\n",
        "[a]\n\tk = one \\\n",
        "[a]\n\tk-2 = v\n\tk_3 = v\n",
        "[a \"sub\" ]\n",
        "[a \"s\\\\t\"]\n\tk = v\n",
        "\u{EF}[a]\n",
        "[a]\n\tk = \"x\\ny\"\n",
    ]

    /// Texts made of config-like pieces, seeded.
    static func generated(count: Int) -> [String] {
        var random = SeededGenerator(state: 21)
        let pieces = ["[a]", "[b \"S\"]", "[c.D]", "\n", "\t", " ", "k", "K2", "1", "=", "v", "\"", "\\", "\\n", "#", ";",
                      "\r\n", "-", "_", "[", "]", "x y"]
        return (0..<count).map { _ in
            (0..<Int.random(in: 1...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
    }

    /// git's reading of `text`: its entries, or the bad line it names.
    private func gitReading(_ text: String) throws -> Result<[GitConfigSyntax.Entry], GitConfigSyntax.BadLine> {
        let directory = try Fixtures.temporaryDirectory()
        let file = directory + "/config"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let result = try Shell.run("git", ["config", "--file", file, "--list", "-z"])
        if result.status != 0 {
            let prefix = "fatal: bad config line "
            let line = try #require(result.error.split(separator: "\n").first { $0.hasPrefix(prefix) }, "\(result.error)")
            return .failure(.init(line: Int(line.dropFirst(prefix.count).prefix { $0.isNumber })!))
        }
        let records = result.output.split(separator: 0, omittingEmptySubsequences: false).dropLast()
        return .success(records.map { record in
            let parts = record.split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false)
            return GitConfigSyntax.Entry(name: String(decoding: parts[0], as: UTF8.self),
                                         value: parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : nil, line: 0)
        })
    }

    private func expectSameReading(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let git = try gitReading(text)
        let ours = GitConfigSyntax.parse(Array(text.utf8)).map { $0.map { GitConfigSyntax.Entry(name: $0.name, value: $0.value, line: 0) } }
        #expect(ours == git, "\(text.debugDescription)", sourceLocation: sourceLocation)
    }

    @Test(arguments: texts)
    func aTextIsReadAsGitReadsIt(text: String) throws {
        try expectSameReading(text)
    }

    @Test func generatedTextsAreReadAsGitReadsThem() throws {
        for text in Self.generated(count: 150) { try expectSameReading(text) }
    }

    @Test func eachVariableHasTheLineGitNames() throws {
        let text = "[a]\n\tx = 1\n\n\ty = 2 \\\n 3\n[b]\n\tz\n"
        let entries = try GitConfigSyntax.parse(Array(text.utf8)).get()
        #expect(entries.map(\.line) == [2, 5, 7])
    }
}
