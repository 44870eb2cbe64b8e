import Foundation
import Testing
import TreeModel
import TestSupport
@testable import GitAdapter

/// Every kind of entry git reports — submodules, symlinks, type and mode changes, unmerged
/// paths, intent-to-add entries, skip-worktree entries of sparse checkouts — in every
/// comparison (the working tree with untracked files, `--staged`, a revision, `A..B`,
/// `A...B`), and in linked worktrees and shallow clones, against git 2.39 on the same
/// fixture: status, paths, similarity, line counts and both modes (`git diff --raw`).
struct EntryKindDifferentialTests {
    /// One comparison of one fixture, written as treereview takes it.
    struct Case: Sendable, CustomTestStringConvertible {
        let fixture: String
        let arguments: [String]

        init(_ fixture: String, _ arguments: String...) {
            self.fixture = fixture
            self.arguments = arguments
        }

        var testDescription: String { "\(fixture): treereview \(arguments.joined(separator: " "))" }

        var request: ComparisonRequest {
            let split = arguments.firstIndex(of: "--") ?? arguments.endIndex
            let options = arguments[..<split]
            return ComparisonRequest(revisions: options.filter { !$0.hasPrefix("-") }, staged: options.contains("--staged"),
                                     pathspecs: Array(arguments[split...].dropFirst()),
                                     renames: options.contains("--no-renames") ? .off : nil)
        }

        /// The same comparison as `git diff` arguments, and whether untracked files belong to it.
        var git: (arguments: [String], untracked: Bool) {
            let request = request
            let flags = request.renames == .off ? ["--no-renames"] : []
            if request.staged { return (flags + ["--cached"] + request.revisions, false) }
            if request.revisions.isEmpty { return (flags + ["HEAD"], true) }
            let isRange = request.revisions.count == 2 || request.revisions[0].contains("..")
            return (flags + request.revisions, !isRange)
        }
    }

    static let cases: [Case] = [
        Case("submodules"), Case("submodules", "--staged"), Case("submodules", "HEAD~1"),
        Case("submodules", "HEAD~1..HEAD"), Case("submodules", "HEAD~2...HEAD"), Case("submodules", "--no-renames", "HEAD~1..HEAD"),
        Case("symlinks"), Case("symlinks", "--staged"), Case("symlinks", "HEAD~1"), Case("symlinks", "HEAD~1..HEAD"),
        Case("symlinks", "--no-renames", "HEAD~1..HEAD"),
        Case("conflicts"), Case("conflicts", "--staged"), Case("conflicts", "HEAD~1"), Case("conflicts", "--staged", "HEAD~1"),
        Case("conflicts", "other"), Case("conflicts", "--staged", "other"), Case("conflicts", "--no-renames"),
        Case("intent-to-add"), Case("intent-to-add", "--staged"), Case("intent-to-add", "--no-renames"),
        Case("sparse"), Case("sparse", "--staged"), Case("sparse", "--no-renames"), Case("sparse", "--", "out"),
        Case("sparse-patterns"), Case("sparse-patterns", "--staged"),
        Case("linked-worktree"), Case("linked-worktree", "--staged"), Case("linked-worktree", "main"),
        Case("linked-worktree", "main..side"), Case("linked-worktree", "HEAD...main"),
        Case("shallow"), Case("shallow", "main...side"), Case("shallow", "side...main"), Case("shallow", "HEAD~2"),
        Case("shallow", "HEAD~1..HEAD"), Case("shallow", "side~1..side"), Case("shallow", "other~1"),
    ]

    @Test(arguments: cases)
    func sameAsGit(_ test: Case) throws {
        let repo = try Fixtures.repository(test.fixture)
        // Ours first: git diff may refresh the index file.
        let mine = try Repository.open(at: repo, environment: TestEnvironment.variables()).changes(for: test.request).changes
        let (arguments, untracked) = test.git
        let theirs = try GitOracle.changes(in: repo, arguments, pathspecs: test.request.pathspecs, untracked: untracked)
        #expect(!theirs.isEmpty, "the fixture should have changes to compare")
        #expect(mine.map(Self.comparable) == theirs)
        let raw = try GitModes.read(in: repo, arguments, pathspecs: test.request.pathspecs)
        for change in mine where change.status != .untracked {
            let sides = raw[change.path]
            #expect(sides.map { [$0.old, $0.new] } == [change.oldMode, change.newMode], "\(change.path)")
            #expect(change.oldCommit?.hex == (change.oldMode == .submodule ? sides?.oldID : nil), "\(change.path)")
            if change.newMode == .submodule && sides?.newID != nil {
                #expect(change.newCommit?.hex == sides?.newID, "\(change.path): git knows the new commit")
            }
        }
    }

    /// The fields git's name-status and numstat show.
    static func comparable(_ change: FileChange) -> FileChange {
        var copy = GitOracle.comparable(change)
        copy.oldCommit = nil
        copy.newCommit = nil
        return copy
    }
}

/// The modes and ids `git diff --raw` gives each path (`000000` and the zero id as `nil`).
enum GitModes {
    struct Sides: Equatable {
        var old: FileMode?
        var new: FileMode?
        var oldID: String?
        var newID: String?
    }

    static func read(in repository: String, _ arguments: [String], pathspecs: [String] = []) throws -> [RawPath: Sides] {
        let tail = pathspecs.isEmpty ? [] : ["--"] + pathspecs
        let output = try Shell.git(["diff", "-z", "--raw", "--no-abbrev"] + arguments + tail, in: repository).output
        var fields = output.split(separator: 0, omittingEmptySubsequences: false).map { Array($0) }
        if fields.last?.isEmpty == true { fields.removeLast() }
        var result: [RawPath: Sides] = [:]
        while !fields.isEmpty {
            let meta = String(decoding: fields.removeFirst(), as: UTF8.self).dropFirst().split(separator: " ")
            var path = fields.removeFirst()
            if meta[4].hasPrefix("R") || meta[4].hasPrefix("C") { path = fields.removeFirst() }
            func mode(_ text: Substring) -> FileMode? { text == "000000" ? nil : FileMode(rawValue: UInt32(text, radix: 8)!) }
            func id(_ text: Substring) -> String? { text.allSatisfy { $0 == "0" } ? nil : String(text) }
            result[RawPath(bytes: path)] = Sides(old: mode(meta[0]), new: mode(meta[1]), oldID: id(meta[2]), newID: id(meta[3]))
        }
        return result
    }
}
