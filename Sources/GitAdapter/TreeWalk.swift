internal import CLibGit2
import Foundation

/// A walk of two trees that yields what changed, like git's tree diff: entries are matched by
/// name in tree order, equal subtrees are skipped without being read, a file that became a
/// directory is a deletion plus additions, and a file that became a symlink or a submodule
/// is one type change.
struct TreeWalk {
    let repository: Repository
    /// Whether unmodified files are listed too (copy sources for `--find-copies-harder`).
    let includeUnmodified: Bool
    private(set) var entries: [ChangeEntry] = []

    init(repository: Repository, includeUnmodified: Bool) {
        self.repository = repository
        self.includeUnmodified = includeUnmodified
    }

    private struct Item {
        var name: UnsafeBufferPointer<UInt8>
        var mode: UInt32
        var id: ObjectID
        var isTree: Bool { mode & 0o170000 == 0o040000 }
    }

    /// Compares the trees `old` and `new` (`nil` for none) found under `prefix` (ending in `/`).
    mutating func run(prefix start: [UInt8], old: ObjectID?, new: ObjectID?) throws {
        let oldTree = try old.map(lookup)
        defer { if let oldTree { git_tree_free(oldTree) } }
        let newTree = try new.map { $0 == old ? oldTree! : try lookup($0) }
        defer { if let newTree, newTree != oldTree { git_tree_free(newTree) } }
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

    /// Compares `old` with `new` on all cores: the top level here, each changed top-level
    /// directory by a worker with its own repository handle; the result in path order.
    static func parallel(repository: Repository, old: OpaquePointer?, new: OpaquePointer?,
                         includeUnmodified: Bool) throws -> [ChangeEntry] {
        var top = TreeWalk(repository: repository, includeUnmodified: includeUnmodified)
        let pieces = try top.split(old, new)
        let location = repository.location
        let parts = try Parallel.map(count: pieces.count, chunk: 1, context: { try location.open() }) { worker, index in
            switch pieces[index] {
            case .entries(let entries):
                return entries
            case .subtree(let prefix, let old, let new):
                var walk = TreeWalk(repository: worker, includeUnmodified: includeUnmodified)
                try walk.run(prefix: prefix, old: old, new: new)
                return walk.entries
            }
        }
        return parts.flatMap { $0 }
    }

    /// The top level of a walk as pieces, in order.
    private mutating func split(_ old: OpaquePointer?, _ new: OpaquePointer?) throws -> [Piece] {
        let left = items(old)
        let right = items(new)
        var pieces: [Piece] = []
        func flush(_ walk: inout TreeWalk) {
            if !walk.entries.isEmpty {
                pieces.append(.entries(walk.entries))
                walk.entries = []
            }
        }
        var i = 0, j = 0
        var prefix: [UInt8] = []
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
                flush(&self)
                pieces.append(.subtree(prefix: Array(item.name) + [0x2F], old: a?.id, new: b?.id))
            } else if let a, let b {
                try both(a, b, &prefix)
            } else {
                try side(item, &prefix, deleted: a != nil)
            }
        }
        flush(&self)
        return pieces
    }

    private func items(_ tree: OpaquePointer?) -> [Item] {
        guard let tree else { return [] }
        let count = git_tree_entrycount(tree)
        var result: [Item] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            let entry = git_tree_entry_byindex(tree, index)
            let name = git_tree_entry_name(entry)!
            let length = strlen(name)
            let bytes = UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self)
            result.append(Item(name: UnsafeBufferPointer(start: bytes, count: length),
                               mode: UInt32(git_tree_entry_filemode(entry).rawValue),
                               id: ObjectID(git_tree_entry_id(entry).pointee)))
        }
        return result
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

    private func lookup(_ id: ObjectID) throws -> OpaquePointer {
        var oid = id.oid
        var tree: OpaquePointer?
        try LibGit2.check(git_tree_lookup(&tree, repository.handle, &oid), "git_tree_lookup")
        return tree!
    }

    private mutating func walk(_ old: OpaquePointer?, _ new: OpaquePointer?, _ prefix: inout [UInt8]) throws {
        let left = items(old)
        let right = items(new)
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

    /// An entry only on one side: a whole file, or every file of a subtree.
    private mutating func side(_ item: Item, _ prefix: inout [UInt8], deleted: Bool) throws {
        let mark = prefix.count
        defer { prefix.removeSubrange(mark...) }
        prefix.append(contentsOf: item.name)
        if item.isTree {
            let tree = try lookup(item.id)
            defer { git_tree_free(tree) }
            prefix.append(0x2F)
            try walk(deleted ? tree : nil, deleted ? nil : tree, &prefix)
            return
        }
        let file = FileSide(path: prefix, mode: item.mode, id: item.id)
        entries.append(deleted ? ChangeEntry(kind: .deleted, old: file, new: nil)
                               : ChangeEntry(kind: .added, old: nil, new: file))
    }

    private mutating func both(_ a: Item, _ b: Item, _ prefix: inout [UInt8]) throws {
        if a.id == b.id && a.mode == b.mode && !includeUnmodified { return }
        let mark = prefix.count
        defer { prefix.removeSubrange(mark...) }
        prefix.append(contentsOf: a.name)
        if a.isTree {   // both are trees: same name in tree order means same kind
            let oldTree = try lookup(a.id)
            defer { git_tree_free(oldTree) }
            let newTree = a.id == b.id ? oldTree : try lookup(b.id)
            defer { if newTree != oldTree { git_tree_free(newTree) } }
            prefix.append(0x2F)
            try walk(oldTree, newTree, &prefix)
            return
        }
        let old = FileSide(path: prefix, mode: a.mode, id: a.id)
        let new = FileSide(path: prefix, mode: b.mode, id: b.id)
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
