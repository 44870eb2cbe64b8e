internal import CLibGit2
import Glibc
import TreeModel

/// What the index says of each path — object id, mode, stage and the flags a comparison reads
/// (intent-to-add, skip-worktree, assume-valid) — so live refresh can tell which paths an
/// index write changed, and each entry's file status data, so a changed entry can be put in
/// the index libgit2 holds as it is on disk. Timestamps and sizes are not compared: git
/// refreshing them changes no comparison.
///
/// The paths are kept in one buffer, the entries in one array (no allocation per entry).
public struct IndexSnapshot: Sendable {
    /// An entry's file status data, as the index stores it.
    struct Stat: Sendable, Equatable {
        var ctime: (seconds: Int32, nanoseconds: UInt32)
        var mtime: (seconds: Int32, nanoseconds: UInt32)
        var device, inode, user, group, size: UInt32

        static let empty = Stat(ctime: (0, 0), mtime: (0, 0), device: 0, inode: 0, user: 0, group: 0, size: 0)

        static func == (left: Stat, right: Stat) -> Bool {
            left.ctime == right.ctime && left.mtime == right.mtime && left.device == right.device
                && left.inode == right.inode && left.user == right.user && left.group == right.group && left.size == right.size
        }
    }

    struct Entry: Sendable {
        var pathStart: Int
        var pathCount: Int
        var stage: UInt16
        var id: ObjectID
        var mode: UInt32
        /// The kept bits of the entry's flags, its extended flags shifted 16 bits up.
        var flags: UInt32
        var stat: Stat

        /// Whether the two entries say the same of their path (file status data aside).
        func sameContent(as other: Entry) -> Bool {
            stage == other.stage && id == other.id && mode == other.mode && flags == other.flags
        }
    }

    /// The paths of ``entries``, one after another.
    var paths: [UInt8] = []
    /// The entries in the index's order (by path, then stage).
    var entries: [Entry] = []

    /// Adds an entry for the `count` bytes at `path`.
    mutating func append(path: UnsafeBufferPointer<UInt8>, stage: UInt16, id: ObjectID, mode: UInt32, flags: UInt32,
                         stat: Stat) {
        entries.append(Entry(pathStart: paths.count, pathCount: path.count, stage: stage, id: id, mode: mode,
                             flags: flags, stat: stat))
        paths.append(contentsOf: path)
    }

    /// The path of `entry`.
    func path(of entry: Entry) -> [UInt8] {
        Array(paths[entry.pathStart..<(entry.pathStart + entry.pathCount)])
    }

    /// The byte order of the paths of `entry` (in this snapshot) and `other` (in `snapshot`).
    func comparePath(_ entry: Entry, _ other: Entry, in snapshot: IndexSnapshot) -> Int32 {
        paths.withUnsafeBufferPointer { mine in
            snapshot.paths.withUnsafeBufferPointer { theirs in
                let shared = min(entry.pathCount, other.pathCount)
                let order = shared == 0 ? 0 : memcmp(mine.baseAddress! + entry.pathStart,
                                                     theirs.baseAddress! + other.pathStart, shared)
                if order != 0 { return order }
                return entry.pathCount == other.pathCount ? 0 : (entry.pathCount < other.pathCount ? -1 : 1)
            }
        }
    }

    /// The paths whose entries differ between `earlier` and this snapshot (added, removed or
    /// changed), each once, in byte order: one merge of the two sorted lists.
    public func changedPaths(since earlier: IndexSnapshot) -> [RawPath] {
        var changed: [[UInt8]] = []
        func note(_ path: [UInt8]) {
            if changed.last != path { changed.append(path) }
        }
        var old = 0
        var new = 0
        while old < earlier.entries.count && new < entries.count {
            let before = earlier.entries[old]
            let after = entries[new]
            let order = earlier.comparePath(before, after, in: self)
            if order == 0 && before.stage == after.stage {
                if !before.sameContent(as: after) { note(path(of: after)) }
                old += 1
                new += 1
            } else if order < 0 || (order == 0 && before.stage < after.stage) {
                note(earlier.path(of: before))
                old += 1
            } else {
                note(path(of: after))
                new += 1
            }
        }
        for entry in earlier.entries[old...] { note(earlier.path(of: entry)) }
        for entry in entries[new...] { note(path(of: entry)) }
        return Set(changed).sorted { $0.lexicographicallyPrecedes($1) }.map(RawPath.init(bytes:))
    }

    /// The positions of the entries at `path` (one per stage).
    func positions(of path: [UInt8]) -> Range<Int> {
        let probe = path.withUnsafeBufferPointer { buffer in
            var single = IndexSnapshot()
            single.append(path: buffer, stage: 0, id: .zero, mode: 0, flags: 0, stat: .empty)
            return single
        }
        let key = probe.entries[0]
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if comparePath(entries[middle], key, in: probe) < 0 { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < entries.count && comparePath(entries[end], key, in: probe) == 0 { end += 1 }
        return low..<end
    }
}

extension IndexSnapshot.Entry {
    /// The bits of an entry's flags a snapshot keeps.
    static let keptFlags = UInt32(GIT_INDEX_ENTRY_VALID.rawValue)
    /// The bits of an entry's extended flags a snapshot keeps.
    static let keptExtendedFlags = GIT_INDEX_ENTRY_INTENT_TO_ADD.rawValue | GIT_INDEX_ENTRY_SKIP_WORKTREE.rawValue

    /// `flags` and `extended` as a snapshot keeps them.
    static func kept(flags: UInt16, extended: UInt16) -> UInt32 {
        UInt32(flags) & keptFlags | (UInt32(extended) & keptExtendedFlags) << 16
    }
}

extension Repository {
    /// The index as it is on disk now (the one a comparison would read), read by libgit2 into
    /// this handle's index when it changed.
    public func indexSnapshot() throws -> IndexSnapshot {
        var index: OpaquePointer?
        try LibGit2.check(git_repository_index(&index, handle))
        defer { git_index_free(index) }
        try LibGit2.check(git_index_read(index, 0))
        let count = git_index_entrycount(index)
        var snapshot = IndexSnapshot()
        snapshot.entries.reserveCapacity(count)
        for position in 0..<count {
            guard let entry = git_index_get_byindex(index, position)?.pointee, let name = entry.path else { continue }
            let stat = IndexSnapshot.Stat(
                ctime: (entry.ctime.seconds, entry.ctime.nanoseconds), mtime: (entry.mtime.seconds, entry.mtime.nanoseconds),
                device: entry.dev, inode: entry.ino, user: entry.uid, group: entry.gid, size: entry.file_size)
            name.withMemoryRebound(to: UInt8.self, capacity: 1) { bytes in
                snapshot.append(path: UnsafeBufferPointer(start: bytes, count: strlen(name)),
                                stage: UInt16((UInt32(entry.flags) & UInt32(GIT_INDEX_ENTRY_STAGEMASK)) >> 12),
                                id: ObjectID(entry.id), mode: entry.mode,
                                flags: IndexSnapshot.Entry.kept(flags: entry.flags, extended: entry.flags_extended), stat: stat)
            }
        }
        return snapshot
    }
}
