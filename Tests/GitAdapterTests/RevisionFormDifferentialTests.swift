import Testing
import TreeModel
import TestSupport
@testable import GitAdapter

/// Revisions written as `git diff` takes them (`X^!`, `X^-`, `X^-<n>`, `X^@`), against
/// `git diff` with the same argument on `Fixtures/repos/merges.sh`: a root commit, a merge of
/// two parents, an octopus merge of three, a commit on top, and index and working-tree changes.
struct RevisionFormDifferentialTests {
    private func ours(_ request: ComparisonRequest) throws -> ChangeSet {
        try Repository.open(at: try Fixtures.repository("merges"), environment: TestEnvironment.variables()).changes(for: request)
    }

    private func expectGit(_ request: ComparisonRequest, git arguments: [String], untracked: Bool = false,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        let repo = try Fixtures.repository("merges")
        let mine = try ours(request).changes.map(GitOracle.comparable)
        let theirs = try GitOracle.changes(in: repo, arguments, pathspecs: request.pathspecs, untracked: untracked)
        #expect(!theirs.isEmpty, "the fixture should have changes to compare", sourceLocation: sourceLocation)
        #expect(mine == theirs, sourceLocation: sourceLocation)
    }

    private func id(_ revision: String) throws -> String {
        try Shell.git(["rev-parse", revision], in: try Fixtures.repository("merges")).text
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func root() throws -> String {
        try Shell.git(["rev-list", "--max-parents=0", "HEAD"], in: try Fixtures.repository("merges")).text
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: ["HEAD^!", "HEAD^-", "HEAD^-1", "HEAD~1^-1", "HEAD~1^-2", "HEAD~1^-3", "HEAD~2^-2", "HEAD^-+1", "HEAD~2^-02"])
    func aCommitAgainstOneParent(_ revision: String) throws {
        try expectGit(.init(revisions: [revision]), git: [revision])
        #expect(try ours(.init(revisions: [revision])).kind == .commits)
    }

    @Test func theCommitAndItsParentAreTheSidesReported() throws {
        let set = try ours(.init(revisions: ["HEAD~1^-2"]))
        #expect(set.oldID == (try id("HEAD~1^2")))
        #expect(set.newID == (try id("HEAD~1")))
        #expect(set.spec == "HEAD~1^-2")
    }

    @Test func aRevisionIsLookedUpOnceIntoObjectCommitParentsAndTree() throws {
        let repo = try Repository.open(at: try Fixtures.repository("merges"), environment: TestEnvironment.variables())
        let merge = try repo.lookUp("HEAD~1")
        #expect(merge.objectID.hex == (try id("HEAD~1")) && merge.commitID == merge.objectID)
        #expect(try merge.parentIDs.map(\.hex) == ["HEAD~1^1", "HEAD~1^2", "HEAD~1^3"].map(id))
        #expect(merge.tree.id.hex == (try id("HEAD~1^{tree}")))
        let tree = try repo.lookUp("HEAD^{tree}")
        #expect(tree.commitID == nil && tree.parentIDs.isEmpty && tree.objectID == tree.tree.id)
        #expect(tree.reportedID == (try id("HEAD^{tree}")))
    }

    @Test func aRootCommitAloneIsComparedWithTheWorkingTreeAsGitDoes() throws {
        let root = try root()
        try expectGit(.init(revisions: ["\(root)^!"]), git: ["\(root)^!"], untracked: true)
        try expectGit(.init(revisions: ["\(root)^!"], staged: true), git: ["--cached", "\(root)^!"])
        let set = try ours(.init(revisions: ["\(root)^!"]))
        #expect(set.kind == .worktree && set.oldID == root && set.newID == nil)
    }

    @Test func aPathspecLimitsAParentForm() throws {
        try expectGit(.init(revisions: ["HEAD~2^-2"], pathspecs: ["main.txt"]), git: ["HEAD~2^-2"])
        try expectGit(.init(revisions: ["HEAD~1^-2"], pathspecs: ["third"]), git: ["HEAD~1^-2"])
        #expect(try ours(.init(revisions: ["HEAD^!"], pathspecs: ["third"])).changes.isEmpty)
        #expect(try GitOracle.changes(in: try Fixtures.repository("merges"), ["HEAD^!"], pathspecs: ["third"]).isEmpty)
    }

    @Test func theParentsOfACommit() throws {
        try expectGit(.init(revisions: ["HEAD~2^@"]), git: ["HEAD~2^@"])
        try expectGit(.init(revisions: ["HEAD^@"]), git: ["HEAD^@"], untracked: true)
        try expectGit(.init(revisions: ["HEAD^@"], staged: true), git: ["--cached", "HEAD^@"])
    }

    @Test func argumentsAreSplitAsGitSplitsThem() throws {
        #expect(try RevisionArgument.parse("HEAD^!") == .commitAlone("HEAD"))
        #expect(try RevisionArgument.parse("v1^-") == .againstParent("v1", 1))
        #expect(try RevisionArgument.parse("v1^- 3") == .againstParent("v1", 3))
        #expect(try RevisionArgument.parse("a^@") == .parents("a"))
        #expect(try RevisionArgument.parse("a^!b") == .single("a^!b"))
        #expect(try RevisionArgument.parse("a..b^!") == .twoDot("a", "b^!"))
        #expect(try RevisionArgument.parse("...b") == .threeDot("HEAD", "b"))
        for bad in ["x^-0", "x^--1", "x^-1x", "x^-99999999999"] {
            #expect(throws: AdapterError.unknownRevision(bad, emptyRepository: false)) { try RevisionArgument.parse(bad) }
        }
    }
}
