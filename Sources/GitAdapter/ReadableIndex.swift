import Foundation
internal import CLibGit2

/// An index libgit2 1.5 refuses, read as git reads it and handed to libgit2 in memory (the
/// file is never written): a **sparse index** (`index.sparse`, the `sdir` extension), whose
/// sparse-directory entries are expanded from their trees into skip-worktree file entries, as
/// git expands them for a diff (`ensure_full_index`); and an index whose trailing checksum
/// does not match, which git does not check when it reads one.
///
/// Entries git would find racily clean (modified no earlier than the index file) get size 0,
/// as git's index writer smudges them, so libgit2, which checks no timestamps of an index
/// held in memory, still reads their content.
///
/// What one handle read is kept for the others of the same process (``shared``): a worker's
/// handle takes it in ``Repository/adoptReadableIndex()``.
enum ReadableIndex {
    /// An expanded index, by index file path, with the file's modification time.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var known: [String: (stamp: timespec, snapshot: IndexSnapshot)] = [:]

    /// The expanded index of the file at `path` as it is now, if one was made.
    static func shared(_ path: String) -> IndexSnapshot? {
        lock.lock()
        let found = known[path]
        lock.unlock()
        guard let found, let stamp = modificationTime(path), found.stamp.tv_sec == stamp.tv_sec,
              found.stamp.tv_nsec == stamp.tv_nsec else { return nil }
        return found.snapshot
    }

    static func remember(_ snapshot: IndexSnapshot, for path: String, stamp: timespec) {
        lock.lock()
        defer { lock.unlock() }
        known[path] = (stamp, snapshot)
    }

    static func modificationTime(_ path: String) -> timespec? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mtim
    }

    /// `snapshot` with its sparse-directory entries replaced by the files of their trees
    /// (skip-worktree, no stat data) and racily clean entries smudged; `nil` when a tree
    /// cannot be read.
    static func expanded(_ snapshot: IndexSnapshot, stamp: timespec, in repository: Repository) -> IndexSnapshot? {
        var result = IndexSnapshot()
        result.entries.reserveCapacity(snapshot.entries.count)
        let skipWorktree = IndexSnapshot.Entry.kept(flags: 0, extended: UInt16(GIT_INDEX_ENTRY_SKIP_WORKTREE.rawValue))
        for entry in snapshot.entries {
            let path = snapshot.path(of: entry)
            if entry.mode & 0o170000 == 0o040000 {
                var files: [(path: [UInt8], mode: UInt32, id: ObjectID)] = []
                guard collect(entry.id, prefix: path, in: repository, into: &files) else { return nil }
                for file in files.sorted(by: { $0.path.lexicographicallyPrecedes($1.path) }) {
                    file.path.withUnsafeBufferPointer { bytes in
                        result.append(path: bytes, stage: 0, id: file.id, mode: file.mode, flags: skipWorktree, stat: .empty)
                    }
                }
                continue
            }
            var stat = entry.stat
            let mtime = entry.stat.mtime
            if Int(mtime.seconds) > stamp.tv_sec || (Int(mtime.seconds) == stamp.tv_sec && Int(mtime.nanoseconds) >= stamp.tv_nsec) {
                stat.size = 0
            }
            path.withUnsafeBufferPointer { bytes in
                result.append(path: bytes, stage: entry.stage, id: entry.id, mode: entry.mode, flags: entry.flags, stat: stat)
            }
        }
        return result
    }

    /// The files (not trees) below the tree `id`, their paths after `prefix` (ending in `/`).
    private static func collect(_ id: ObjectID, prefix: [UInt8], in repository: Repository,
                                into files: inout [(path: [UInt8], mode: UInt32, id: ObjectID)]) -> Bool {
        var oid = id.oid
        var tree: OpaquePointer?
        guard git_tree_lookup(&tree, repository.handle, &oid) == 0, let tree else { return false }
        defer { git_tree_free(tree) }
        var directories: [([UInt8], ObjectID)] = []
        for position in 0..<git_tree_entrycount(tree) {
            guard let entry = git_tree_entry_byindex(tree, position), let name = git_tree_entry_name(entry) else { return false }
            let path = prefix + Array(UnsafeBufferPointer(start: UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self),
                                                          count: strlen(name)))
            let mode = UInt32(git_tree_entry_filemode(entry).rawValue)
            let entryID = ObjectID(git_tree_entry_id(entry).pointee)
            if mode & 0o170000 == 0o040000 {
                directories.append((path + [UInt8(ascii: "/")], entryID))
            } else {
                files.append((path, mode, entryID))
            }
        }
        return directories.allSatisfy { collect($0.1, prefix: $0.0, in: repository, into: &files) }
    }
}

extension Repository {
    /// Reads the index file as git does when libgit2 cannot (see ``ReadableIndex``) and gives
    /// this handle that index in memory; `false` when git could not read it either (nothing
    /// changed then).
    func installReadableIndex() throws -> Bool {
        let path = indexPath
        guard let stamp = ReadableIndex.modificationTime(path) else { return false }
        let snapshot: IndexSnapshot
        if let shared = ReadableIndex.shared(path) {
            snapshot = shared
        } else {
            guard let read = IndexSnapshot.read(indexFile: path, sparse: true),
                  let expanded = ReadableIndex.expanded(read, stamp: stamp, in: self) else { return false }
            snapshot = expanded
            ReadableIndex.remember(snapshot, for: path, stamp: stamp)
        }
        try install(snapshot)
        return true
    }

    /// Gives this handle the index another handle of this process read (a worker's handle
    /// on a sparse index); nothing when there is none.
    func adoptReadableIndex() throws {
        guard let snapshot = ReadableIndex.shared(indexPath) else { return }
        try install(snapshot)
    }

    /// Gives this handle an empty index in memory: a comparison of two trees reads no
    /// index, as git's does not (attributes then come from the working tree's files alone).
    func detachIndex() throws {
        var index: OpaquePointer?
        try LibGit2.check(git_index_new(&index))
        defer { git_index_free(index) }
        try LibGit2.check(git_repository_set_index(handle, index))
    }

    private func install(_ snapshot: IndexSnapshot) throws {
        var index: OpaquePointer?
        try LibGit2.check(git_index_new(&index))
        defer { git_index_free(index) }
        try LibGit2.check(git_index_set_version(index, 3))
        for entry in snapshot.entries {
            var raw = Self.indexEntry(entry)
            let code = snapshot.path(of: entry).withCString { name in
                raw.path = name
                return git_index_add(index, &raw)
            }
            try LibGit2.check(code)
        }
        try LibGit2.check(git_repository_set_index(handle, index))
    }
}

extension ResolvedComparison {
    /// Whether the comparison reads the index: not between two trees, as git's does not.
    var readsIndex: Bool {
        if case .tree = newSide { return false }
        return true
    }
}
