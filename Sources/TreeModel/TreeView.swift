/// What a static rendering shows of a ``ChangeTree``: which rows, which of them are open,
/// which match a search, and the summaries of what is shown.
///
/// - Flattening follows ``TreeProjection`` (chains count children in the whole tree).
/// - `depth`: rows at levels below `depth` are open, deeper directories are collapsed rows
///   with their roll-up; `nil` opens everything.
/// - Search (Docs/TreeModel.md#search): `hide` shows only matches and their ancestors, and lists and
///   counts only matching files; `collapse` closes everything but the way to the matches;
///   `expand` keeps the expansion and opens the way to every match.
public struct TreeView: Sendable {
    /// The whole tree.
    public let changeTree: ChangeTree
    /// Row shapes (flattened chains).
    public let projection: TreeProjection
    /// The search query, if any.
    public let query: SearchQuery?
    /// The search, if any.
    public let search: TreeSearch?
    /// The search mode, when searching.
    public let searchMode: SearchMode?
    /// Summaries of what is shown below each node (only matching files under `hide`).
    public let summaries: NodeSummaries
    /// The files shown, sorted by path bytes, each path once.
    public var listedChanges: [FileChange] { filteredChanges ?? changeTree.sortedChanges }
    /// The number of files shown (``listedChanges``' count, without making them).
    public var listedCount: Int { filteredEntries?.count ?? changeTree.tree.uniqueEntriesInByteOrder.count }
    /// The input entries of the files shown, in the order of ``listedChanges``.
    public var listedEntries: [Int] { filteredEntries ?? changeTree.tree.uniqueEntriesInByteOrder }
    private let filteredEntries: [Int]?
    private let filteredChanges: [FileChange]?
    private let expanded: [Bool]

    /// What is shown of `changeTree` with these flattening, depth and search settings.
    /// `counts`, when given, says which file nodes count in ``summaries`` (the others are
    /// still listed and shown: generated files, left out of the totals).
    public init(
        changeTree: ChangeTree, flatten: Bool = true, depth: Int? = nil,
        query: SearchQuery? = nil, searchMode: SearchMode = .hide, counts: (@Sendable (Int) -> Bool)? = nil
    ) {
        let tree = changeTree.tree
        self.changeTree = changeTree
        self.projection = TreeProjection(tree: tree, flatten: flatten)
        self.query = query
        let search = query.map { TreeSearch(tree: tree, query: $0) }
        self.search = search
        self.searchMode = search == nil ? nil : searchMode

        if let search, searchMode == .hide {
            let matches = search.matches
            let includes: @Sendable (Int) -> Bool
            if let counts {
                includes = { matches[$0] && counts($0) }
            } else {
                includes = { matches[$0] }
            }
            self.summaries = NodeSummaries(tree: tree, source: changeTree.source, includes: includes)
            let entries = tree.uniqueEntriesInByteOrder.filter { matches[tree.nodeOfEntry[$0]] }
            self.filteredEntries = entries
            self.filteredChanges = entries.map(changeTree.change(ofEntry:))
        } else {
            self.summaries = counts.map { NodeSummaries(tree: tree, source: changeTree.source, includes: $0) } ?? changeTree.summaries
            self.filteredEntries = nil
            self.filteredChanges = nil
        }

        var expanded = [Bool](repeating: false, count: tree.slots.count)
        let startsCollapsed = search != nil && searchMode == .collapse
        if !startsCollapsed {
            Self.expand(projection, depth: depth, into: &expanded)
        }
        if let search {
            for index in tree.slots.indices where search.leadsToMatch[index] && tree.slots[index].isDirectory {
                expanded[index] = true
            }
        }
        expanded[FileTree.root] = true
        self.expanded = expanded
    }

    /// Opens the directories whose rows lie on levels below `depth` (``ExpansionDepth``).
    /// A node's parent comes before it in the tree's storage, so one pass in storage order
    /// knows every parent's row level before its children's.
    private static func expand(_ projection: TreeProjection, depth: Int?, into expanded: inout [Bool]) {
        let slots = projection.tree.slots
        guard let depth else {
            for index in expanded.indices { expanded[index] = slots[index].isDirectory }
            return
        }
        var levels = [Int32](repeating: 0, count: slots.count)
        for index in slots.indices.dropFirst() where slots[index].isDirectory {
            let parent = Int(slots[index].parent)
            let level = projection.rowLevel(of: index, parentRowLevel: parent == FileTree.root ? nil : Int(levels[parent]))
            levels[index] = Int32(clamping: level)
            expanded[index] = ExpansionDepth.opens(rowLevel: level, depth: depth)
        }
    }

    /// The top-level rows shown.
    public var topLevel: [ProjectedNode] { children(of: FileTree.root) }

    /// The rows shown below an open row's node.
    public func children(of node: Int) -> [ProjectedNode] {
        let rows = projection.children(of: node)
        guard let search, searchMode == .hide else { return rows }
        return rows.filter { search.leadsToMatch[$0.node] }
    }

