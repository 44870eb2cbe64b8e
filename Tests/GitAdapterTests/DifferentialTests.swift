import Testing
import TreeModel
import TestSupport
@testable import GitAdapter

/// Every comparison mode against `git diff` on the same fixture.
struct DifferentialTests {
    private func ours(_ repository: String, _ request: ComparisonRequest) throws -> [FileChange] {
        try Repository.open(at: repository, environment: TestEnvironment.variables()).changes(for: request).changes.map(GitOracle.comparable)
    }

    private func expectSame(_ ours: [FileChange], _ theirs: [FileChange], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!theirs.isEmpty, "the fixture should have changes to compare", sourceLocation: sourceLocation)
        #expect(ours.map(\.path) == theirs.map(\.path), sourceLocation: sourceLocation)
        for (mine, git) in zip(ours, theirs) {
            #expect(mine == git, "\(mine.path)", sourceLocation: sourceLocation)
        }
    }

    @Test func twoDotRangeWithoutRenames() throws {
        let repo = try Fixtures.repository("branches")
        expectSame(try ours(repo, .init(revisions: ["main..feature"], renames: .off)),
                   try GitOracle.changes(in: repo, ["--no-renames", "main..feature"]))
    }

    @Test func twoRevisionsEqualTheirRange() throws {
        let repo = try Fixtures.repository("branches")
        expectSame(try ours(repo, .init(revisions: ["main", "feature"], renames: .off)),
                   try ours(repo, .init(revisions: ["main..feature"], renames: .off)))
    }

    @Test func threeDotRangeUsesTheMergeBase() throws {
        let repo = try Fixtures.repository("branches")
        let changes = try ours(repo, .init(revisions: ["main...feature"], renames: .off))
        expectSame(changes, try GitOracle.changes(in: repo, ["--no-renames", "main...feature"]))
        #expect(!changes.contains { $0.path == RawPath("MAIN.md") }, "a file only main added is not in main...feature")
    }

    @Test func renamesAreFoundAsGitFindsThem() throws {
        let repo = try Fixtures.repository("branches")
        let mine = try ours(repo, .init(revisions: ["main...feature"]))
        let git = try GitOracle.changes(in: repo, ["-M", "main...feature"])
        #expect(mine.map(\.path) == git.map(\.path))
        #expect(mine.map(\.status) == git.map(\.status))
        #expect(mine.map(\.oldPath) == git.map(\.oldPath))
    }

    @Test func stagedComparesHeadWithTheIndex() throws {
        let repo = try Fixtures.repository("worktree")
        expectSame(try ours(repo, .init(staged: true, renames: .off)),
                   try GitOracle.changes(in: repo, ["--no-renames", "--cached"]))
    }

    @Test func workingTreeIncludesUntrackedFiles() throws {
        let repo = try Fixtures.repository("worktree")
        let mine = try ours(repo, .init(renames: .off))
        expectSame(mine, try GitOracle.changes(in: repo, ["--no-renames", "HEAD"], untracked: true))
        #expect(mine.contains { $0.path == RawPath("newdir/sub/u.txt") && $0.status == .untracked })
        #expect(!mine.contains { $0.path == RawPath("debug.log") }, "ignored files are not untracked")
    }

    @Test func noUntrackedLeavesThemOut() throws {
        let repo = try Fixtures.repository("worktree")
        expectSame(try ours(repo, .init(includeUntracked: false, renames: .off)),
                   try GitOracle.changes(in: repo, ["--no-renames", "HEAD"]))
    }

    @Test func revisionAgainstTheWorkingTree() throws {
        let repo = try Fixtures.repository("branches")
        expectSame(try ours(repo, .init(revisions: ["feature"], renames: .off)),
                   try GitOracle.changes(in: repo, ["--no-renames", "feature"], untracked: true))
    }

    @Test func pathspecLimitsThePaths() throws {
        let repo = try Fixtures.repository("branches")
        let mine = try ours(repo, .init(revisions: ["main..feature"], pathspecs: ["Sources/App/Model"], renames: .off))
        expectSame(mine, try GitOracle.changes(in: repo, ["--no-renames", "main..feature"], pathspecs: ["Sources/App/Model"]))
        #expect(!mine.isEmpty)
    }

    @Test func unbornHeadIsTheEmptyTree() throws {
        let repo = try Fixtures.repository("empty")
        let staged = try ours(repo, .init(staged: true))
        #expect(staged.map(\.path) == [RawPath("staged.txt")])
        #expect(staged.first?.status == .added)
        let all = try ours(repo, .init())
        #expect(all.map(\.status) == [.added, .untracked])
    }

    @Test func hostileNamesRoundTripExactly() throws {
        let repo = try Fixtures.repository("hostile-names")
        expectSame(try ours(repo, .init(revisions: ["HEAD~1..HEAD"], renames: .off)),
                   try GitOracle.changes(in: repo, ["--no-renames", "HEAD~1..HEAD"]))
    }

    /// libgit2 names a blob pair given without paths `file` and looks up that path's `diff`
    /// attribute; a rule for `file` must not reach other files' line counts.
    @Test func anAttributeOfAFileNamedFileReachesOnlyThatFile() throws {
        let repo = try Fixtures.temporaryDirectory() + "/named-file"
        try CacheDifferentialTests.script(repo, """
            printf 'file -diff\\n' > .gitattributes; lines 5 one > notes.txt; lines 3 one > file; commit one
            lines 7 two > notes.txt; lines 4 two > file; commit two
            """)
        let theirs = try GitOracle.changes(in: repo, ["--no-renames", "HEAD~1..HEAD"])
        expectSame(try ours(repo, .init(revisions: ["HEAD~1..HEAD"], renames: .off)), theirs)
        #expect(theirs.first { $0.path == RawPath("notes.txt") }?.insertions == 7, "git counts notes.txt as text")
        #expect(theirs.first { $0.path == RawPath("file") }?.binary == true, "and file as binary")
    }
}
