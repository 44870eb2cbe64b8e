import Foundation
import Testing
import TestSupport
import TreeModel

/// `--stdin`: a change list instead of a repository.
struct StdinTests {
    private func files(_ json: [String: Any]) -> [[String: String]] {
        (json["files"] as? [[String: Any]] ?? []).map { file in
            var fields: [String: String] = [:]
            for key in ["path", "oldPath", "status"] { if let value = file[key] as? String { fields[key] = value } }
            if let similarity = file["similarity"] as? Int { fields["similarity"] = String(similarity) }
            return fields
        }
    }

    @Test(arguments: ["branches", "hostile-names"])
    func nameStatusFromGitGivesTheSameFilesAsTheRepository(fixture: String) throws {
        let repo = try Fixtures.repository(fixture)
        let range = fixture == "branches" ? "main...feature" : "HEAD~1..HEAD"
        let fromRepository = files(try CLIRunner.json([range], in: repo))
        let nul = try Shell.git(["diff", "--name-status", "-z", "-M", range], in: repo).output
        let quoted = try Shell.git(["diff", "--name-status", "-M", range], in: repo).output
        let scratch = try Fixtures.temporaryDirectory()
        #expect(files(try CLIRunner.json(["--stdin", "-z"], in: scratch, input: nul)) == fromRepository)
        #expect(files(try CLIRunner.json(["--stdin"], in: scratch, input: quoted)) == fromRepository)
        #expect(!fromRepository.isEmpty)
    }

    /// The repository a `--stdin` run starts in is opened while the list is read; its
    /// `treereview.*` settings still shape the tree, and a directory outside any repository,
    /// or a repository whose config cannot be read, leaves the defaults.
    @Test func aRepositorysSettingsShapeTheTreeOfAList() throws {
        let repo = try Fixtures.temporaryDirectory()
        try Shell.git(["init", "-q", "."], in: repo)
        try Shell.git(["config", "treereview.charset", "ascii"], in: repo)
        try Shell.git(["config", "treereview.flatten", "false"], in: repo)
        let list = Array("a/b/c/d.txt\na/e.txt\n".utf8)
        let inRepository = CLIRunner.run(["--stdin"], in: repo, input: list)
        #expect(inRepository.status == 0)
        #expect(inRepository.text == "stdin - 2 files changed\na/\n|-- b/\n|   `-- c/\n|       `-- d.txt\n`-- e.txt\n")
        #expect(CLIRunner.run(["--stdin", "-C", repo], in: "/", input: list).text == inRepository.text)
        let defaults = "stdin · 2 files changed\na/\n├── b/c/\n│   └── d.txt\n└── e.txt\n"
        #expect(CLIRunner.run(["--stdin"], in: "/", input: list).text == defaults)
        try "[broken\n".write(toFile: repo + "/.git/config", atomically: false, encoding: .utf8)
        let broken = CLIRunner.run(["--stdin"], in: repo, input: list)
        #expect(broken.status == 0 && broken.text == defaults, "\(broken.error)")
    }

    @Test func barePathsCarryNoStatus() throws {
        let json = try CLIRunner.json(["--stdin"], in: "/", input: Array("b/c.txt\na.txt\n\nb/d.txt\n".utf8))
        let listed = try #require(json["files"] as? [[String: Any]])
        #expect(listed.map { $0["path"] as? String } == ["a.txt", "b/c.txt", "b/d.txt"])
        #expect(listed.allSatisfy { $0["status"] == nil })
        #expect((json["comparison"] as? [String: Any])?["mode"] as? String == "stdin")
    }

    @Test func nulSeparatedPlainRoundTripsExactly() throws {
        let input: [UInt8] = Array("tab\there\0new\nline\0".utf8) + [0x6C, 0xE9, 0]
        let outcome = CLIRunner.run(["--stdin", "-z", "--format", "plain"], in: "/", input: input)
        #expect(outcome.status == 0)
        let expected: [UInt8] = [0x6C, 0xE9, 0] + Array("new\nline\0tab\there\0".utf8)
        #expect(outcome.output == expected)
    }