    /// Whether a directory row is open (its children shown) rather than a collapsed row.
    public func isExpanded(_ row: ProjectedNode) -> Bool { expanded[row.node] }

    /// Whether some rows below an open row are left out (search in `hide` mode).
    var filtersRows: Bool { search != nil && searchMode == .hide }

    /// Whether the row ending at each node is open, indexed like the tree's nodes.
    var expandedNodes: [Bool] { expanded }

    /// Whether a row matches the search.
    public func isMatch(_ row: ProjectedNode) -> Bool { search?.matches[row.node] ?? false }

    /// The summary of everything shown.
    public var total: ChangeSummary { summaries[FileTree.root] }

    /// Whether a search found nothing.
    public var searchFoundNothing: Bool { search.map { $0.matchOrder.isEmpty } ?? false }
}

extension TreeView {
    /// The rows shown, top to bottom: a depth-first walk over the projection that enters a
    /// row only when it is open and, under `hide`, skips rows that lead to no match.
    public var visibleRows: VisibleRows { VisibleRows(view: self, opensEverything: false) }

    /// The rows shown with every directory open, whatever the depth and the search mode
    /// (the JSON tree); under `hide`, rows that lead to no match are still left out.
    public var allRows: VisibleRows { VisibleRows(view: self, opensEverything: true) }

    /// Calls `body` with each row of ``visibleRows`` (of ``allRows`` when `opensEverything`),
    /// top to bottom, lending it rather than copying it: the fastest way through the rows.
    public func forEachVisibleRow(opensEverything: Bool = false, _ body: (VisibleRow) throws -> Void) rethrows {
        var walker = RowWalker(view: self, opensEverything: opensEverything)
        while walker.advance() { try body(walker.row) }
    }

    /// The rows of a view, walked lazily: no row is stored.
    public struct VisibleRows: Sequence, Sendable {
        let view: TreeView
        let opensEverything: Bool

        public func makeIterator() -> Iterator { Iterator(walker: RowWalker(view: view, opensEverything: opensEverything)) }

        /// Yields the rows of the walk one by one.
        public struct Iterator: IteratorProtocol {
            var walker: RowWalker

            public mutating func next() -> VisibleRow? { walker.advance() ? walker.row : nil }
        }
    }
}

/// The one walk over the rows of a view, with one stack of open rows: ``row`` is updated in
/// place from one row to the next, so walking allocates nothing per row.
struct RowWalker {
    /// Rows being walked: the children of one node, from position `next` on.
    private struct Frame {
        /// Where the children start in the tree's child list.
        var start: Int
        var count: Int
        /// The position of the next child shown (`count` when none is left).
        var next: Int
    }

    /// The current row (before the first ``advance()``, a closed placeholder).
    private(set) var row = VisibleRow(projected: ProjectedNode(first: FileTree.root, node: FileTree.root), level: 0,
                                      isLast: true, guides: AncestorGuides(), isDirectory: false, isExpanded: false,
                                      isMatch: false)
    // What the walk reads of the view, each kept apart so that reading it copies nothing big.
    private let chains: StoredChains
    private let slots: [FileTree.Slot]
    private let list: [Int32]
    private let expanded: [Bool]
    /// Whether each node matches the search (empty without a search).
    private let matches: [Bool]
    /// Under `hide`, whether each node leads to a match (empty when nothing is left out).
    private let shown: [Bool]
    private let opensEverything: Bool
    /// The children being walked, and the frames of the open rows above them.
    private var frame = Frame(start: 0, count: 0, next: 0)
    private var stack: [Frame] = []

    init(view: TreeView, opensEverything: Bool) {
        self.chains = view.projection.chains
        self.slots = view.changeTree.tree.slots
        self.list = view.changeTree.tree.childList
        self.expanded = view.expandedNodes
        self.matches = view.search?.matches ?? []
        self.shown = view.filtersRows ? view.search?.leadsToMatch ?? [] : []
        self.opensEverything = opensEverything
        frame = childFrame(of: FileTree.root)
    }

    /// Moves to the next row; `false` when the walk is over.
    mutating func advance() -> Bool {
        if row.isExpanded {
            row.guides.append(!row.isLast)
            stack.append(frame)
            frame = childFrame(of: row.node)
        }
        while frame.next >= frame.count {
            guard let parent = stack.popLast() else {
                row.isExpanded = false
                return false
            }
            frame = parent
            row.guides.removeLast()
        }
        let following = nextShown(start: frame.start, count: frame.count, from: frame.next + 1)
        let head = Int(list[frame.start + frame.next])
        frame.next = following
        let isDirectory = slots[head].isDirectory
        let node = isDirectory ? chains.rowEnd(from: head) : head
        row.projected = ProjectedNode(first: head, node: node)
        row.level = stack.count
        row.isLast = following == frame.count
        row.isDirectory = isDirectory
        row.isExpanded = isDirectory && (opensEverything || expanded[node])
        row.isMatch = !matches.isEmpty && matches[node]
        return true
    }

