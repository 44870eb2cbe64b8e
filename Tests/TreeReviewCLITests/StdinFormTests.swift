import Foundation
import Testing
import TestSupport
import TreeModel

/// Every form `--stdin` reads, piped from real git output on the fixture repositories, gives
/// the files the repository comparison gives (`treereview --format json <comparison>`).
struct StdinFormTests {
    /// One file of a JSON report, in the fields a change list can carry.
    struct Listed: Hashable, CustomStringConvertible {
        var path: [UInt8]
        var oldPath: [UInt8]?
        var status: String?
        var similarity: Int?
        var oldMode: String?
        var newMode: String?

        var description: String {
            let old = oldPath.map { " ← " + String(decoding: $0, as: UTF8.self) } ?? ""
            let modes = oldMode == nil && newMode == nil ? "" : " \(oldMode ?? "-")→\(newMode ?? "-")"
            return "\(status ?? "-") \(String(decoding: path, as: UTF8.self))\(old) \(similarity.map(String.init) ?? "")\(modes)"
        }
    }

    /// What a change list keeps of a report's files: `modes` for `--raw`, `similarity` where git writes it.
    static func listed(_ json: [String: Any], modes: Bool, similarity: Bool = true) -> [Listed] {
        (json["files"] as? [[String: Any]] ?? []).map { file in
            func bytes(_ text: String, _ encoded: String) -> [UInt8]? {
                if let base64 = file[encoded] as? String, let data = Data(base64Encoded: base64) { return Array(data) }
                return (file[text] as? String).map { Array($0.utf8) }
            }
            return Listed(path: bytes("path", "pathBytes") ?? [], oldPath: bytes("oldPath", "oldPathBytes"),
                          status: file["status"] as? String,
                          similarity: similarity ? file["similarity"] as? Int : nil,
                          oldMode: modes ? file["oldMode"] as? String : nil,
                          newMode: modes ? file["newMode"] as? String : nil)
        }
    }

    /// The repository's report for `arguments`, without line counts.
    static func fromRepository(_ arguments: [String], in repo: String) throws -> [String: Any] {
        try CLIRunner.json(["--no-stat"] + arguments, in: repo)
    }

    /// The report `--stdin` makes of `input`, read outside any repository.
    static func fromStdin(_ input: [UInt8], _ arguments: [String] = []) throws -> [String: Any] {
        try CLIRunner.json(["--stdin"] + arguments, in: try Fixtures.temporaryDirectory(), input: input)
    }

    /// A fixture, a comparison in treereview's words and the same comparison in git diff's.
    struct Case: CustomTestStringConvertible, Sendable {
        let fixture: String
        let treereview: [String]
        let git: [String]
        var testDescription: String { "\(fixture) \(treereview.joined(separator: " "))" }
    }

    static let cases = [
        Case(fixture: "branches", treereview: ["main...feature"], git: ["-M", "main...feature"]),
        Case(fixture: "branches", treereview: ["--no-renames", "main...feature"], git: ["--no-renames", "main...feature"]),
        Case(fixture: "hostile-names", treereview: ["HEAD~1..HEAD"], git: ["-M", "HEAD~1..HEAD"]),
        Case(fixture: "renames", treereview: ["exact^..exact"], git: ["-M", "exact^..exact"]),
        Case(fixture: "renames", treereview: ["basename^..basename"], git: ["-M", "basename^..basename"]),
        Case(fixture: "renames", treereview: ["--find-copies", "copies^..copies"], git: ["-C", "copies^..copies"]),
        Case(fixture: "renames", treereview: ["--find-copies-harder", "copies^..copies"], git: ["-C", "-C", "copies^..copies"]),
    ]

    @Test(arguments: cases, [["--name-status"], ["--name-status", "-z"]])
    func nameStatusGivesTheRepositorysFiles(_ comparison: Case, gitOptions: [String]) throws {
        let repo = try Fixtures.repository(comparison.fixture)
        let expected = Self.listed(try Self.fromRepository(comparison.treereview, in: repo), modes: false)
        let input = try Shell.git(["diff"] + gitOptions + comparison.git, in: repo).output
        #expect(Self.listed(try Self.fromStdin(input), modes: false) == expected)
        #expect(!expected.isEmpty)
    }

    @Test(arguments: cases, [["--raw"], ["--raw", "-z"], ["--raw", "--abbrev=4"], ["--raw", "--no-abbrev", "-z"]])
    func rawGivesTheRepositorysFilesAndModes(_ comparison: Case, gitOptions: [String]) throws {
        let repo = try Fixtures.repository(comparison.fixture)
        let expected = Self.listed(try Self.fromRepository(comparison.treereview, in: repo), modes: true)
        let input = try Shell.git(["diff"] + gitOptions + comparison.git, in: repo).output
        #expect(Self.listed(try Self.fromStdin(input), modes: true) == expected)
    }

