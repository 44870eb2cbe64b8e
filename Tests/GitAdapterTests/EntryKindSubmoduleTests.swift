import Foundation
import Testing
import TreeModel
import TestSupport
@testable import GitAdapter

/// Submodules (gitlinks) on `Fixtures/repos/submodules.sh`: the commits each side points at,
/// and which changes git's diff leaves out under `diff.ignoreSubmodules` and
/// `submodule.<name>.ignore`, against git with the same configuration.
struct EntryKindSubmoduleTests {
    private func changes(_ repo: String, _ request: ComparisonRequest = .init()) throws -> [RawPath: FileChange] {
        let set = try Repository.open(at: repo, environment: TestEnvironment.variables()).changes(for: request)
        return Dictionary(uniqueKeysWithValues: set.changes.map { ($0.path, $0) })
    }

    private func head(of directory: String) throws -> String {
        try Shell.git(["rev-parse", "HEAD"], in: directory).text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func gitlink(_ path: String, at revision: String, in repo: String) throws -> ObjectHash? {
        ObjectHash(hex: try Shell.git(["rev-parse", "\(revision):\(path)"], in: repo).text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func theWorkingTreeSideIsTheCheckedOutCommit() throws {
        let repo = try Fixtures.repository("submodules")
        let found = try changes(repo)
        let moved = try #require(found[RawPath("sub")])
        #expect(moved.status == .modified && moved.isSubmodule)
        #expect(moved.oldCommit == (try gitlink("sub", at: "HEAD", in: repo)))
        #expect(moved.newCommit?.hex == (try head(of: repo + "/sub")))
        #expect(moved.oldCommit != moved.newCommit)
        let dirty = try #require(found[RawPath("dirty")])
        #expect(dirty.oldCommit == dirty.newCommit && dirty.oldCommit != nil, "modified content under the same commit")
        #expect([dirty.insertions, dirty.deletions] == [0, 0])
        let removed = try #require(found[RawPath("removed")])
        #expect(removed.status == .deleted && removed.oldCommit != nil && removed.newCommit == nil)
        #expect(found[RawPath("untracked")] == nil && found[RawPath("uninit")] == nil)
        #expect(found[RawPath("top.txt")]?.isSubmodule != true)
    }

    @Test func typeChangesCarryTheCommitOfTheirSubmoduleSide() throws {
        let repo = try Fixtures.repository("submodules")
        let found = try changes(repo, .init(revisions: ["HEAD~1..HEAD"]))
        let toFile = try #require(found[RawPath("becomes-file")])
        #expect(toFile.status == .typeChanged && toFile.isSubmodule && toFile.newCommit == nil)
        #expect(toFile.oldCommit == (try gitlink("becomes-file", at: "HEAD~1", in: repo)))
        let toSubmodule = try #require(found[RawPath("becomes-sub")])
        let commit = try gitlink("becomes-sub", at: "HEAD", in: repo)
        #expect(toSubmodule.oldCommit == nil && toSubmodule.newCommit == commit)
        let moved = try #require(found[RawPath("moved")])
        #expect(moved.status == .renamed && moved.oldPath == RawPath("kept") && moved.similarity == 100)
        #expect(found[RawPath(".gitmodules")]?.isSubmodule == false)
    }

    @Test func anObjectHashReadsAndWritesHex() {
        let text = "a35398cd0f49a220cba075e5e613f12ce1baec2e"
        #expect(ObjectHash(hex: text)?.hex == text)
        #expect(ObjectHash(hex: text.uppercased())?.hex == text)
        #expect(ObjectHash(hex: text)?.abbreviated == "a35398c")
        #expect(ObjectHash(hex: String(text.dropLast())) == nil && ObjectHash(hex: "g" + text.dropFirst()) == nil)
        #expect(ObjectHash(bytes: Array(repeating: 0xAB, count: 20))?.hex == String(repeating: "ab", count: 20))
    }

    /// Settings, each a list of `git config` calls on a fresh fixture; then every comparison
    /// must equal git's under the same settings.
    @Test(arguments: [
        [["diff.ignoreSubmodules", "none"]],
        [["diff.ignoreSubmodules", "untracked"]],
        [["diff.ignoreSubmodules", "dirty"]],
        [["diff.ignoreSubmodules", "all"]],
        [["-f", ".gitmodules", "submodule.untracked.ignore", "none"], ["-f", ".gitmodules", "submodule.sub.ignore", "all"],
         ["submodule.dirty.ignore", "dirty"]],
        [["diff.ignoreSubmodules", "all"], ["submodule.sub.ignore", "none"]],
    ])
    func ignoreSettingsLeaveOutWhatGitLeavesOut(_ settings: [[String]]) throws {
        let repo = try Fixtures.fresh("submodules")
        for setting in settings { try Shell.git(["config"] + setting, in: repo) }
        for (request, git, untracked) in [
            (ComparisonRequest(), ["HEAD"], true), (ComparisonRequest(staged: true), ["--cached"], false),
            (ComparisonRequest(revisions: ["HEAD~1..HEAD"]), ["HEAD~1..HEAD"], false),
            (ComparisonRequest(revisions: ["HEAD~1"]), ["HEAD~1"], true),
        ] {
            let mine = try changes(repo, request).values.sorted { $0.path < $1.path }.map(EntryKindDifferentialTests.comparable)
            #expect(mine == (try GitOracle.changes(in: repo, git, untracked: untracked)), "\(git)")
        }
    }

    @Test func anUnknownIgnoreSettingIsAnErrorAsInGit() throws {
        let repo = try Fixtures.fresh("submodules")
        try Shell.git(["config", "diff.ignoreSubmodules", "sometimes"], in: repo)
        #expect(throws: AdapterError.badSubmoduleIgnore(key: "diff.ignoreSubmodules", value: "sometimes")) {
            try changes(repo)
        }
        #expect(try Shell.run("git", ["diff", "HEAD"], in: repo).status != 0)
    }
}
