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

    /// Compares `old` with `new` (`nil` is the empty tree).
    mutating func run(old: OpaquePointer?, new: OpaquePointer?) throws {
        var prefix: [UInt8] = []
        prefix.reserveCapacity(256)
        try walk(old, new, &prefix)
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
