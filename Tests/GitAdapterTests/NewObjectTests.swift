import Foundation
import Testing
import TreeModel
import TestSupport
@testable import GitAdapter

/// Each change's new-side object id, against the id git records for the same side: the new
/// tree's entries, the index's, or — for the working tree — what `git add -A` puts into a
/// copy of the index.
struct NewObjectTests {
    /// Path → id as `git ls-files -s` (stage 0) or `git ls-tree -r` lists them.
    static func recorded(_ repo: String, _ arguments: [String], environment: [String: String] = [:]) throws -> [RawPath: String] {
        let result = try Shell.run("git", arguments + ["-z"], in: repo, environment: environment)
        guard result.status == 0 else { throw GitFailure(message: "git \(arguments): \(result.error)") }
        var ids: [RawPath: String] = [:]
        for record in result.output.split(separator: 0) {
            guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else { continue }
            let fields = String(decoding: record[..<tab], as: UTF8.self).split(separator: " ")
            if arguments.first == "ls-files" && fields[2] != "0" { continue }
            ids[RawPath(bytes: Array(record[(tab + 1)...]))] = String(fields[arguments.first == "ls-files" ? 1 : 2])
        }
        return ids
    }

    /// What `git add -A` would record for every working-tree path, in an index of its own.
    static func workingTreeIDs(_ repo: String) throws -> [RawPath: String] {
        let index = try Fixtures.temporaryDirectory() + "/index"
        try FileManager.default.copyItem(atPath: Shell.git(["rev-parse", "--git-path", "index"], in: repo).text
            .trimmingCharacters(in: .newlines).absolute(in: repo), toPath: index)
        let environment = ["GIT_INDEX_FILE": index]
        let added = try Shell.run("git", ["add", "-A"], in: repo, environment: environment)
        guard added.status == 0 else { throw GitFailure(message: added.error) }
        return try recorded(repo, ["ls-files", "-s"], environment: environment)
    }

    static func newObjects(_ repo: String, _ request: ComparisonRequest) throws -> ChangeSet {
        var request = request
        if request.newObjects == .none { request.newObjects = .all }
        return try Repository.open(at: repo, environment: TestEnvironment.variables()).changes(for: request)
    }

    static func expect(_ set: ChangeSet, equal recorded: [RawPath: String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(set.newObjects.count == set.changes.count, sourceLocation: sourceLocation)
        #expect(!set.changes.isEmpty, sourceLocation: sourceLocation)
        for (change, id) in zip(set.changes, set.newObjects) {
            let expected = change.status == .deleted || change.status == .unmerged ? nil : recorded[change.path]
            #expect(id?.hex == expected, "\(change.path) \(change.status.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
        }
    }

    /// `hostile-names~1`: the fixture with its last commit undone (`reset --soft`), so that
    /// its names are changes in the working tree.
    @Test(arguments: ["worktree", "partly-staged", "symlinks", "submodules", "conflicts", "hostile-names~1", "intent-to-add", "readme"])
    func workingTreeFilesGetTheIdGitAddWouldRecord(fixture: String) throws {
        let repo = try Fixtures.fresh(String(fixture.prefix { $0 != "~" }))
        if fixture.hasSuffix("~1") { try Shell.git(["reset", "-q", "--soft", "HEAD~1"], in: repo) }
        let set = try Self.newObjects(repo, ComparisonRequest(countLines: false))
        Self.expect(set, equal: try Self.workingTreeIDs(repo))
    }

    @Test(arguments: ["worktree", "partly-staged", "symlinks", "submodules", "conflicts"])
    func stagedFilesGetTheIndexId(fixture: String) throws {
        let repo = try Fixtures.repository(fixture)
        let set = try Self.newObjects(repo, ComparisonRequest(staged: true))
        Self.expect(set, equal: try Self.recorded(repo, ["ls-files", "-s"]))
    }

    @Test(arguments: [["main..feature"], ["main...feature"], ["--find-copies", "main..feature"]])
    func committedFilesGetTheTreeEntryId(arguments: [String]) throws {
        let repo = try Fixtures.repository("branches")
        let copies = arguments.first == "--find-copies"
        let set = try Self.newObjects(repo, ComparisonRequest(revisions: [arguments.last!],
                                                              renames: copies ? .copies(threshold: nil, harder: false) : nil))
        #expect(set.changes.contains { $0.status == (copies ? .copied : .renamed) })
        Self.expect(set, equal: try Self.recorded(repo, ["ls-tree", "-r", "feature"]))
    }

    @Test func onlyThePathsAskedForAreHashed() throws {
        let repo = try Fixtures.repository("partly-staged")
        let all = try Self.newObjects(repo, ComparisonRequest(countLines: false))
        let wanted: Set = [RawPath("lib/both.c"), RawPath("top-untracked.txt"), RawPath("gone.txt")]
        let some = try Self.newObjects(repo, ComparisonRequest(countLines: false, newObjects: .paths(wanted)))
        #expect(some.changes == all.changes)
        for (index, change) in some.changes.enumerated() {
            #expect(some.newObjects[index] == (wanted.contains(change.path) ? all.newObjects[index] : nil), "\(change.path)")
        }
        #expect(some.newObjects.compactMap { $0 }.count == 2, "a deletion has no new side")
        let none = try Repository.open(at: repo, environment: TestEnvironment.variables()).changes(for: ComparisonRequest(countLines: false))
        #expect(none.newObjects.isEmpty)
    }

    @Test func aLinkedWorktreeSharesTheMainGitDirectory() throws {
        let repo = try Fixtures.repository("linked-worktree")
        let repository = try Repository.open(at: repo, environment: TestEnvironment.variables())
        let common = try Shell.git(["rev-parse", "--git-common-dir"], in: repo).text.trimmingCharacters(in: .newlines)
        #expect(URL(fileURLWithPath: repository.commonGitDirectory).standardizedFileURL.path
                == URL(fileURLWithPath: common.absolute(in: repo)).standardizedFileURL.path)
        #expect(repository.commonGitDirectory != repository.gitDirectory)
    }
}

private extension String {
    /// The path, made absolute from `directory` when it is relative.
    func absolute(in directory: String) -> String { hasPrefix("/") ? self : directory + "/" + self }
}
