import Foundation
import Testing
import TreeModel
import TestSupport
@testable import GitAdapter

/// Indexes libgit2 1.5 refuses but git reads: a sparse index (`sdir`, its directory entries
/// expanded from their trees), one whose checksum is damaged (git does not check it); and a
/// comparison of two trees, which reads no index at all. Every comparison against git 2.39
/// on the same repository, the index file never written.
struct ReadableIndexTests {
    private func changes(_ repo: String, _ request: ComparisonRequest) throws -> [FileChange] {
        try Repository.open(at: repo, environment: TestEnvironment.variables()).changes(for: request).changes
    }

    /// The comparisons tried on each repository (the `sparse` fixture, whose `ORIG_HEAD` is
    /// the commit its index holds): treereview's request, git's arguments, whether git's
    /// answer includes untracked files.
    static let comparisons: [(ComparisonRequest, [String], Bool)] = [
        (.init(), ["HEAD"], true), (.init(staged: true), ["--cached"], false),
        (.init(revisions: ["ORIG_HEAD"]), ["ORIG_HEAD"], true),
        (.init(revisions: ["ORIG_HEAD"], staged: true), ["--cached", "ORIG_HEAD"], false),
        (.init(revisions: ["HEAD..ORIG_HEAD"]), ["HEAD..ORIG_HEAD"], false),
    ]

    private func expectEveryComparisonAsGit(_ repo: String) throws {
        let index = try Data(contentsOf: URL(fileURLWithPath: repo + "/.git/index"))
        for (request, arguments, untracked) in Self.comparisons {
            let mine = try changes(repo, request).map(EntryKindDifferentialTests.comparable)
            #expect(mine == (try GitOracle.changes(in: repo, arguments, untracked: untracked)), "\(arguments)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: repo + "/.git/index")) == index, "the index file is never written")
    }

    @Test func aSparseIndexIsReadForEveryComparison() throws {
        let repo = try Fixtures.fresh("sparse")
        try Shell.git(["sparse-checkout", "set", "--sparse-index", "in"], in: repo)
        #expect(try Shell.git(["ls-files", "--sparse"], in: repo).text.contains("out/far/\n"), "a directory entry")
        try expectEveryComparisonAsGit(repo)
        let staged = try changes(repo, .init(staged: true))
        #expect(staged.contains { $0.path == RawPath("out/new.txt") }, "a file of a sparse directory's tree")
    }

    @Test func aSparseIndexWithEveryFileOutsideTheCone() throws {
        let repo = try Fixtures.fresh("sparse")
        try FileManager.default.removeItem(atPath: repo + "/out/deep/present.txt")
        try Shell.git(["sparse-checkout", "set", "--sparse-index", "in"], in: repo)
        #expect(try Shell.git(["ls-files", "--sparse"], in: repo).text.contains("out/\n"), "all of out/ is one entry")
        try expectEveryComparisonAsGit(repo)
    }

    @Test func aDamagedChecksumIsReadAsGitReadsIt() throws {
        let repo = try Fixtures.fresh("sparse")
        let path = repo + "/.git/index"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[bytes.count - 1] ^= 1
        try bytes.write(to: URL(fileURLWithPath: path))
        try expectEveryComparisonAsGit(repo)
    }

    @Test func twoTreesReadNoIndex() throws {
        let repo = try Fixtures.fresh("branches")
        try Data().write(to: URL(fileURLWithPath: repo + "/.git/index"))
        let mine = try changes(repo, .init(revisions: ["main..feature"])).map(EntryKindDifferentialTests.comparable)
        #expect(mine == (try GitOracle.changes(in: repo, ["main..feature"])))
        #expect(!mine.isEmpty && mine.allSatisfy { $0.insertions != nil || $0.binary == true }, "with line counts")
        #expect(throws: AdapterError.corruptIndex(path: repo + "/.git/index")) { try changes(repo, .init()) }
        #expect(try Shell.run("git", ["-C", repo, "diff", "HEAD"]).status != 0, "git fails there too")
    }

    @Test func attributesOnlyInTheIndexDoNotApplyBetweenTrees() throws {
        let repo = try Fixtures.fresh("branches")
        try "* -diff\n".write(toFile: repo + "/.gitattributes", atomically: false, encoding: .utf8)
        try Shell.git(["add", ".gitattributes"], in: repo)
        try FileManager.default.removeItem(atPath: repo + "/.gitattributes")
        let mine = try changes(repo, .init(revisions: ["main..feature"])).map(EntryKindDifferentialTests.comparable)
        #expect(mine == (try GitOracle.changes(in: repo, ["main..feature"])))
        #expect(mine.contains { $0.binary == false }, "git reads no index between two trees")
    }
}
