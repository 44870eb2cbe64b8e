import Foundation
import Testing
import TreeModel
import TestSupport
@testable import GitAdapter

/// Files `include.path` and `includeIf.<condition>.path` pull in are read as git reads them:
/// a line git refuses there, or a value `git diff` refuses, stops with git's words, naming the
/// included file; an include whose condition does not hold, or whose file does not exist, is
/// not read; an include cycle stops at git's depth limit. Each against `git diff` with the
/// same isolated configuration, `HOME` included.
struct ConfigIncludeTests {
    /// A line git refuses (line 2: a key starting with a digit).
    static let broken = "[core]\n\t1x = y\n"

    private struct Setup {
        var repo: String
        var home: String
        var environment: [String: String] { ["HOME": home] }
    }

    /// A fresh `branches` repository whose `.git/config` ends with `text`, with a home of its own.
    private func makeSetup(appending text: String) throws -> Setup {
        let repo = try Fixtures.fresh("branches")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: repo + "/.git/config"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        let home = try Fixtures.temporaryDirectory()
        return Setup(repo: repo, home: home)
    }

    /// git's message for `git diff --name-only main feature` from `directory`, its lines
    /// without `fatal: ` (the last is what it died of); `nil` when git succeeds.
    private func gitMessage(_ setup: Setup, from directory: String? = nil) throws -> [String]? {
        let git = try Shell.run("git", ["diff", "--name-only", "main", "feature"], in: directory ?? setup.repo,
                                environment: setup.environment)
        guard git.status != 0 else { return nil }
        #expect(git.status == 128, "\(git.error)")
        return git.error.split(separator: "\n").map { $0.hasPrefix("fatal: ") ? String($0.dropFirst(7)) : String($0) }
    }

    /// Ours for the same comparison: the error's message, `nil` when it succeeds.
    private func ourMessage(_ setup: Setup, from directory: String? = nil) -> String? {
        do {
            let repository = try Repository.open(at: directory ?? setup.repo,
                                                 environment: TestEnvironment.variables(adding: setup.environment))
            _ = try repository.changes(for: .init(revisions: ["main", "feature"], countLines: false))
            return nil
        } catch {
            return "\(error)"
        }
    }

    private func expectSame(_ setup: Setup, from directory: String? = nil, refused: Bool, _ comment: Comment? = nil,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let theirs = try gitMessage(setup, from: directory)
        #expect((theirs != nil) == refused, "\(comment ?? "") git: \(theirs ?? [])", sourceLocation: sourceLocation)
        #expect(ourMessage(setup, from: directory) == theirs?.last, "\(comment ?? "")", sourceLocation: sourceLocation)
    }

    @Test func aBrokenFileIncludedByARelativePathIsNamed() throws {
        let setup = try makeSetup(appending: "[include]\n\tpath = broken.inc\n")
        try Self.broken.write(toFile: setup.repo + "/.git/broken.inc", atomically: false, encoding: .utf8)
        try expectSame(setup, refused: true)
        let sub = setup.repo + "/Sources/App"
        try expectSame(setup, from: sub, refused: true)
        #expect(ourMessage(setup, from: sub) == "bad config line 2 in file .git/broken.inc")
    }

    @Test func aBrokenFileIncludedByAnAbsoluteOrHomePathIsNamed() throws {
        for include in ["ABSOLUTE/broken.inc", "~/broken.inc"] {
            let directory = try Fixtures.temporaryDirectory()
            var setup = try makeSetup(appending: "[include]\n\tpath = \(include.replacingOccurrences(of: "ABSOLUTE", with: directory))\n")
            setup.home = directory
            try Self.broken.write(toFile: directory + "/broken.inc", atomically: false, encoding: .utf8)
            try expectSame(setup, refused: true)
        }
    }

    @Test func aValueGitRefusesInAnIncludedFileIsNamed() throws {
        for text in ["[core]\n\tquotePath = maybe\n", "[color \"diff\"]\n\tmeta = blah\n", "[core]\n\tbare = maybe\n"] {
            let setup = try makeSetup(appending: "[include]\n\tpath = values.inc\n")
            try text.write(toFile: setup.repo + "/.git/values.inc", atomically: false, encoding: .utf8)
            try expectSame(setup, refused: true)
        }
    }