    /// Older git wrote `...` after abbreviated ids (`GIT_PRINT_SHA1_ELLIPSIS=yes` still does).
    @Test func rawWithEllipsesGivesTheSameFiles() throws {
        let repo = try Fixtures.repository("branches")
        let expected = Self.listed(try Self.fromRepository(["main...feature"], in: repo), modes: true)
        let input = try Shell.run("git", ["diff", "--raw", "main...feature"], in: repo, environment: ["GIT_PRINT_SHA1_ELLIPSIS": "yes"]).output
        #expect(String(decoding: input, as: UTF8.self).contains("... "))
        #expect(Self.listed(try Self.fromStdin(input), modes: true) == expected)
    }

    /// `branches` changes a mode (`tool.sh`), a file into a symlink (`config.txt`), adds a
    /// symlink and a binary file: `--raw` shows each as the repository does.
    @Test func rawCarriesModeAndTypeChanges() throws {
        let repo = try Fixtures.repository("branches")
        let input = try Shell.git(["diff", "--raw", "main...feature"], in: repo).output
        let files = Self.listed(try Self.fromStdin(input), modes: true)
        func file(_ path: String) -> Listed? { files.first { $0.path == Array(path.utf8) } }
        #expect(file("tool.sh")?.status == "modified")
        #expect(file("tool.sh").map { [$0.oldMode, $0.newMode] } == ["100644", "100755"])
        #expect(file("config.txt")?.status == "typeChanged")
        #expect(file("config.txt")?.newMode == "120000")
        #expect(file("link.txt").map { [$0.oldMode, $0.newMode] } == [nil, "120000"])
    }

    /// (Not `branches`, which turns the file `src` into a directory: a bare list may not
    /// name a path both ways, see `StdinTests`.)
    @Test(arguments: cases.filter { $0.fixture != "branches" }, [["--name-only"], ["--name-only", "-z"]])
    func bareNamesGiveTheRepositorysPaths(_ comparison: Case, gitOptions: [String]) throws {
        let repo = try Fixtures.repository(comparison.fixture)
        let expected = Self.listed(try Self.fromRepository(comparison.treereview, in: repo), modes: false).map(\.path)
        let input = try Shell.git(["diff"] + gitOptions + comparison.git, in: repo).output
        let files = Self.listed(try Self.fromStdin(input), modes: false)
        #expect(files.map(\.path) == expected)
        #expect(files.allSatisfy { $0.status == nil })
    }

    /// `git diff-tree <commit>` starts with the commit's id, which is not a change.
    @Test(arguments: [["--name-status"], ["--name-status", "-z"], [], ["-z"]])
    func diffTreesCommitIDIsSkipped(gitOptions: [String]) throws {
        let repo = try Fixtures.repository("hostile-names")
        let expected = Self.listed(try Self.fromRepository(["--no-renames", "HEAD~1..HEAD"], in: repo), modes: !gitOptions.contains("--name-status"))
        let input = try Shell.git(["diff-tree", "-r"] + gitOptions + ["HEAD"], in: repo).output
        #expect(Self.listed(try Self.fromStdin(input), modes: !gitOptions.contains("--name-status")) == expected)
    }

    /// `git status --porcelain` against the repository's HEAD-to-working-tree comparison:
    /// staged, unstaged, both, a staged rename, deletions and untracked files.
    @Test(arguments: [["--porcelain"], ["--porcelain", "-z"], ["--short", "--branch"]])
    func porcelainGivesTheWorkingTreeComparison(gitOptions: [String]) throws {
        let repo = try Fixtures.repository("worktree")
        let expected = Self.listed(try Self.fromRepository([], in: repo), modes: false, similarity: false)
        let input = try Shell.git(["--no-optional-locks", "status", "--untracked-files=all"] + gitOptions, in: repo).output
        #expect(Self.listed(try Self.fromStdin(input), modes: false, similarity: false) == expected)
        #expect(Set(expected.compactMap(\.status)).isSuperset(of: ["modified", "added", "deleted", "renamed", "untracked"]))
    }

    @Test func porcelainStatusLettersBecomeTheHeadToWorkingTreeStatus() throws {
        let lines = [
            "MM both.txt", "AM added.txt", "AD gone-again.txt", " T type.txt", "RD old.txt -> moved-then-deleted.txt",
            "R  \"old name.txt\" -> \"new -> name.txt\"", "UU conflict.txt", "DD both-deleted.txt", "!! ignored.o", "?? new.txt",
        ]
        let json = try Self.fromStdin(Array((lines.joined(separator: "\n") + "\n").utf8))
        let files = Self.listed(json, modes: false).map(\.description)
        #expect(files == [
            "added added.txt ", "unmerged both-deleted.txt ", "modified both.txt ", "unmerged conflict.txt ",
            "renamed new -> name.txt ← old name.txt ", "untracked new.txt ", "deleted old.txt ", "typeChanged type.txt ",
        ])
    }
}
