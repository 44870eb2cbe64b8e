import Foundation
import Testing
import TreeModel
import TestSupport
@testable import GitAdapter

/// Repositories of unusual shapes — sparse checkouts, shallow and partial clones — beyond the
/// differential cases: what git sees there, and what it does not.
struct EntryKindRepositoryTests {
    private func changes(_ repo: String, _ request: ComparisonRequest = .init()) throws -> [FileChange] {
        try Repository.open(at: repo, environment: TestEnvironment.variables()).changes(for: request).changes
    }

    // MARK: Sparse checkouts

    @Test func filesOutsideTheConeAreNotDeletions() throws {
        let repo = try Fixtures.repository("sparse")
        let found = try changes(repo, .init(countLines: false))
        let statuses = Dictionary(uniqueKeysWithValues: found.map { ($0.path.lossyString, $0.status) })
        #expect(statuses["out/far/f.txt"] == nil, "a skip-worktree file missing from the working tree is not deleted")
        #expect(statuses["out/o.txt"] == .modified && statuses["out/new.txt"] == .added && statuses["out/gone.txt"] == .deleted,
                "the index stands for the files outside the cone")
        #expect(statuses["out/deep/present.txt"] == .modified, "a file put back outside the cone is compared")
    }

    @Test func aFilePutBackIsComparedInMemoryOnly() throws {
        let repo = try Fixtures.fresh("sparse")
        let index = try Data(contentsOf: URL(fileURLWithPath: repo + "/.git/index"))
        #expect(try changes(repo).contains { $0.path == RawPath("out/deep/present.txt") })
        #expect(try Data(contentsOf: URL(fileURLWithPath: repo + "/.git/index")) == index, "the index file is never written")
    }

    @Test func expectedFilesOutsideThePatternsKeepTheirBit() throws {
        let repo = try Fixtures.fresh("sparse")
        try Shell.git(["config", "sparse.expectFilesOutsideOfPatterns", "true"], in: repo)
        let mine = try changes(repo).map(EntryKindDifferentialTests.comparable)
        #expect(!mine.contains { $0.path == RawPath("out/deep/present.txt") })
        #expect(mine == (try GitOracle.changes(in: repo, ["HEAD"], untracked: true)))
    }

    @Test func aSparseIndexIsReadLikeAFullOne() throws {
        let repo = try Fixtures.fresh("sparse")
        let full = try changes(repo)
        try Shell.git(["sparse-checkout", "set", "--sparse-index", "in"], in: repo)
        #expect(try Shell.git(["ls-files", "--sparse"], in: repo).text.contains("out/far/\n"), "a directory entry")
        #expect(try changes(repo) == full)
        #expect(try changes(repo, .init(revisions: ["HEAD", "HEAD"])).isEmpty, "commits need no index")
    }

    // MARK: Shallow clones

    @Test func parentStepsAreSplitOffTheirBase() {
        #expect(ParentSteps.split("main~2^2")?.base == "main")
        #expect(ParentSteps.split("main~2^2")?.steps == [.init(firstParent: true, count: 2), .init(firstParent: false, count: 2)])
        #expect(ParentSteps.split("HEAD^^")?.steps.count == 2)
        #expect(ParentSteps.split("v1~")?.steps == [.init(firstParent: true, count: 1)])
        #expect(ParentSteps.split("HEAD^0")?.steps == [.init(firstParent: false, count: 0)])
        #expect(ParentSteps.split("HEAD") == nil && ParentSteps.split("HEAD^{tree}") == nil && ParentSteps.split("~2") == nil)
    }

    @Test(arguments: ["HEAD~3", "HEAD^^^", "other~2", "HEAD~2^2", "side~3"])
    func aStepPastTheShallowEndIsAnUnknownRevision(_ revision: String) throws {
        let repo = try Fixtures.repository("shallow")
        #expect(throws: AdapterError.unknownRevision(revision, emptyRepository: false)) {
            try changes(repo, .init(revisions: [revision]))
        }
        #expect(try Shell.run("git", ["rev-parse", "--verify", "-q", revision], in: repo).status != 0, "git cannot go there either")
    }

    @Test func theMergeBaseMayBeAShallowCommit() throws {
        let repo = try Fixtures.repository("shallow")
        let set = try Repository.open(at: repo, environment: TestEnvironment.variables()).changes(for: .init(revisions: ["main...side"]))
        let base = try Shell.git(["merge-base", "main", "side"], in: repo).text.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(set.oldID == base)
        let shallow = try String(contentsOfFile: repo + "/.git/shallow", encoding: .utf8)
        #expect(shallow.contains(base), "the base is where the clone's history ends")
    }

    @Test func noMergeBaseWithinTheShallowHistory() throws {
        let repo = try Fixtures.repository("shallow")
        #expect(throws: AdapterError.noMergeBase("main...other")) { try changes(repo, .init(revisions: ["main...other"])) }
        #expect(try Shell.run("git", ["diff", "main...other"], in: repo).error.contains("no merge base"))
    }

    @Test func aShallowCommitAloneIsComparedWithTheWorkingTreeAsGitDoes() throws {
        let repo = try Fixtures.repository("shallow")
        let mine = try changes(repo, .init(revisions: ["HEAD~2^!"])).map(EntryKindDifferentialTests.comparable)
        #expect(!mine.isEmpty)
        #expect(mine == (try GitOracle.changes(in: repo, ["HEAD~2^!"], untracked: true)))
    }

    // MARK: Partial clones

    @Test func whatReadsNoBlobWorksInAPartialClone() throws {
        let repo = try Fixtures.repository("partial")
        let request = ComparisonRequest(revisions: ["HEAD~2..HEAD"], renames: .off, countLines: false)
        let mine = try changes(repo, request)
        let theirs = try GitOracle.changes(in: repo + "-source", ["--no-renames", "HEAD~2..HEAD"])
        #expect(mine.map(\.path) == theirs.map(\.path) && mine.map(\.status) == theirs.map(\.status))
        #expect(mine.count == 5)
    }

    @Test func aBlobNotFetchedIsNamedWithItsPath() throws {
        let repo = try Fixtures.repository("partial")
        let blob = try Shell.git(["rev-parse", "HEAD~2:f1"], in: repo + "-source").text.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(throws: AdapterError.missingFromPartialClone(id: blob, isTree: false, path: "f1", remote: "origin")) {
            try changes(repo, .init(revisions: ["HEAD~2..HEAD"], renames: .off))
        }
    }
}