    @Test func nestedIncludesAreFollowedAndAMissingFileIsSkipped() throws {
        let setup = try makeSetup(appending: "[include]\n\tpath = missing.inc\n\tpath = first.inc\n")
        try "[include]\n\tpath = sub/second.inc\n".write(toFile: setup.repo + "/.git/first.inc", atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: setup.repo + "/.git/sub", withIntermediateDirectories: false)
        try "[core]\n\tx = ok\n".write(toFile: setup.repo + "/.git/sub/second.inc", atomically: false, encoding: .utf8)
        try expectSame(setup, refused: false)
        try Self.broken.write(toFile: setup.repo + "/.git/sub/second.inc", atomically: false, encoding: .utf8)
        try expectSame(setup, refused: true)
    }

    @Test func conditionalIncludesAreReadOnlyWhenTheyHold() throws {
        let probe = try Fixtures.fresh("branches")
        let branch = try Shell.git(["branch", "--show-current"], in: probe).text.trimmingCharacters(in: .newlines)
        let other = branch == "main" ? "feature" : "main"
        let conditions: [(String, Bool)] = [
            ("gitdir:GITDIR", true), ("gitdir:GITDIR/", false), ("gitdir:WORKTREE/", true), ("gitdir:/no/such/", false),
            ("gitdir:.git", true),
            ("gitdir/i:GITDIR_UPPER", true), ("gitdir:GITDIR_UPPER", false), ("gitdir:~/", false),
            ("onbranch:\(branch)", true), ("onbranch:\(other)", false), ("onbranch:\(branch.prefix(2))*", true),
            ("unknown:x", false),
        ]
        for (condition, holds) in conditions {
            let setup = try makeSetup(appending: "")
            let gitDirectory = URL(fileURLWithPath: setup.repo + "/.git").resolvingSymlinksInPath().path
            let written = condition.replacingOccurrences(of: "GITDIR_UPPER", with: gitDirectory.uppercased())
                .replacingOccurrences(of: "GITDIR", with: gitDirectory)
                .replacingOccurrences(of: "WORKTREE", with: String(gitDirectory.dropLast("/.git".count)))
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: setup.repo + "/.git/config"))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("[includeIf \"\(written)\"]\n\tpath = broken.inc\n".utf8))
            try handle.close()
            try Self.broken.write(toFile: setup.repo + "/.git/broken.inc", atomically: false, encoding: .utf8)
            try expectSame(setup, refused: holds, "\(written)")
        }
    }

    /// git 2.39 knows `hasconfig:remote.*.url:`, libgit2 1.5 does not: the file is not read,
    /// neither its values nor its lines (a known difference, where git reads it).
    @Test func aConditionLibgit2DoesNotKnowIsNotFollowed() throws {
        let setup = try makeSetup(appending: "[includeIf \"hasconfig:remote.*.url:*\"]\n\tpath = broken.inc\n")
        try Self.broken.write(toFile: setup.repo + "/.git/broken.inc", atomically: false, encoding: .utf8)
        #expect(ourMessage(setup) == nil)
    }

    @Test func anIncludeCycleStopsAtGitsDepth() throws {
        let setup = try makeSetup(appending: "[include]\n\tpath = a.inc\n")
        try "[include]\n\tpath = config\n".write(toFile: setup.repo + "/.git/a.inc", atomically: false, encoding: .utf8)
        let theirs = try #require(try gitMessage(setup))
        #expect(theirs.first == "exceeded maximum include depth (10) while including", "\(theirs)")
        let expected = "exceeded maximum include depth (10) while including \(theirs[1].trimmingCharacters(in: .whitespaces))"
            + " from \(theirs[3].trimmingCharacters(in: .whitespaces)); this might be due to circular includes"
        #expect(ourMessage(setup) == expected)
    }
}
