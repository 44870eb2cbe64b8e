import Foundation
import Testing
import TreeModel
import TestSupport
@testable import GitAdapter

/// Each rule of git's rename and copy pairing, against `git diff` on the commits of
/// `Fixtures/repos/renames.sh` (one tagged commit per rule).
struct RenameDetectionTests {
    private static func ours(_ repository: String, _ request: ComparisonRequest) throws -> ChangeSet {
        try Repository.open(at: repository, environment: TestEnvironment.variables()).changes(for: request)
    }

    /// Compares every field git reports, and git's warnings.
    private func expectGit(
        _ repository: String, _ request: ComparisonRequest, git arguments: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let set = try Self.ours(repository, request)
        let mine = set.changes.map(GitOracle.comparable)
        let theirs = try GitOracle.changes(in: repository, arguments)
        #expect(!theirs.isEmpty, sourceLocation: sourceLocation)
        #expect(mine.map(\.path) == theirs.map(\.path), sourceLocation: sourceLocation)
        for (a, b) in zip(mine, theirs) {
            #expect(a == b, "\(a.path)", sourceLocation: sourceLocation)
        }
        let stderr = try Shell.run("git", ["diff", "--name-status"] + arguments, in: repository).error
        let warnings = stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("warning:") }
        #expect(set.warnings == warnings, sourceLocation: sourceLocation)
    }

    private func range(_ tag: String) -> [String] { ["\(tag)^..\(tag)"] }

    @Test func exactRenamesPreferUnusedSourcesWithTheSameBasename() throws {
        let repo = try Fixtures.repository("renames")
        try expectGit(repo, .init(revisions: range("exact")), git: ["-M"] + range("exact"))
        let changes = try Self.ours(repo, .init(revisions: range("exact"))).changes
        let link = changes.first { $0.path == RawPath("d/link2") }
        #expect(link?.status == .renamed && link?.oldPath == RawPath("a/link"), "a symlink pairs with a symlink")
        #expect(changes.first { $0.path == RawPath("d/notalink") }?.status == .added, "a file never pairs with a symlink")
    }

    @Test func exactMatchingLooksAtNoMoreThanAHundredCandidates() throws {
        let repo = try Fixtures.repository("renames-many")
        try expectGit(repo, .init(revisions: ["HEAD~1..HEAD"]), git: ["-M", "HEAD~1..HEAD"])
        let changes = try Self.ours(repo, .init(revisions: ["HEAD~1..HEAD"])).changes
        #expect(changes.first { $0.path == RawPath("b/f099") }?.oldPath == RawPath("a/f099"))
        #expect(changes.first { $0.path == RawPath("b/f120") }?.oldPath == RawPath("a/f000"))
    }

    @Test func sameBasenamePairsAtThreeQuartersThenTheMatrixDecides() throws {
        let repo = try Fixtures.repository("renames")
        try expectGit(repo, .init(revisions: range("basename")), git: ["-M"] + range("basename"))
        let changes = try Self.ours(repo, .init(revisions: range("basename"))).changes
        #expect(changes.first { $0.path == RawPath("c/model.swift") }?.status == .renamed)
    }

    @Test func theMatrixKeepsFourCandidatesPerDestination() throws {
        let repo = try Fixtures.repository("renames")
        try expectGit(repo, .init(revisions: range("matrix")), git: ["-M"] + range("matrix"))
        let target = try Self.ours(repo, .init(revisions: range("matrix"))).changes.first { $0.path == RawPath("c/target.txt") }
        #expect(target?.status == .added, "its four best sources went elsewhere")
    }

    @Test(arguments: ["", "30%", "60", "5", "05", "0.7", "100%"])
    func thresholds(_ value: String) throws {
        let repo = try Fixtures.repository("renames")
        let score = value.isEmpty ? nil : RenameSetting.parseScore(value)
        for tag in ["threshold", "basename", "matrix"] {
            try expectGit(repo, .init(revisions: range(tag), renames: .renames(threshold: score)),
                          git: ["-M\(value)"] + range(tag))
        }
    }

    @Test func copiesFromModifiedFilesAndOneSourceForSeveral() throws {
        let repo = try Fixtures.repository("renames")
        try expectGit(repo, .init(revisions: range("copies"), renames: .copies(threshold: nil, harder: false)),
                      git: ["-C"] + range("copies"))
        let changes = try Self.ours(repo, .init(revisions: range("copies"), renames: .copies(threshold: nil, harder: false))).changes
        #expect(changes.first { $0.path == RawPath("c/gone-a.txt") }?.status == .copied)
        #expect(changes.first { $0.path == RawPath("d/gone-b.txt") }?.status == .renamed, "the last use of a deleted source is the rename")
    }

    @Test func findCopiesHarderUsesUnmodifiedFiles() throws {
        let repo = try Fixtures.repository("renames")
        try expectGit(repo, .init(revisions: range("copies"), renames: .copies(threshold: nil, harder: true)),
                      git: ["-C", "-C"] + range("copies"))
        try expectGit(repo, .init(revisions: ["start..copies"], renames: .copies(threshold: nil, harder: true)),
                      git: ["--find-copies-harder", "start..copies"])
    }

    @Test func theLimitSkipsTheMatrixWithGitsWarning() throws {
        let repo = try Fixtures.repository("renames")
        try expectGit(repo, .init(revisions: range("limit"), renameLimit: 2), git: ["-M", "-l2"] + range("limit"))
        let set = try Self.ours(repo, .init(revisions: range("limit"), renameLimit: 2))
        #expect(set.warnings == [
            "warning: exhaustive rename detection was skipped due to too many files.",
            "warning: you may want to set your diff.renameLimit variable to at least 5 and retry the command.",
        ])
        #expect(set.changes.first { $0.path == RawPath("d/exact-lim.txt") }?.status == .renamed, "exact renames survive the limit")
        try expectGit(repo, .init(revisions: range("limit"), renameLimit: 5), git: ["-M", "-l5"] + range("limit"))
        try expectGit(repo, .init(revisions: range("limit"), renameLimit: 0), git: ["-M", "-l0"] + range("limit"))
    }

    @Test func theLimitDegradesFindCopiesHarder() throws {
        let repo = try Fixtures.repository("renames")
        let request = ComparisonRequest(revisions: range("limit"), renames: .copies(threshold: nil, harder: true), renameLimit: 5)
        try expectGit(repo, request, git: ["-C", "-C", "-l5"] + range("limit"))
        #expect(try Self.ours(repo, request).warnings.first == "warning: only found copies from modified paths due to too many files.")
    }

    @Test func aBinaryAttributeKeepsCarriageReturnsInTheScore() throws {
        let repo = try Fixtures.repository("renames")
        try expectGit(repo, .init(revisions: range("attributes")), git: ["-M"] + range("attributes"))
        let changes = try Self.ours(repo, .init(revisions: range("attributes"))).changes
        #expect(changes.first { $0.path == RawPath("c/moved.bin") }?.binary == true)
    }

    @Test func theWholeHistoryAtOnce() throws {
        let repo = try Fixtures.repository("renames")
        try expectGit(repo, .init(revisions: ["start..limit"]), git: ["-M", "start..limit"])
        try expectGit(repo, .init(revisions: ["start..limit"], renames: .copies(threshold: nil, harder: false)),
                      git: ["-C", "start..limit"])
    }

    @Test(arguments: ["false", "true", "copies"])
    func diffRenamesConfig(_ value: String) throws {
        let repo = try Fixtures.fresh("renames")
        try Shell.git(["config", "diff.renames", value], in: repo)
        try Shell.git(["config", "diff.renameLimit", "2"], in: repo)
        try expectGit(repo, .init(revisions: ["start..limit"]), git: ["start..limit"])
        // A flag overrides the configuration.
        try expectGit(repo, .init(revisions: ["start..limit"], renames: .off), git: ["--no-renames", "start..limit"])
    }

    @Test func renamesInTheIndexAndTheWorkingTree() throws {
        let repo = try Fixtures.fresh("renames")
        try Shell.git(["checkout", "-q", "limit"], in: repo)
        try Shell.git(["mv", "d/moved2.txt", "b/staged.txt"], in: repo)
        try Shell.run("sh", ["-c", "cat d/moved3.txt > c/worktree.txt && git add c/worktree.txt && git rm -q d/moved3.txt && echo edit >> c/worktree.txt"], in: repo)
        try Shell.run("sh", ["-c", "printf 'x\\r\\ny\\r\\n' > crlf.txt"], in: repo)
        try expectGit(repo, .init(staged: true), git: ["-M", "--cached", "HEAD"])
        let mine = try Self.ours(repo, .init(includeUntracked: false)).changes.map(GitOracle.comparable)
        #expect(mine == (try GitOracle.changes(in: repo, ["-M", "HEAD"])))
        #expect(mine.contains { $0.path == RawPath("c/worktree.txt") && $0.status == .renamed })
    }

    @Test func workingTreeFilesAreComparedAsGitWouldStoreThem() throws {
        let repo = try Fixtures.fresh("renames")
        try Shell.git(["checkout", "-q", "limit"], in: repo)
        try Shell.git(["config", "core.autocrlf", "true"], in: repo)
        try Shell.run("sh", ["-c", """
            sed 's/$/\r/' d/moved4.txt > c/crlf.txt && git add c/crlf.txt && git rm -q d/moved4.txt
            printf 'one more\r\n' >> c/crlf.txt
            """], in: repo)
        let mine = try Self.ours(repo, .init(includeUntracked: false)).changes.map(GitOracle.comparable)
        #expect(mine == (try GitOracle.changes(in: repo, ["-M", "HEAD"])))
        #expect(mine.contains { $0.path == RawPath("c/crlf.txt") && $0.status == .renamed })
    }
}
