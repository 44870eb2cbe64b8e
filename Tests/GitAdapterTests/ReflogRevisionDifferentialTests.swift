import Foundation
import Testing
import TestSupport
@testable import GitAdapter

/// `@{…}` revisions against `git rev-parse` on a repository built here: three commits on
/// `main`, a branch `side` with one more, checked out and left (so HEAD's reflog and
/// `main`'s differ), a remote-tracking `origin/main` one commit behind, `main` tracking it
/// and `side` tracking `main` of origin, and `lonely` with no upstream.
struct ReflogRevisionDifferentialTests {
    static let script = """
        set -e
        git init -q -b main .
        for i in 1 2 3; do echo $i > f$i; git add .; git commit -qm c$i; done
        git checkout -q -b side HEAD~1
        echo s > s; git add s; git commit -qm s
        git checkout -q main
        git branch lonely
        git remote add origin /nonexistent
        git update-ref refs/remotes/origin/main HEAD~1
        git config branch.main.remote origin
        git config branch.main.merge refs/heads/main
        git config branch.side.remote origin
        git config branch.side.merge refs/heads/main
        """

    static let repository: String = {
        let directory = (try? Fixtures.temporaryDirectory()) ?? NSTemporaryDirectory()
        let environment = ["GIT_AUTHOR_NAME": "a", "GIT_AUTHOR_EMAIL": "a@x", "GIT_COMMITTER_NAME": "a", "GIT_COMMITTER_EMAIL": "a@x"]
        _ = try? Shell.run("sh", ["-c", script], in: directory, environment: environment)
        return directory
    }()

    /// A revision's commit id, or the message refusing it.
    enum Answer: Equatable {
        case id(String)
        case refused(String)
    }

    /// git's answer: the commit id, or its `fatal:` message.
    private func git(_ revision: String, in repo: String = repository) throws -> Answer {
        let result = try Shell.run("git", ["rev-parse", "--verify", "-q", revision + "^{commit}"], in: repo)
        if result.status == 0 { return .id(result.text.trimmingCharacters(in: .newlines)) }
        let loud = try Shell.run("git", ["rev-parse", revision], in: repo)
        let message = loud.error.split(separator: "\n").first.map { String($0.dropFirst("fatal: ".count)) } ?? ""
        // rev-parse's words for a name that resolves to nothing; the adapter's are shorter.
        if message.hasPrefix("ambiguous argument '\(revision)': unknown revision") { return .refused("unknown revision '\(revision)'") }
        return .refused(message)
    }

    /// What the fixture is made for git to answer.
    enum Expected { case resolved, refused }

    /// git's answer, recorded as an issue when it is not the kind the fixture is made for
    /// (then the comparison with ours would test nothing).
    private func git(_ revision: String, expecting expected: Expected) throws -> Answer {
        let theirs = try git(revision)
        switch (expected, theirs) {
        case (.resolved, .id), (.refused, .refused): break
        case (.resolved, _): Issue.record("git should resolve \(revision): \(theirs)")
        case (.refused, _): Issue.record("git should refuse \(revision)")
        }
        return theirs
    }

    private func ours(_ revision: String, in repo: String = repository) -> Answer {
        do {
            let repository = try Repository.open(at: repo, environment: TestEnvironment.variables())
            return .id(try repository.lookUp(revision).reportedID)
        } catch {
            return .refused("\(error)")
        }
    }

    @Test(arguments: ["HEAD@{0}", "HEAD@{1}", "HEAD@{2}", "HEAD@{5}", "@{1}", "@{0}", "main@{1}", "main@{2}",
                      "side@{1}", "HEAD@{1}~1", "HEAD@{2}^", "refs/heads/main@{1}", "origin/main@{0}"])
    func aReflogEntryIsTheOneGitReads(_ revision: String) throws {
        let theirs = try git(revision, expecting: .resolved)
        #expect(ours(revision) == theirs, "\(revision)")
    }

    @Test func headsReflogIsNotTheBranchs() throws {
        #expect(ours("HEAD@{1}") != ours("main@{1}"))
        #expect(ours("HEAD@{1}") == (try git("side")))
    }

    @Test(arguments: ["HEAD@{6}", "HEAD@{60}", "main@{3}", "side@{2}", "@{9}"])
    func pastTheLogIsGitsError(_ revision: String) throws {
        let theirs = try git(revision, expecting: .refused)
        guard case .refused(let message) = theirs else { return }
        #expect(message.hasPrefix("log for '"))
        #expect(ours(revision) == .refused(message))
    }

    @Test(arguments: ["@{u}", "@{U}", "@{upstream}", "main@{u}", "side@{upstream}", "@{push}", "main@{push}", "HEAD@{u}"])
    func upstreamAndPushAreTheTrackingBranch(_ revision: String) throws {
        let theirs = try git(revision, expecting: .resolved)
        #expect(ours(revision) == theirs, "\(revision)")
    }

    @Test(arguments: ["lonely@{u}", "lonely@{push}", "nope@{u}", "side@{push}"])
    func noUpstreamIsGitsError(_ revision: String) throws {
        let theirs = try git(revision, expecting: .refused)
        guard case .refused(let message) = theirs else { return }
        #expect(ours(revision) == .refused(message), "\(revision)")
    }

    @Test func pushDefaultAndADetachedHeadAreReadAsGitReadsThem() throws {
        let repo = try Fixtures.temporaryDirectory()
        try FileManager.default.removeItem(atPath: repo)
        try FileManager.default.copyItem(atPath: Self.repository, toPath: repo)
        for setting in ["current", "nothing", "upstream", "matching"] {
            try Shell.git(["config", "push.default", setting], in: repo)
            for revision in ["@{push}", "side@{push}", "lonely@{push}"] {
                let theirs = try git(revision, in: repo)
                #expect(ours(revision, in: repo) == theirs, "push.default=\(setting) \(revision)")
            }
        }
        try Shell.git(["config", "remote.origin.push", "refs/heads/main:refs/heads/elsewhere"], in: repo)
        try Shell.git(["update-ref", "refs/remotes/origin/elsewhere", "HEAD~2"], in: repo)
        #expect(ours("@{push}", in: repo) == (try git("@{push}", in: repo)))
        #expect(ours("side@{push}", in: repo) == (try git("side@{push}", in: repo)))
        try Shell.git(["checkout", "-q", "--detach"], in: repo)
        #expect(ours("@{u}", in: repo) == (try git("@{u}", in: repo)))
        #expect(ours("@{1}", in: repo) == (try git("@{1}", in: repo)))
    }

    @Test func refspecsMapAsGitMapsThem() {
        let list = RefspecList(["+refs/heads/*:refs/remotes/origin/*", "^refs/heads/tmp", "refs/tags/v1:refs/tags/one"])
        #expect(list.transform("refs/heads/main") == "refs/remotes/origin/main")
        #expect(list.transform("refs/heads/a/b") == "refs/remotes/origin/a/b")
        #expect(list.transform("refs/heads/tmp") == nil)
        #expect(list.transform("refs/tags/v1") == "refs/tags/one")
        #expect(list.transform("refs/notes/x") == nil)
    }
}
