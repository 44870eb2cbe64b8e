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

    struct Item {
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
        var parts = try Parallel.map(count: pieces.count, chunk: 1, workers: location.workers,
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
        notes.merge(parts.map(\.1))
        var found = parts.indices.map { index in
            var entries: [ChangeEntry] = []
            swap(&entries, &parts[index].0)
            return entries
        }
        return (.concatenatingByMoving(&found, placeholder: ChangeEntry(kind: .unmodified)), notes)
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
        note(start, new)
        var frame = Frame(old, new, mark: start.count)
        var prefix = start
        while let (a, b) = frame.next() {
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
            } else {
                let mark = prefix.count
                _ = try visit(a, b, &prefix)
                prefix.removeSubrange(mark...)
            }
        }
    }

    /// Whether the pathspec may match a path below `directory` (ending in `/`).
    private func mayMatch(under directory: [UInt8]) -> Bool {
        pathspec?.mayMatch(under: directory) ?? true
    }

    /// git's tree order: names compared bytewise, a tree's name as if it ended in `/`.
    fileprivate static func compare(_ a: Item, _ b: Item) -> Int {
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
    func lookup(_ id: ObjectID, at path: [UInt8]) throws -> RawTree {
        try RawTree(database, id, path: path, objectsDirectory: repository.objectsDirectory)
    }

    /// One directory of a walk in progress: its two sides' entries and where the walk is in
    /// them. The walk keeps a stack of these instead of recursing, so a tree nested
    /// thousands of levels deep needs no more than heap memory (git's walk does not recurse either).
    private struct Frame {
        /// The trees the items' names point into, kept alive as long as the frame.
        let trees: (old: RawTree?, new: RawTree?)
        let left: [Item]
        let right: [Item]
        /// The length of the directory's path in the walk's prefix.
        let mark: Int
        var i = 0, j = 0

        init(_ old: RawTree?, _ new: RawTree?, mark: Int) {
            trees = (old, new)
            left = old?.items ?? []
            right = new?.items ?? []
            self.mark = mark
        }

        /// The next entry on either side or both, matched by name in tree order; `nil` at the end.
        mutating func next() -> (old: Item?, new: Item?)? {
            if i == left.count && j == right.count { return nil }
            let order: Int
            if i == left.count { order = 1 } else if j == right.count { order = -1 } else { order = TreeWalk.compare(left[i], right[j]) }
            let a: Item? = order <= 0 ? left[i] : nil
            let b: Item? = order >= 0 ? right[j] : nil
            if order <= 0 { i += 1 }
            if order >= 0 { j += 1 }
            return (a, b)
        }
    }

    private mutating func walk(_ old: RawTree?, _ new: RawTree?, _ prefix: inout [UInt8]) throws {
        note(prefix, new)
        var stack = [Frame(old, new, mark: prefix.count)]
        while !stack.isEmpty {
            let top = stack.count - 1
            guard let (a, b) = stack[top].next() else {
                stack.removeLast()
                continue
            }
            prefix.removeSubrange(stack[top].mark...)
            if let (oldTree, newTree) = try visit(a, b, &prefix) {
                note(prefix, newTree)
                stack.append(Frame(oldTree, newTree, mark: prefix.count))
            }
        }
        if let start = stack.first?.mark { prefix.removeSubrange(start...) }
    }

    /// Notes the directory `prefix` as entered, with `new`'s `.gitattributes` entry (names
    /// are in tree order: none starting with `.` comes after one starting with a later byte).
    private mutating func note(_ prefix: [UInt8], _ new: RawTree?) {
        let name = AttributeLookup.fileName
        let entry = new?.items.lazy.prefix { $0.name.first.map { $0 <= name[0] } ?? true }
            .first { $0.name.elementsEqual(name) }
        notes.enter(prefix, attributesEntry: entry.map { ($0.mode, $0.id) })
    }

    /// An entry only on one side: a whole file; for a directory, its tree to enter (`prefix`
    /// then ends in its path and `/`).
    private mutating func side(_ item: Item, _ prefix: inout [UInt8], deleted: Bool) throws -> (old: RawTree?, new: RawTree?)? {
        prefix.append(contentsOf: item.name)
        if item.isTree {
            prefix.append(0x2F)
            if !mayMatch(under: prefix) { return nil }
            let tree = try lookup(item.id, at: prefix)
            return deleted ? (tree, nil) : (nil, tree)
        }
        let file = FileSide(path: Self.copy(prefix), mode: item.mode, id: item.id)
        entries.append(deleted ? ChangeEntry(kind: .deleted, old: file, new: nil)
                               : ChangeEntry(kind: .added, old: nil, new: file))
        return nil
    }

    /// A path of its own, exactly as long as `prefix`: sharing the prefix's buffer would make
    /// the walk copy it (and grow it again) at its next change.
    private static func copy(_ prefix: [UInt8]) -> [UInt8] {
        prefix.withUnsafeBufferPointer { Array($0) }
    }

    /// Records the entry of one name on either side or both, its path appended to `prefix`;
    /// for a directory to enter, its trees (`prefix` then ends in its path and `/`).
    private mutating func visit(_ a: Item?, _ b: Item?, _ prefix: inout [UInt8]) throws -> (old: RawTree?, new: RawTree?)? {
        guard let a, let b else { return try side((a ?? b)!, &prefix, deleted: a != nil) }
        if a.id == b.id && a.mode == b.mode && !includeUnmodified { return nil }
        prefix.append(contentsOf: a.name)
        if a.isTree {   // both are trees: same name in tree order means same kind
            prefix.append(0x2F)
            if !mayMatch(under: prefix) { return nil }
            let oldTree = try lookup(a.id, at: prefix)
            let newTree = a.id == b.id ? oldTree : try lookup(b.id, at: prefix)
            return (oldTree, newTree)
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
        return nil
    }
}
