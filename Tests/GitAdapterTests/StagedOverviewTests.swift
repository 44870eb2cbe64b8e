import Foundation
import Testing
import TreeModel
import TestSupport
@testable import GitAdapter

/// `--staged` as a pre-commit overview, against git with the same index: the files partly
/// staged are the staged files `git diff --name-only` lists, and the untracked files left
/// out are the ones `git ls-files --others --exclude-standard` lists.
struct StagedOverviewTests {
    /// git's answer: the staged paths (with their status letter), the paths whose working-tree
    /// file differs from the index, and the untracked files.
    struct GitAnswer {
        var staged: [RawPath: Character] = [:]
        var unstaged: Set<RawPath> = []
        var untracked: [RawPath] = []

        /// The staged paths that also have unstaged changes (not the unmerged ones).
        var partlyStaged: Set<RawPath> {
            Set(staged.filter { $0.value != "U" && unstaged.contains($0.key) }.keys)
        }
    }

    static func gitAnswer(_ repo: String, environment: [String: String] = [:], pathspecs: [String] = []) throws -> GitAnswer {
        func fields(_ arguments: [String]) throws -> [[UInt8]] {
            let result = try Shell.run("git", arguments + ["--"] + pathspecs, in: repo, environment: environment)
            guard result.status == 0 else { throw GitFailure(message: "git \(arguments): \(result.error)") }
            return result.output.split(separator: 0).map(Array.init)
        }
        var answer = GitAnswer()
        var staged = try fields(["diff", "--cached", "--no-renames", "--name-status", "-z"])[...]
        while let letter = staged.popFirst(), let path = staged.popFirst() {
            answer.staged[RawPath(bytes: path)] = Character(UnicodeScalar(letter[0]))
        }
        answer.unstaged = Set(try fields(["diff", "--no-renames", "--name-only", "-z"]).map { RawPath(bytes: $0) })
        answer.untracked = try fields(["ls-files", "-z", "--others", "--exclude-standard"]).map { RawPath(bytes: $0) }
        return answer
    }

    static func staged(_ repo: String, environment: [String: String] = [:], pathspecs: [String] = [],
                       includeUntracked: Bool = true) throws -> ChangeSet {
        let repository = try Repository.open(at: repo, environment: TestEnvironment.variables(adding: environment))
        return try repository.changes(for: ComparisonRequest(staged: true, pathspecs: pathspecs, includeUntracked: includeUntracked,
                                                             renames: .off, countLines: false))
    }

    static func expectSame(_ mine: ChangeSet, _ git: GitAnswer, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(Set(mine.changes.map(\.path)) == Set(git.staged.keys), sourceLocation: sourceLocation)
        #expect(Set(mine.changes.filter(\.partiallyStaged).map(\.path)) == git.partlyStaged, sourceLocation: sourceLocation)
        #expect(mine.untrackedLeftOut == git.untracked.count, sourceLocation: sourceLocation)
    }

    @Test(arguments: ["partly-staged", "worktree", "submodules", "sparse", "conflicts", "intent-to-add", "linked-worktree",
                      "symlinks", "pathspec-index"])
    func partlyStagedFilesAreTheStagedOnesGitDiffLists(fixture: String) throws {
        let repo = try Fixtures.repository(fixture)
        let git = try Self.gitAnswer(repo)
        Self.expectSame(try Self.staged(repo), git)
    }

    @Test func theFixtureHasEveryKindOfPartlyStagedFile() throws {
        let changes = try Self.staged(try Fixtures.repository("partly-staged")).changes
        let partly = changes.filter(\.partiallyStaged).map(\.path.lossyString)
        #expect(partly == ["added.txt", "lib/both.c", "mode.sh", "removed-after.c", "renamed.txt"],
                "edited, added, chmodded and deleted after staging, and a staged rename edited again")
        #expect(!partly.contains("unstaged.c") && !partly.contains("untracked-again.txt"))
        #expect(changes.first { $0.path == RawPath("untracked-again.txt") }?.status == .deleted)
    }

    @Test(arguments: [["lib"], [":!lib"], ["*.txt"], ["new"], ["no-such-path"]])
    func pathspecsLimitBothAsGitLimitsThem(pathspecs: [String]) throws {
        let repo = try Fixtures.repository("partly-staged")
        Self.expectSame(try Self.staged(repo, pathspecs: pathspecs), try Self.gitAnswer(repo, pathspecs: pathspecs))
    }

    /// The indexes `git commit -a` and `git commit -- <path>` prepare for their hooks, made
    /// the same way in a file of their own.
    @Test(arguments: ["-a", "-- lib/both.c added.txt", "--include lib/both.c"])
    func anotherIndexIsReadAsGitReadsIt(commit: String) throws {
        let repo = try Fixtures.fresh("partly-staged")
        let index = repo + "/../prepared-index"
        let environment = ["GIT_INDEX_FILE": index]
        func git(_ arguments: [String]) throws {
            let result = try Shell.run("git", arguments, in: repo, environment: environment)
            #expect(result.status == 0, "\(result.error)")
        }
        switch commit {
        case "-a":
            try FileManager.default.copyItem(atPath: repo + "/.git/index", toPath: index)
            try git(["add", "-u"])
        case "--include lib/both.c":
            try FileManager.default.copyItem(atPath: repo + "/.git/index", toPath: index)
            try git(["add", "lib/both.c"])
        default:
            try git(["read-tree", "HEAD"])
            try git(["add", "lib/both.c", "added.txt"])
        }
        let git = try Self.gitAnswer(repo, environment: environment)
        let mine = try Self.staged(repo, environment: environment)
        Self.expectSame(mine, git)
        let onDisk = try Self.staged(repo)
        #expect(Set(mine.changes.map(\.path)) != Set(onDisk.changes.map(\.path))
                || mine.changes.map(\.partiallyStaged) != onDisk.changes.map(\.partiallyStaged), "the other index is read")
    }

    @Test func untrackedFilesAreNotCountedWhenLeftOutOrNotStaged() throws {
        let repo = try Fixtures.repository("partly-staged")
        #expect(try Self.staged(repo, includeUntracked: false).untrackedLeftOut == nil)
        let repository = try Repository.open(at: repo, environment: TestEnvironment.variables())
        let worktree = try repository.changes(for: ComparisonRequest(countLines: false))
        #expect(worktree.untrackedLeftOut == nil && !worktree.changes.contains(where: \.partiallyStaged))
    }

    @Test func nothingIsWritten() throws {
        let repo = try Fixtures.fresh("partly-staged")
        // A racily clean entry: git would refresh the index; treereview must not.
        try Shell.run("touch", [repo + "/lib/only-staged.c"])
        let before = try Data(contentsOf: URL(fileURLWithPath: repo + "/.git/index"))
        let listing = try FileManager.default.subpathsOfDirectory(atPath: repo + "/.git").sorted()
        _ = try Self.staged(repo)
        #expect(try Data(contentsOf: URL(fileURLWithPath: repo + "/.git/index")) == before)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: repo + "/.git").sorted() == listing)
    }
}

/// A git command a test needed that failed.
struct GitFailure: Error { let message: String }
