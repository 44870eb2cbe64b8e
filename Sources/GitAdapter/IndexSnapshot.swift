internal import CLibGit2
import TreeModel

/// What the index says of each path — object id, mode, stage and the flags a comparison reads
/// (intent-to-add, skip-worktree, assume-valid) — so live refresh can tell which paths an
/// index write changed. Timestamps and sizes are left out: git refreshing them changes no
/// comparison.
public struct IndexSnapshot: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        var path: [UInt8]
        var stage: UInt16
        var id: ObjectID
        var mode: UInt32
        var flags: UInt32

        func sortsBefore(_ other: Entry) -> Bool {
            path == other.path ? stage < other.stage : path.lexicographicallyPrecedes(other.path)
        }
    }

    /// The entries in the index's order (by path, then stage).
    var entries: [Entry]

    /// The paths whose entries differ between `earlier` and this snapshot (added, removed or
    /// changed), each once, in byte order.
    public func changedPaths(since earlier: IndexSnapshot) -> [RawPath] {
        var changed: [[UInt8]] = []
        var old = earlier.entries[...]
        var new = entries[...]
        while let first = old.first, let second = new.first {
            if first == second {
                old.removeFirst()
                new.removeFirst()
            } else if first.sortsBefore(second) {
                changed.append(first.path)
                old.removeFirst()
            } else if second.sortsBefore(first) {
                changed.append(second.path)
                new.removeFirst()
            } else {
                changed.append(first.path)
                old.removeFirst()
                new.removeFirst()
            }
        }
        changed += old.map(\.path) + new.map(\.path)
        let unique = Set(changed)
        return unique.sorted { $0.lexicographicallyPrecedes($1) }.map(RawPath.init(bytes:))
    }
}

extension Repository {
    /// The index as it is on disk now (the one a comparison would read).
    public func indexSnapshot() throws -> IndexSnapshot {
        var index: OpaquePointer?
        try LibGit2.check(git_repository_index(&index, handle))
        defer { git_index_free(index) }
        try LibGit2.check(git_index_read(index, 0))
        let count = git_index_entrycount(index)
        var entries: [IndexSnapshot.Entry] = []
        entries.reserveCapacity(count)
        let kept = UInt32(GIT_INDEX_ENTRY_VALID.rawValue) | UInt32(GIT_INDEX_ENTRY_STAGEMASK)
        let extended = GIT_INDEX_ENTRY_INTENT_TO_ADD.rawValue | GIT_INDEX_ENTRY_SKIP_WORKTREE.rawValue
        for position in 0..<count {
            guard let entry = git_index_get_byindex(index, position)?.pointee else { continue }
            let flags = UInt32(entry.flags) & kept | UInt32(entry.flags_extended) & extended << 16
            entries.append(IndexSnapshot.Entry(
                path: Self.path(entry.path).bytes, stage: UInt16((UInt32(entry.flags) & UInt32(GIT_INDEX_ENTRY_STAGEMASK)) >> 12),
                id: ObjectID(entry.id), mode: entry.mode, flags: flags))
        }
        return IndexSnapshot(entries: entries)
    }
}
