import Foundation
internal import CLibGit2

/// A walk of two trees that yields what changed, like git's tree diff: entries are matched by
/// name in tree order, equal subtrees are skipped without being read, a file that became a
/// directory is a deletion plus additions, and a file that became a symlink or a submodule
/// is one type change.
struct TreeWalk {
    let repository: Repository
    /// Whether unmodified files are listed too (copy sources for `--find-copies-harder`).
    let includeUnmodified: Bool
    /// Subtrees where the pathspec can match nothing are skipped unread; files are not
    /// matched here.
    let pathspec: Pathspec?
    private(set) var entries: [ChangeEntry] = []
    /// The directories entered and the new tree's `.gitattributes` in them.
    private(set) var notes = TreeWalkNotes()
    private let database: ObjectDatabase

    init(repository: Repository, includeUnmodified: Bool, pathspec: Pathspec? = nil) throws {
        self.repository = repository
        self.includeUnmodified = includeUnmodified
        self.pathspec = pathspec
        database = try ObjectDatabase(repository)
    }

    fileprivate struct Item {
        var name: UnsafeBufferPointer<UInt8>
        var mode: UInt32
        var id: ObjectID
        var isTree: Bool { mode & 0o170000 == 0o040000 }
    }

    /// Compares the trees `old` and `new` (`nil` for none) found under `prefix` (ending in `/`).
    mutating func run(prefix start: [UInt8], old: ObjectID?, new: ObjectID?) throws {
        let oldTree = try old.map { try lookup($0, at: start) }
        let newTree = try new.map { $0 == old ? oldTree! : try lookup($0, at: start) }
        var prefix = start
        prefix.reserveCapacity(256)
        try walk(oldTree, newTree, &prefix)
    }

    /// One piece of a walk split for parallel workers.
    enum Piece: Sendable {
        /// Changes already known (files at the top level).
        case entries([ChangeEntry])
        /// A subtree still to compare.
        case subtree(prefix: [UInt8], old: ObjectID?, new: ObjectID?)
    }

    /// How many levels of directories ``parallel(repository:old:new:includeUnmodified:pathspec:)``
    /// reads itself before handing subtrees to workers: the top level alone is too coarse
    /// when one top-level directory holds most of the files.
    static let splitDepth = 2

    /// Compares `old` with `new` on all cores: the top two levels here, each changed subtree
    /// below them by a worker with its own repository handle; the result in path order, and
    /// the walk's notes of `new`.
    static func parallel(repository: Repository, old: ObjectID?, new: ObjectID?, includeUnmodified: Bool,
                         pathspec: Pathspec? = nil) throws -> (entries: [ChangeEntry], notes: TreeWalkNotes) {
        var top = try TreeWalk(repository: repository, includeUnmodified: includeUnmodified, pathspec: pathspec)
        let oldTree = try old.map { try top.lookup($0, at: []) }
        let newTree = try new.map { $0 == old ? oldTree! : try top.lookup($0, at: []) }
        var pieces: [Piece] = []
        try top.split(oldTree, newTree, prefix: [], depth: splitDepth - 1, into: &pieces)
        top.flush(into: &pieces)
        let location = repository.location
        let parts = try Parallel.map(count: pieces.count, chunk: 1, workers: location.workers,
                                     context: { try location.open() }) { worker, index in
            switch pieces[index] {
            case .entries(let entries):
                return (entries, TreeWalkNotes())
            case .subtree(let prefix, let old, let new):
                var walk = try TreeWalk(repository: worker, includeUnmodified: includeUnmodified, pathspec: pathspec)
                try walk.run(prefix: prefix, old: old, new: new)
                return (walk.entries, walk.notes)
            }
        }
        var notes = top.notes
        notes.tree = new
        for part in parts { notes.merge(part.1) }
        return (parts.flatMap { $0.0 }, notes)
    }

    /// Moves the entries found so far to the end of `pieces`.
    private mutating func flush(into pieces: inout [Piece]) {
        if !entries.isEmpty {
            pieces.append(.entries(entries))
            entries = []
        }
    }

    /// The top `depth + 1` levels of a walk under `start` as pieces, in order: files found
    /// here, and the subtrees below those levels still to compare.
    private mutating func split(_ old: RawTree?, _ new: RawTree?, prefix start: [UInt8], depth: Int,
                                into pieces: inout [Piece]) throws {
        defer { withExtendedLifetime(old) {}; withExtendedLifetime(new) {} }
        note(start, new)
        let left = old?.items ?? []
        let right = new?.items ?? []
        var i = 0, j = 0
        var prefix = start
        while i < left.count || j < right.count {
            let order: Int
            if i == left.count { order = 1 } else if j == right.count { order = -1 } else { order = Self.compare(left[i], right[j]) }
            let a: Item? = order <= 0 ? left[i] : nil
            let b: Item? = order >= 0 ? right[j] : nil
            if order <= 0 { i += 1 }
            if order >= 0 { j += 1 }
            let item = (a ?? b)!
            if item.isTree {
                if let a, let b, a.id == b.id, !includeUnmodified { continue }
                let path = start + Array(item.name) + [0x2F]
                if !mayMatch(under: path) { continue }
                if depth > 0 {
                    let oldTree = try a.map { try lookup($0.id, at: path) }
                    let newTree = try b.map { $0.id == a?.id ? oldTree! : try lookup($0.id, at: path) }
                    try split(oldTree, newTree, prefix: path, depth: depth - 1, into: &pieces)
                } else {
                    flush(into: &pieces)
                    pieces.append(.subtree(prefix: path, old: a?.id, new: b?.id))
                }
            } else if let a, let b {
                try both(a, b, &prefix)
            } else {
                try side(item, &prefix, deleted: a != nil)
            }
        }
    }

