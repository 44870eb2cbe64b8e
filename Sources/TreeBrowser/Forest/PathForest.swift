import TreeModel

/// The mutable tree of paths behind ``TreeBrowserModel``: slots addressed by index, slot 0
/// the invisible root, children kept in ``TreeOrder``, each file with its change and each
/// node with the roll-up of everything below it (Docs/TreeModel.md#status-and-roll-ups).
///
/// A slot is never reused while the forest lives (a removed node is only marked dead), so a
/// slot number identifies one node with one path; this lets visible rows be compared by
/// slot, and lets a journal undo changes (for all-or-nothing batches) without a copy.
struct PathForest: RowProjection, Sendable {
    struct Node: Sendable {
        var path: TreePath
        var nameStart: Int
        var parent: Int
        let isDirectory: Bool
        var depth: Int
        var position = 0
        var sequence: Int
        var children: [Int] = []
        /// A file's change (a path given without one is a change without a status).
        var change: FileChange?
    }

    /// A change the journal can undo.
    enum Change: Sendable {
        case created(Int)
        case removed(slot: Int, position: Int)
        case replaced(slot: Int, old: FileChange)
    }

    /// What a view shows of a node besides its shape: a file's change, a node's roll-up.
    struct Decoration: Equatable, Sendable {
        var change: FileChange?
        var summary: ChangeSummary
    }

    static let root = 0
    var nodes: [Node]
    /// Per slot, beside ``nodes``: kind, life and expansion (``NodeFlags``).
    private(set) var flags: [NodeFlags]
    /// Per slot: what a filter reads of a file's change (``FileTally``).
    private(set) var tallies: [FileTally]
    /// Per slot: the roll-up of every file below a directory, or a file's own summary.
    private(set) var summaries: [ChangeSummary]
    /// The child lists in one flat array, while no child list has changed since
    /// ``indexChildren()``.
    private(set) var childTable: ChildTable?
    var lookup: [PathKey: Int] = [:]
    var nextSequence = 0
    var journal: [Change]?
    /// While journaling, the decoration each node had before the journal first changed it.
    var decorationsBefore: [Int: Decoration] = [:]
    let order: TreeOrder
    /// Whether a file and a directory may share a path, as in a git change set (`src`
    /// deleted, `src/a.c` added); a bare path list may not hold both.
    let allowsFileAndDirectory: Bool
    var liveCount = 0
    /// Whether directory-only chains are one row (the browser's projection in force).
    var flattensChains = true
    /// What a filter leaves shown, or `nil` when every node is shown. Lookups, children,
    /// roll-ups and rows see only shown nodes; mutations lift it first
    /// (``TreeBrowserModel``'s filter).
    var projection: ForestProjection?

    init(order: TreeOrder, allowsFileAndDirectory: Bool, capacity: Int = 0) {
        self.order = order
        self.allowsFileAndDirectory = allowsFileAndDirectory
        let rootPath = try! TreePath(RawPath("root/"))
        nodes = [Node(path: rootPath, nameStart: 0, parent: -1, isDirectory: true, depth: -1, sequence: -1)]
        flags = [[.directory, .alive, .expanded]]
        tallies = [FileTally(nil)]
        summaries = [ChangeSummary()]
        reserveCapacity(capacity * 2 + 1)
        lookup.reserveCapacity(capacity * 2)
    }

    func isDirectory(_ node: Int) -> Bool { flags[node].contains(.directory) }

    /// Whether `slot` has not been removed.
    func isAlive(_ slot: Int) -> Bool { flags[slot].contains(.alive) }

    /// Whether directory `slot`'s own state is open.
    func isExpanded(_ slot: Int) -> Bool { flags[slot].contains(.expanded) }

    // MARK: Inserting

    /// Inserts `path` and its missing ancestors, at their ordered places when `ordered`
    /// (else call ``sortAll()`` after building). A file carries `change`, or a change without
    /// a status. Returns the new slots, outermost first; none when `path` exists.
    @discardableResult
    mutating func insert(_ path: TreePath, change: FileChange? = nil, ordered: Bool) throws(PathConflict) -> [Int] {
        if conflicts(path) { throw PathConflict() }
        if slot(of: path) != nil { return [] }
        let bytes = path.normalized.bytes
        var missing: [Int] = [bytes.count]
        var parent = Self.root
        var end = bytes.count
        while let slash = bytes[..<end].lastIndex(of: UInt8(ascii: "/")) {
            if let existing = directory(normalized: Array(bytes[..<slash])) {
                parent = existing
                break
            }
            missing.append(slash)
            end = slash
        }
        var created: [Int] = []
        created.reserveCapacity(missing.count)
        for end in missing.reversed() {
            let newPath = end == bytes.count
                ? path : try! TreePath(RawPath(bytes: Array(bytes[..<end]) + [UInt8(ascii: "/")]))
            parent = append(newPath, under: parent, ordered: ordered, change: end == bytes.count ? change : nil)
            created.append(parent)
        }
        return created
    }