    /// The frame of the children of `node`, at the first one shown.
    private func childFrame(of node: Int) -> Frame {
        let slot = slots[node]
        let start = Int(slot.childStart), count = Int(slot.childCount)
        return Frame(start: start, count: count, next: nextShown(start: start, count: count, from: 0))
    }

    /// The first position at or after `position` among the children in
    /// `list[start..<start+count]` whose row is shown, or `count`.
    @inline(__always)
    private func nextShown(start: Int, count: Int, from position: Int) -> Int {
        guard !shown.isEmpty else { return position }
        var position = position
        while position < count, !shown[chains.rowEnd(from: Int(list[start + position]))] { position += 1 }
        return position
    }
}

/// One row of a ``TreeView`` as a drawing needs it: which nodes it shows, where it sits, and
/// how it looks (Docs/TreeModel.md#expansion-and-depth). ``TreeView/visibleRows`` yields them
/// top to bottom.
public struct VisibleRow: Hashable, Sendable {
    /// The nodes of the row: its first node and the node it stands for (the same unless the
    /// row is a flattened chain).
    public internal(set) var projected: ProjectedNode
    /// The row's level: top-level rows are on level 0, an open row's children one below it.
    public internal(set) var level: Int
    /// Whether no later sibling of the row is shown.
    public internal(set) var isLast: Bool
    /// For each ancestor row, whether a later sibling of it is shown.
    public internal(set) var guides: AncestorGuides
    /// Whether the row is a directory (or a flattened chain of them).
    public internal(set) var isDirectory: Bool
    /// Whether the row is an open directory: its children follow it.
    public internal(set) var isExpanded: Bool
    /// Whether the row matches the search.
    public internal(set) var isMatch: Bool

    /// A row; `guides` must record `level` ancestors.
    public init(projected: ProjectedNode, level: Int, isLast: Bool, guides: AncestorGuides,
                isDirectory: Bool, isExpanded: Bool, isMatch: Bool) {
        self.projected = projected
        self.level = level
        self.isLast = isLast
        self.guides = guides
        self.isDirectory = isDirectory
        self.isExpanded = isExpanded
        self.isMatch = isMatch
    }

    /// The node the row stands for: the last of its chain.
    public var node: Int { projected.node }
}

/// For each ancestor row of a row, whether a later sibling of that ancestor is shown: where
/// a tree drawing continues a vertical guide past the row (`│`) and where it leaves a blank.
///
/// Entry `level` is about the ancestor row on that level (0 is the top level). The first 64
/// levels are stored inline, so copying the guides of a row costs no allocation.
public struct AncestorGuides: Hashable, Sendable {
    /// How many ancestor levels are recorded: the row's level.
    public private(set) var count = 0
    @usableFromInline var inline: UInt64 = 0
    @usableFromInline var deeper: [UInt64] = []

    /// No ancestors: the guides of a top-level row.
    public init() {}

    /// Whether two rows have the same guides; cheap when they have no more than 64 levels.
    @inlinable
    public static func == (lhs: AncestorGuides, rhs: AncestorGuides) -> Bool {
        lhs.count == rhs.count && lhs.inline == rhs.inline && (lhs.count <= 64 || lhs.deeper == rhs.deeper)
    }

    /// How many levels, from the top, two rows' guides share: the levels below the smaller
    /// count on which both say the same.
    @inlinable
    public func levelsInCommon(with other: AncestorGuides) -> Int {
        let shared = Swift.min(count, other.count)
        let difference = inline ^ other.inline
        if difference != 0 || shared <= 64 { return Swift.min(shared, difference.trailingZeroBitCount) }
        for word in 0..<Swift.min(deeper.count, other.deeper.count) {
            let difference = deeper[word] ^ other.deeper[word]
            if difference != 0 { return Swift.min(shared, 64 * (word + 1) + difference.trailingZeroBitCount) }
        }
        return shared
    }

    /// Whether the ancestor on `level` has a later sibling shown.
    public subscript(level: Int) -> Bool {
        precondition(level >= 0 && level < count, "guide level out of range")
        let bit = UInt64(1) << UInt64(level % 64)
        return level < 64 ? inline & bit != 0 : deeper[level / 64 - 1] & bit != 0
    }

    /// Adds the next ancestor level below the recorded ones.
    public mutating func append(_ continues: Bool) {
        let level = count
        if level >= 64 && level % 64 == 0 { deeper.append(0) }
        if continues {
            let bit = UInt64(1) << UInt64(level % 64)
            if level < 64 { inline |= bit } else { deeper[level / 64 - 1] |= bit }
        }
        count += 1
    }

    /// Forgets the deepest recorded level.
    public mutating func removeLast() {
        precondition(count > 0, "no guide level to remove")
        count -= 1
        let level = count
        let keep = ~(UInt64(1) << UInt64(level % 64))
        if level < 64 {
            inline &= keep
        } else {
            deeper[level / 64 - 1] &= keep
            if level % 64 == 0 { deeper.removeLast() }
        }
    }
}
