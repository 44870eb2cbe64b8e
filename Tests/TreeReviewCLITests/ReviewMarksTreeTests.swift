import Foundation
import Testing
import TestSupport
import TreeModel

/// The tree format's review marks, read back and compared with git: `(also unstaged)` on the
/// staged files git diff also lists, the untracked files left out in the header, `(viewed)`
/// and `(changed since viewed)` where the marks say so, and `x of y viewed`.
struct ReviewMarksTreeTests {
    static func tree(_ arguments: [String], in repo: String) throws -> RenderedTree {
        let outcome = CLIRunner.run(arguments, in: repo)
        try #require(outcome.status == 0, "\(outcome.error)")
        return try RenderedTree(parsing: outcome.text)
    }

    static func marks(_ tree: RenderedTree) -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: tree.files.filter { !$0.marks.isEmpty }.map { ($0.path.lossyString, $0.marks) })
    }

    @Test(arguments: [[], ["--", "lib"], ["--charset", "ascii"], ["--no-flatten", "--depth", "9"]])
    func partlyStagedFilesAndUntrackedFilesAreWhatGitSays(arguments: [String]) throws {
        let repo = try Fixtures.repository("partly-staged")
        let pathspecs = arguments.first == "--" ? Array(arguments.dropFirst()) : []
        let tree = try Self.tree(["--staged"] + arguments, in: repo)
        func git(_ command: [String]) throws -> Set<String> {
            let tail = pathspecs.isEmpty ? [] : ["--"] + pathspecs
            return Set(try Shell.git(command + tail, in: repo).text.split(separator: "\n").map(String.init))
        }
        let staged = try git(["diff", "--cached", "--name-only", "--no-renames"])
        let partly = staged.intersection(try git(["diff", "--name-only", "--no-renames"]))
        #expect(!partly.isEmpty)
        #expect(Self.marks(tree) == Dictionary(uniqueKeysWithValues: partly.map { ($0, ["also unstaged"]) }))
        let untracked = try git(["ls-files", "--others", "--exclude-standard"]).count
        #expect(tree.header.untrackedNotStaged == (untracked > 0 ? untracked : nil))
        #expect(try tree.headerDifferences(from: GitOracle.changes(in: repo, ["--cached"], pathspecs: pathspecs)) == [])
    }

    @Test func noUntrackedFilesNoNote() throws {
        let repo = try Fixtures.repository("partly-staged")
        let outcome = CLIRunner.run(["--staged", "--no-untracked"], in: repo)
        #expect(!outcome.text.contains("not staged") && outcome.status == 0)
        let none = try Self.tree(["--staged", "--", "no-such-path"], in: repo)
        #expect(none.header.files == 0)
        let empty = CLIRunner.run(["--staged", "--", "new"], in: repo)
        #expect(empty.text == "HEAD → index · no changes · 2 untracked files not staged\n")
        #expect(!CLIRunner.run([], in: repo).text.contains("not staged"), "only under --staged")
    }

    @Test func viewedMarksAndTheirCountAreShown() throws {
        let repo = try Fixtures.fresh("partly-staged")
        let before = try Self.tree([], in: repo)
        #expect(before.header.viewed == nil && Self.marks(before).isEmpty, "no marks, no notes")
        #expect(CLIRunner.run(["viewed", "lib", "new"], in: repo).status == 0)
        try "edited again\n".write(toFile: repo + "/lib/only-staged.c", atomically: true, encoding: .utf8)
        let tree = try Self.tree([], in: repo)
        #expect(Self.marks(tree) == ["lib/both.c": ["viewed"], "lib/only-staged.c": ["changed since viewed"],
                                     "new/u.txt": ["viewed"], "new/deeper/v.txt": ["viewed"]])
        #expect(tree.header.viewed == .init(viewed: 3, files: tree.files.count))
        #expect(tree.files.map(\.path) == before.files.map(\.path) && tree.files.map(\.status) == before.files.map(\.status),
                "marks change no row but their notes")
        let unviewed = try Self.tree(["--unviewed"], in: repo)
        #expect(unviewed.header.viewed == .init(viewed: 3, files: tree.files.count), "counted before hiding")
        #expect(unviewed.files.count == tree.files.count - 3)
        #expect(Self.marks(unviewed) == ["lib/only-staged.c": ["changed since viewed"]])
        let staged = try Self.tree(["--staged"], in: repo)
        #expect(Self.marks(staged)["lib/only-staged.c"] == ["also unstaged", "viewed"], "the index holds what was viewed")
        #expect(Self.marks(staged)["lib/both.c"] == ["also unstaged", "changed since viewed"])
    }
}