    /// Adds a node for `path` below `parent`, at its ordered place or last, with its change
    /// (a file) rolled up into every ancestor.
    mutating func append(_ path: TreePath, under parent: Int, ordered: Bool, change: FileChange? = nil) -> Int {
        let slot = nodes.count
        let bytes = path.normalized.bytes
        let nameStart = bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        var node = Node(path: path, nameStart: nameStart, parent: parent, isDirectory: path.isDirectory,
                        depth: nodes[parent].depth + 1, sequence: nextSequence)
        if !path.isDirectory {
            var fileChange = change ?? FileChange(status: nil, path: path.normalized)
            fileChange.path = path.normalized
            node.change = fileChange
        }
        store(node, summary: node.change.map { ChangeSummary(CollectionOfOne($0)) } ?? ChangeSummary())
        nextSequence += 1
        lookup[PathKey(path)] = slot
        liveCount += 1
        childTable = nil
        if ordered {
            let at = insertionIndex(of: slot, in: nodes[parent].children)
            nodes[parent].children.insert(slot, at: at)
            renumber(children: parent, from: at)
        } else {
            nodes[slot].position = nodes[parent].children.count
            nodes[parent].children.append(slot)
        }
        rollUp(summaries[slot], above: slot, adding: true)
        journal?.append(.created(slot))
        return slot
    }

    /// Adds (or takes away) `summary` to the roll-up of every ancestor of `slot`, the root included.
    mutating func rollUp(_ summary: ChangeSummary, above slot: Int, adding: Bool) {
        guard summary.files > 0 else { return }
        var current = nodes[slot].parent
        while current >= 0 {
            noteDecoration(of: current)
            if adding { summaries[current].add(summary) } else { summaries[current].subtract(summary) }
            current = nodes[current].parent
        }
    }

    /// Gives file `slot` a new change; roll-ups follow.
    mutating func replaceChange(of slot: Int, with change: FileChange) {
        guard let old = nodes[slot].change else { return }
        var change = change
        change.path = nodes[slot].path.normalized
        noteDecoration(of: slot)
        setChange(of: slot, to: change)
        journal?.append(.replaced(slot: slot, old: old))
    }

    /// Gives file `slot` `change`, its own summary and filter key, its old summary taken out
    /// of its ancestors' roll-ups and the new one added.
    mutating func setChange(of slot: Int, to change: FileChange) {
        rollUp(summaries[slot], above: slot, adding: false)
        nodes[slot].change = change
        tallies[slot] = FileTally(change)
        summaries[slot] = ChangeSummary(CollectionOfOne(change))
        rollUp(summaries[slot], above: slot, adding: true)
    }

    /// Gives file `slot`'s change the view state `state` (its summary does not count it).
    mutating func setViewState(of slot: Int, to state: ViewState) {
        nodes[slot].change?.viewState = state
        tallies[slot].setViewed(state == .viewed)
    }

    /// Remembers the decoration of `slot` before the journal first changes it.
    private mutating func noteDecoration(of slot: Int) {
        guard journal != nil, decorationsBefore[slot] == nil else { return }
        decorationsBefore[slot] = Decoration(change: nodes[slot].change, summary: summaries[slot])
    }

    /// Makes ``childTable`` again after child lists changed.
    mutating func indexChildren() {
        if childTable == nil { childTable = ChildTable(self) }
    }

    /// Drops ``childTable`` before a child list changes.
    mutating func dropChildTable() { childTable = nil }

    /// Appends `node` at the next slot, alive and closed, with its roll-up or own summary.
    mutating func store(_ node: Node, summary: ChangeSummary) {
        nodes.append(node)
        flags.append(.live(isDirectory: node.isDirectory))
        tallies.append(FileTally(node.change))
        summaries.append(summary)
    }

    /// Gives the root the roll-up of every file (a forest built with its roll-ups).
    mutating func setRootSummary(_ summary: ChangeSummary) { summaries[Self.root] = summary }

    /// Makes room for `count` nodes.
    mutating func reserveCapacity(_ count: Int) {
        nodes.reserveCapacity(count)
        flags.reserveCapacity(count)
        tallies.reserveCapacity(count)
        summaries.reserveCapacity(count)
    }

    /// Keeps only the nodes at `kept`, in that order (their links already renumbered).
    mutating func keepOnly(_ kept: [Int], nodes keptNodes: [Node]) {
        flags = kept.map { flags[$0] }
        tallies = kept.map { tallies[$0] }
        summaries = kept.map { summaries[$0] }
        nodes = keptNodes
    }

