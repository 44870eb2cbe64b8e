import Foundation
import Testing
import TestSupport
import TreeModel
@testable import GitAdapter

/// Live refresh's own read of the index file, against libgit2's read of the same file; the
/// changed entries it puts into a kept handle's index, against a whole read on a new handle;
/// and paths holding pathspec wildcards, read literally.
@Suite(.serialized) struct IndexRefreshTests {
    @Test(arguments: ["conflicts", "intent-to-add", "sparse", "hostile-names", "submodules"])
    func theIndexFileReadsAsLibgit2ReadsIt(fixture: String) throws {
        let repository = try Repository.open(at: try Fixtures.repository(fixture), environment: TestEnvironment.variables())
        try Self.expectSameReads(repository)
    }

    @Test(arguments: [2, 3, 4])
    func everyIndexVersionReads(version: Int) throws {
        let path = try Fixtures.fresh("hostile-names")
        try Shell.git(["update-index", "--index-version", String(version)], in: path)
        let repository = try Repository.open(at: path, environment: TestEnvironment.variables())
        try Self.expectSameReads(repository)
    }

    @Test func changedEntriesReachTheKeptHandle() throws {
        let path = try Self.repository(files: ["a.txt", "b/c.txt", "b/d.txt", "e.txt"])
        let repository = try Repository.open(at: path, environment: TestEnvironment.variables())
        let request = ComparisonRequest(staged: true, newObjects: .all)
        let oldID = try repository.changes(for: request).oldID
        let before = try repository.indexSnapshot()
        try "changed\n".write(toFile: path + "/a.txt", atomically: false, encoding: .utf8)
        try "new\n".write(toFile: path + "/b/new.txt", atomically: false, encoding: .utf8)
        try Shell.git(["add", "a.txt", "b/new.txt"], in: path)
        try Shell.git(["rm", "-q", "--cached", "b/c.txt"], in: path)
        try Shell.git(["update-index", "--chmod=+x", "e.txt"], in: path)
        try Shell.git(["update-index", "--skip-worktree", "b/d.txt"], in: path)
        let (after, changed) = try repository.refreshIndex(since: before)
        #expect(changed.map(\.description) == ["a.txt", "b/c.txt", "b/d.txt", "b/new.txt", "e.txt"])
        let onDisk = try #require(IndexSnapshot.read(indexFile: repository.indexPath))
        #expect(after.changedPaths(since: onDisk).isEmpty)
        let scoped = try #require(try repository.changes(at: changed, for: ComparisonRequest(staged: true, renames: .off,
                                                                                            newObjects: .all), oldID: oldID))
        let whole = try Repository.open(at: path, environment: TestEnvironment.variables())
            .changes(for: ComparisonRequest(staged: true, renames: .off, newObjects: .all))
        #expect(scoped.changes == whole.changes)
        #expect(scoped.changes.count == 4)
    }

    /// Skip-worktree entries stand for their files; their names hold `[` and `*`, which
    /// libgit2 must not take as a pattern (`w[1].txt` would match `w1.txt` and not itself).
    @Test func wildcardNamesAreReadLiterally() throws {
        let names = ["w[1].txt", "w*x.txt", "w1.txt", "wax.txt"]
        let path = try Self.repository(files: names)
        for name in names.prefix(2) {
            try "staged\n".write(toFile: path + "/" + name, atomically: false, encoding: .utf8)
            try Shell.git(["add", "--", name], in: path)
            try Shell.git(["update-index", "--skip-worktree", "--", name], in: path)
            try "in the working tree\n".write(toFile: path + "/" + name, atomically: false, encoding: .utf8)
        }
        let repository = try Repository.open(at: path, environment: TestEnvironment.variables())
        let request = ComparisonRequest(renames: .off)
        let whole = try repository.changes(for: request)
        #expect(whole.changes.map(\.path.description) == ["w*x.txt", "w[1].txt"])
        for name in names.prefix(2) {
            let scoped = try #require(try repository.changes(at: [RawPath(bytes: Array(name.utf8))], for: request,
                                                             oldID: whole.oldID))
            #expect(scoped.changes == whole.changes.filter { $0.path.description == name })
        }
    }

    private static func expectSameReads(_ repository: Repository) throws {
        let mine = try #require(IndexSnapshot.read(indexFile: repository.indexPath))
        let libgit2 = try repository.indexSnapshot()
        #expect(!mine.entries.isEmpty)
        #expect(summary(mine) == summary(libgit2))
        #expect(mine.changedPaths(since: libgit2).isEmpty)
    }

    private static func summary(_ snapshot: IndexSnapshot) -> [String] {
        snapshot.entries.map { entry in
            let stat = entry.stat
            return "\(snapshot.path(of: entry)) \(entry.stage) \(entry.id.hex) \(entry.mode) \(entry.flags) "
                + "\(stat.ctime) \(stat.mtime) \(stat.device) \(stat.inode) \(stat.user) \(stat.group) \(stat.size)"
        }
    }

    /// A new repository with one commit of `files`.
    private static func repository(files: [String]) throws -> String {
        let path = try Fixtures.temporaryDirectory()
        try Shell.git(["init", "-q", "-b", "main"], in: path)
        for file in files {
            let full = path + "/" + file
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try "\(file)\n".write(toFile: full, atomically: false, encoding: .utf8)
        }
        try Shell.git(["add", "-A"], in: path)
        try Shell.git(["-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-qm", "start"], in: path)
        return path
    }
}