    /// With `--stdin`, `-z` says how the input is separated; the output format is any.
    @Test(arguments: [[], ["--format", "json"], ["--format", "tree", "--sort", "name"]])
    func nulSeparatedInputGivesTheSameOutputAsLines(format: [String]) throws {
        let repo = try Fixtures.repository("hostile-names")
        let nul = try Shell.git(["diff", "--name-status", "-z", "-M", "HEAD~1..HEAD"], in: repo).output
        let quoted = try Shell.git(["diff", "--name-status", "-M", "HEAD~1..HEAD"], in: repo).output
        let scratch = try Fixtures.temporaryDirectory()
        let fromNul = CLIRunner.run(["--stdin", "-z"] + format, in: scratch, input: nul)
        let fromLines = CLIRunner.run(["--stdin"] + format, in: scratch, input: quoted)
        #expect(fromNul.status == 0 && fromLines.status == 0, "\(fromNul.error)\(fromLines.error)")
        #expect(fromNul.output == fromLines.output)
        let git = try GitOracle.changes(in: repo, ["HEAD~1..HEAD"])
        if format.contains("json") {
            #expect(ReportJSON.differences(try ReportJSON.parse(fromNul.output), from: git, lines: false) == [])
        } else {
            let tree = try RenderedTree(parsing: fromNul.text)
            #expect(tree.differences(from: git, checks: .origins) == [])
            #expect(tree.headerDifferences(from: git, lines: false) == [])
        }
    }

    @Test(arguments: [
        ("M\tok.txt\nZ\tbad.txt\n", "line 2: 'Z' is not a git status"),
        ("R100\tonly-one.txt\n", "line 1: status R needs two paths"),
        ("A\t/etc/passwd\n", "line 1: absolute path '/etc/passwd'"),
        ("ok.txt\n../escape.txt\n", "line 2: path '../escape.txt' contains '..'"),
        ("src\nsrc/a.c\n", "'src' is both a file and a directory"),
        ("M\t\"bad\\q\"\n", "line 1: bad quoting"),
    ])
    func badInputNamesTheLineAndFails(input: String, message: String) {
        let outcome = CLIRunner.run(["--stdin"], in: "/", input: Array(input.utf8))
        #expect(outcome.status == 2)
        #expect(outcome.output.isEmpty)
        #expect(outcome.error.contains(message), "\(outcome.error)")
        #expect(outcome.errorLines.count == 1)
    }

    @Test func stdinTreeMatchesItsGolden() throws {
        let list = "M\tSources/App/main.swift\nR087\tdocs/old.md\tdocs/guide/new.md\nA\tREADME.md\nD\tlegacy/a.c\nD\tlegacy/b.c\n"
        let input = Array(list.utf8)
        let tree = CLIRunner.run(["--stdin"], in: "/", input: input)
        Golden.check(tree.text, named: "stdin-tree.txt", area: "CLI")
        let json = CLIRunner.run(["--stdin", "--format", "json"], in: "/", terminal: true, input: input)
        Golden.check(json.text, named: "stdin-json.txt", area: "CLI")

        // Independently: both read back as the list given.
        let given = Self.nameStatus(list)
        let rendered = try RenderedTree(parsing: tree.text)
        #expect(rendered.differences(from: given, checks: .origins) == [])
        #expect(rendered.headerDifferences(from: given, lines: false) == [])
        #expect(rendered.header.title == "stdin")
        #expect(ReportJSON.differences(try ReportJSON.parse(json.output), from: given, lines: false) == [])
    }

    /// `git diff --name-status` text read by the test itself: status letter and score, then one or two paths.
    static func nameStatus(_ text: String) -> [FileChange] {
        text.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t").map(String.init)
            let letter = fields[0].first!
            let score = Int(fields[0].dropFirst())
            return fields.count == 3
                ? FileChange(status: ChangeStatus(letter: letter), path: RawPath(fields[2]), oldPath: RawPath(fields[1]), similarity: score)
                : FileChange(status: ChangeStatus(letter: letter), path: RawPath(fields[1]))
        }
    }

    @Test func quotedPathsAreUnquoted() throws {
        let input = Array("A\t\"na\\303\\257ve/caf\\303\\251.md\"\nM\t\"tab\\there.txt\"\n".utf8)
        let json = try CLIRunner.json(["--stdin"], in: "/", input: input)
        let paths = (json["files"] as? [[String: Any]])?.compactMap { $0["path"] as? String }
        #expect(paths == ["naïve/café.md", "tab\there.txt"])
    }
}