    mutating func setExpanded(_ slot: Int, _ expanded: Bool) {
        if expanded { flags[slot].insert(.expanded) } else { flags[slot].remove(.expanded) }
    }

    /// Marks `slot` removed, or alive again.
    mutating func setAlive(_ slot: Int, _ alive: Bool) {
        if alive { flags[slot].insert(.alive) } else { flags[slot].remove(.alive) }
    }

    /// Opens or closes every directory.
    mutating func setAllExpanded(_ expanded: Bool) {
        let open = NodeFlags.expanded.rawValue, directory = NodeFlags.directory.rawValue
        let shift = open.trailingZeroBitCount - directory.trailingZeroBitCount
        flags.withUnsafeMutableBufferPointer { flags in
            flags.withMemoryRebound(to: UInt8.self) { bytes in
                for slot in bytes.indices.dropFirst() {
                    let kind = bytes[slot] & directory
                    bytes[slot] = expanded ? bytes[slot] | (kind << shift) : bytes[slot] & ~open
                }
            }
        }
    }
}

/// A path given as a file where a directory of that name exists, or the other way round.
struct PathConflict: Error {}

/// What the hot passes of a ``PathForest`` read of each node — its kind, whether it is alive,
/// whether it is expanded — one byte per slot, kept apart from the nodes themselves: making
/// the rows of a fully expanded tree, or opening every directory, then reads a byte array
/// instead of a node of two hundred bytes per row.
struct NodeFlags: OptionSet, Sendable {
    let rawValue: UInt8

    /// A directory (else a file).
    static let directory = NodeFlags(rawValue: 1)
    /// Not removed.
    static let alive = NodeFlags(rawValue: 2)
    /// A directory whose own state is open.
    static let expanded = NodeFlags(rawValue: 4)

    /// The flags of a new live node.
    static func live(isDirectory: Bool) -> NodeFlags { isDirectory ? [.alive, .directory] : .alive }
}

/// A node's identity as a dictionary key: its normalized path bytes and whether it is a
/// directory (a change set may hold a file and a directory of one name: `src` and `src/`).
/// The bytes are hashed as one buffer rather than byte by byte.
struct PathKey: Hashable, Sendable {
    let bytes: [UInt8]
    let isDirectory: Bool

    init(_ bytes: [UInt8], isDirectory: Bool) {
        self.bytes = bytes
        self.isDirectory = isDirectory
    }

    init(_ path: TreePath) { self.init(path.normalized.bytes, isDirectory: path.isDirectory) }

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        hasher.combine(isDirectory)
    }
}

/// Every live directory's children in one flat array, in order: what making rows reads
/// instead of each node's own child list, which would cost a cache miss per directory
/// (the rows of a fully expanded tree of 175,000 nodes in a few milliseconds).
///
/// A snapshot: ``PathForest`` drops it on any change to a child list and
/// ``TreeBrowserModel`` makes it again once a change is done; rows are made from the nodes
/// while there is none.
struct ChildTable: Sendable {
    /// Per slot and one more: where the slot's children start in ``children`` (they end where
    /// the next slot's start).
    private let starts: [Int32]
    private let children: [Int]
    /// How many live directories there are (the root included).
    let directoryCount: Int

    /// The table of `forest`'s live directories.
    init(_ forest: PathForest) {
        var starts = [Int32](repeating: 0, count: forest.nodes.count + 1)
        var children: [Int] = []
        var directoryCount = 0
        children.reserveCapacity(forest.liveCount)
        forest.nodes.withUnsafeBufferPointer { nodes in
            forest.flags.withUnsafeBufferPointer { flags in
                for slot in nodes.indices {
                    starts[slot] = Int32(children.count)
                    guard flags[slot].isSuperset(of: [.alive, .directory]) else { continue }
                    children.append(contentsOf: nodes[slot].children)
                    directoryCount += 1
                }
            }
        }
        starts[forest.nodes.count] = Int32(children.count)
        self.starts = starts
        self.children = children
        self.directoryCount = directoryCount
    }

    /// Calls `body` with the lists, read in place.
    func withLists<Result>(_ body: (Lists) -> Result) -> Result {
        starts.withUnsafeBufferPointer { starts in
            children.withUnsafeBufferPointer { children in body(Lists(starts: starts, children: children)) }
        }
    }

    /// The lists as ``withLists(_:)`` lends them.
    struct Lists {
        let starts: UnsafeBufferPointer<Int32>
        let children: UnsafeBufferPointer<Int>

        /// The children of `slot`, in order.
        @inline(__always)
        subscript(slot: Int) -> UnsafeBufferPointer<Int> {
            UnsafeBufferPointer(rebasing: children[Int(starts[slot])..<Int(starts[slot + 1])])
        }
    }
}