    /// Whether the pathspec may match a path below `directory` (ending in `/`).
    private func mayMatch(under directory: [UInt8]) -> Bool {
        pathspec?.mayMatch(under: directory) ?? true
    }

    /// git's tree order: names compared bytewise, a tree's name as if it ended in `/`.
    private static func compare(_ a: Item, _ b: Item) -> Int {
        let common = min(a.name.count, b.name.count)
        if common > 0 {
            let result = memcmp(a.name.baseAddress!, b.name.baseAddress!, common)
            if result != 0 { return Int(result) }
        }
        let ca: UInt8 = a.name.count > common ? a.name[common] : (a.isTree ? 0x2F : 0)
        let cb: UInt8 = b.name.count > common ? b.name[common] : (b.isTree ? 0x2F : 0)
        return Int(ca) - Int(cb)
    }

    /// The tree `id`, found at `path` (ending in `/`, empty for the top).
    fileprivate func lookup(_ id: ObjectID, at path: [UInt8]) throws -> RawTree {
        try RawTree(database, id, path: path, objectsDirectory: repository.objectsDirectory)
    }

    private mutating func walk(_ old: RawTree?, _ new: RawTree?, _ prefix: inout [UInt8]) throws {
        // The items' names point into the raw trees: keep them alive to the end.
        defer { withExtendedLifetime(old) {}; withExtendedLifetime(new) {} }
        note(prefix, new)
        let left = old?.items ?? []
        let right = new?.items ?? []
        var i = 0, j = 0
        while i < left.count || j < right.count {
            let order: Int
            if i == left.count { order = 1 } else if j == right.count { order = -1 } else { order = Self.compare(left[i], right[j]) }
            if order < 0 {
                try side(left[i], &prefix, deleted: true)
                i += 1
            } else if order > 0 {
                try side(right[j], &prefix, deleted: false)
                j += 1
            } else {
                try both(left[i], right[j], &prefix)
                i += 1
                j += 1
            }
        }
    }

    /// Notes the directory `prefix` as entered, with `new`'s `.gitattributes` entry (names
    /// are in tree order: none starting with `.` comes after one starting with a later byte).
    private mutating func note(_ prefix: [UInt8], _ new: RawTree?) {
        let name = AttributeLookup.fileName
        let entry = new?.items.lazy.prefix { $0.name.first.map { $0 <= name[0] } ?? true }
            .first { $0.name.elementsEqual(name) }
        notes.enter(prefix, attributesEntry: entry.map { ($0.mode, $0.id) })
    }

    /// An entry only on one side: a whole file, or every file of a subtree.
    private mutating func side(_ item: Item, _ prefix: inout [UInt8], deleted: Bool) throws {
        let mark = prefix.count
        defer { prefix.removeSubrange(mark...) }
        prefix.append(contentsOf: item.name)
        if item.isTree {
            prefix.append(0x2F)
            if !mayMatch(under: prefix) { return }
            let tree = try lookup(item.id, at: prefix)
            try walk(deleted ? tree : nil, deleted ? nil : tree, &prefix)
            return
        }
        let file = FileSide(path: Self.copy(prefix), mode: item.mode, id: item.id)
        entries.append(deleted ? ChangeEntry(kind: .deleted, old: file, new: nil)
                               : ChangeEntry(kind: .added, old: nil, new: file))
    }

    /// A path of its own, exactly as long as `prefix`: sharing the prefix's buffer would make
    /// the walk copy it (and grow it again) at its next change.
    private static func copy(_ prefix: [UInt8]) -> [UInt8] {
        prefix.withUnsafeBufferPointer { Array($0) }
    }

