import Glibc
import TreeModel
internal import CLibGit2

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
    func changedPaths(since earlier: IndexSnapshot) -> [RawPath] {
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
        if git_index_path(index) != nil { try LibGit2.check(git_index_read(index, 0)) }
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

extension IndexSnapshot {
    /// The snapshot of the index file whose bytes are `file` (versions 2, 3 and 4), read
    /// without libgit2: no allocation per entry, no checksum of the whole file (git does not
    /// check it either). `nil` for a file it does not take: a split index, another version,
    /// a damaged file, and a sparse index unless `sparse` (its directory entries are then
    /// kept as they are, mode `040000`, path ending in `/`).
    init?(indexFile file: UnsafeRawBufferPointer, sparse: Bool = false) {
        guard file.count >= 32, file.starts(with: "DIRC".utf8) else { return nil }
        let version = Self.word(file, 4)
        guard (2...4).contains(version) else { return nil }
        let count = Int(Self.word(file, 8))
        let end = file.count - 20
        var offset = 12
        var previous: [UInt8] = []
        entries.reserveCapacity(count)
        paths.reserveCapacity(file.count / 2)
        for _ in 0..<count {
            let start = offset
            guard start + 62 <= end else { return nil }
            let flags = UInt16(truncatingIfNeeded: Self.word(file, start + 58))
            let isExtended = version >= 3 && flags & 0x4000 != 0
            let extended = isExtended ? UInt16(truncatingIfNeeded: Self.word(file, start + 60)) : 0
            var pathStart = start + (isExtended ? 64 : 62)
            if version == 4 {
                guard let (strip, length) = Self.varint(file, pathStart, end: end), strip <= previous.count,
                      let suffixEnd = Self.nul(file, from: pathStart + length, end: end) else { return nil }
                previous.removeLast(strip)
                previous.append(contentsOf: file[(pathStart + length)..<suffixEnd])
                pathStart = suffixEnd
                offset = suffixEnd + 1
            } else {
                guard let pathEnd = Self.nul(file, from: pathStart, end: end) else { return nil }
                previous.removeAll(keepingCapacity: true)
                previous.append(contentsOf: file[pathStart..<pathEnd])
                offset = start + ((pathEnd - start + 8) & ~7)
            }
            let stat = Stat(ctime: (Int32(bitPattern: Self.word(file, start)), Self.word(file, start + 4)),
                            mtime: (Int32(bitPattern: Self.word(file, start + 8)), Self.word(file, start + 12)),
                            device: Self.word(file, start + 16), inode: Self.word(file, start + 20),
                            user: Self.word(file, start + 28), group: Self.word(file, start + 32),
                            size: Self.word(file, start + 36))
            previous.withUnsafeBufferPointer { path in
                append(path: path, stage: (flags & 0x3000) >> 12, id: ObjectID(rawBytes: file.baseAddress! + start + 40), mode: Self.word(file, start + 24),
                       flags: Entry.kept(flags: flags, extended: extended), stat: stat)
            }
        }
        while offset + 8 <= end {
            let signature = file[offset..<(offset + 4)]
            if signature.elementsEqual("link".utf8) || (!sparse && signature.elementsEqual("sdir".utf8)) { return nil }
            offset += 8 + Int(Self.word(file, offset + 4))
        }
    }

    /// The snapshot of the index file at `path`, or `nil` when it cannot be read or is not
    /// taken (`sparse` as for ``init(indexFile:sparse:)``).
    static func read(indexFile path: String, sparse: Bool = false) -> IndexSnapshot? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        let size = Int(status.st_size)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 8)
        defer { buffer.deallocate() }
        var filled = 0
        while filled < size {
            let count = Glibc.read(descriptor, buffer.baseAddress! + filled, size - filled)
            guard count > 0 else { return nil }
            filled += count
        }
        return IndexSnapshot(indexFile: UnsafeRawBufferPointer(rebasing: buffer[0..<size]), sparse: sparse)
    }

    private static func word(_ file: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        UInt32(bigEndian: file.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// The end of the NUL-terminated string at `start`.
    private static func nul(_ file: UnsafeRawBufferPointer, from start: Int, end: Int) -> Int? {
        guard start < end, let found = memchr(file.baseAddress! + start, 0, end - start) else { return nil }
        return found - UnsafeMutableRawPointer(mutating: file.baseAddress!)
    }

    /// Index version 4's count of bytes to drop from the previous path (git's offset varint),
    /// and the varint's length.
    private static func varint(_ file: UnsafeRawBufferPointer, _ start: Int, end: Int) -> (Int, Int)? {
        var position = start
        guard position < end else { return nil }
        var byte = file[position]
        var value = Int(byte & 127)
        while byte & 128 != 0 {
            position += 1
            guard position < end, value < Int.max >> 8 else { return nil }
            byte = file[position]
            value = ((value + 1) << 7) + Int(byte & 127)
        }
        return (value, position - start + 1)
    }
}
