internal import CLibGit2
import TreeModel

extension Repository {
    /// Live refresh's read of a changed index: the index file as it is now, and the paths
    /// whose entries differ from `earlier` (what this handle's index holds). The index file
    /// is read without libgit2 (``IndexSnapshot/init(indexFile:)``), and only the changed
    /// entries are put into this handle's in-memory index (never written), so a refresh does
    /// not have libgit2 read 100,000 entries again. A file that reader does not take is read
    /// by libgit2 instead.
    public func refreshIndex(since earlier: IndexSnapshot) throws -> (snapshot: IndexSnapshot, changed: [RawPath]) {
        guard let now = IndexSnapshot.read(indexFile: indexPath) else {
            let now = try indexSnapshot()
            return (now, now.changedPaths(since: earlier))
        }
        let changed = now.changedPaths(since: earlier)
        if changed.isEmpty { return (now, []) }
        var index: OpaquePointer?
        try LibGit2.check(git_repository_index(&index, handle))
        defer { git_index_free(index) }
        for path in changed {
            try path.bytes.withCString { name in
                for position in earlier.positions(of: path.bytes) {
                    let code = git_index_remove(index, name, Int32(earlier.entries[position].stage))
                    if code != GIT_ENOTFOUND.rawValue { try LibGit2.check(code) }
                }
                for position in now.positions(of: path.bytes) {
                    var entry = Self.indexEntry(now.entries[position])
                    entry.path = name
                    try LibGit2.check(git_index_add(index, &entry))
                }
            }
        }
        return (now, changed)
    }

    /// libgit2's form of `entry` (its path left to the caller).
    private static func indexEntry(_ entry: IndexSnapshot.Entry) -> git_index_entry {
        var result = git_index_entry()
        result.ctime = git_index_time(seconds: entry.stat.ctime.seconds, nanoseconds: entry.stat.ctime.nanoseconds)
        result.mtime = git_index_time(seconds: entry.stat.mtime.seconds, nanoseconds: entry.stat.mtime.nanoseconds)
        result.dev = entry.stat.device
        result.ino = entry.stat.inode
        result.uid = entry.stat.user
        result.gid = entry.stat.group
        result.file_size = entry.stat.size
        result.mode = entry.mode
        result.id = entry.id.oid
        result.flags = UInt16(entry.stage) << 12 | UInt16(truncatingIfNeeded: entry.flags)
        result.flags_extended = UInt16(truncatingIfNeeded: entry.flags >> 16)
        return result
    }
}