    private mutating func both(_ a: Item, _ b: Item, _ prefix: inout [UInt8]) throws {
        if a.id == b.id && a.mode == b.mode && !includeUnmodified { return }
        let mark = prefix.count
        defer { prefix.removeSubrange(mark...) }
        prefix.append(contentsOf: a.name)
        if a.isTree {   // both are trees: same name in tree order means same kind
            prefix.append(0x2F)
            if !mayMatch(under: prefix) { return }
            let oldTree = try lookup(a.id, at: prefix)
            let newTree = a.id == b.id ? oldTree : try lookup(b.id, at: prefix)
            try walk(oldTree, newTree, &prefix)
            return
        }
        let path = Self.copy(prefix)
        let old = FileSide(path: path, mode: a.mode, id: a.id)
        let new = FileSide(path: path, mode: b.mode, id: b.id)
        let kind: ChangeEntry.Kind
        if a.mode & 0o170000 != b.mode & 0o170000 {
            kind = .typeChanged
        } else if a.id == b.id && a.mode == b.mode {
            kind = .unmodified
        } else {
            kind = .modified
        }
        entries.append(ChangeEntry(kind: kind, old: old, new: new))
    }
}

/// A tree object read raw from the object database and split into entries, as git reads
/// trees: no parsed object, no object cache. The entries' names point into the raw data,
/// which lives as long as this object.
fileprivate final class RawTree {
    private let object: OpaquePointer
    let items: [TreeWalk.Item]

    /// Reads tree `id`, found at `path` (ending in `/`, empty for the top), for messages.
    init(_ database: ObjectDatabase, _ id: ObjectID, path: [UInt8], objectsDirectory: String) throws {
        var oid = id.oid
        var object: OpaquePointer?
        let shownPath = path.isEmpty ? nil : Array(path.dropLast())
        let code = git_odb_read(&object, database.pointer, &oid)
        guard code == 0, let object else {
            throw LibGit2.objectError(code, id: id, isTree: true, path: shownPath, objectsDirectory: objectsDirectory)
        }
        self.object = object
        guard git_odb_object_type(object) == GIT_OBJECT_TREE else {
            git_odb_object_free(object)
            throw AdapterError.missingObject(id: id.hex, isTree: true, path: shownPath.map { String(decoding: $0, as: UTF8.self) })
        }
        let size = git_odb_object_size(object)
        var items: [TreeWalk.Item] = []
        if size > 0, let data = git_odb_object_data(object) {
            let base = data.assumingMemoryBound(to: UInt8.self)
            let end = base + size
            var cursor = base
            while cursor < end {
                var mode: UInt32 = 0
                while cursor < end && cursor.pointee != 0x20 {
                    mode = mode << 3 | UInt32(cursor.pointee &- 0x30)
                    cursor += 1
                }
                cursor += 1
                let name = cursor
                while cursor < end && cursor.pointee != 0 { cursor += 1 }
                let nameLength = cursor - name
                cursor += 1
                guard end - cursor >= 20 else {
                    git_odb_object_free(object)
                    throw AdapterError.corruptObject(id: id.hex, looseFile: nil,
                                                     path: shownPath.map { String(decoding: $0, as: UTF8.self) })
                }
                let id = ObjectID(rawBytes: UnsafeRawPointer(cursor))
                cursor += 20
                items.append(TreeWalk.Item(name: UnsafeBufferPointer(start: name, count: nameLength), mode: mode, id: id))
            }
        }
        self.items = items
    }

    deinit { git_odb_object_free(object) }
}

extension TreeWalk {
    /// The comparison of trees A and C from that of A and B (`base`) and that of B and C
    /// (`step`), both as ``TreeWalk`` lists them (in path order, without unmodified files),
    /// with no tree read: where `step` has no entry, C is B and `base` holds; where `base` has
    /// none, A is B and `step` holds; where both have one, A's side comes from `base` and C's
    /// from `step`, and the kind is decided again as the walk decides it.
    static func composed(base: [ChangeEntry], step: [ChangeEntry]) -> [ChangeEntry] {
        var result: [ChangeEntry] = []
        result.reserveCapacity(base.count + step.count)
        var i = 0, j = 0
        while i < base.count || j < step.count {
            let order: Int
            if i == base.count { order = 1 } else if j == step.count { order = -1 } else {
                let a = base[i].path, b = step[j].path
                order = a == b ? 0 : (a.lexicographicallyPrecedes(b) ? -1 : 1)
            }
            if order < 0 {
                result.append(base[i])
                i += 1
            } else if order > 0 {
                result.append(step[j])
                j += 1
            } else {
                if let entry = entry(old: base[i].old, new: step[j].new) { result.append(entry) }
                i += 1
                j += 1
            }
        }
        return result
    }

    /// The entry for one path with these sides, as ``TreeWalk`` makes it; `nil` when unchanged.
    private static func entry(old: FileSide?, new: FileSide?) -> ChangeEntry? {
        switch (old, new) {
        case (nil, nil): return nil
        case (nil, let new?): return ChangeEntry(kind: .added, old: nil, new: new)
        case (let old?, nil): return ChangeEntry(kind: .deleted, old: old, new: nil)
        case (let old?, let new?):
            if old.id == new.id && old.mode == new.mode { return nil }
            let kind: ChangeEntry.Kind = old.mode & 0o170000 != new.mode & 0o170000 ? .typeChanged : .modified
            return ChangeEntry(kind: kind, old: old, new: new)
        }
    }
}
