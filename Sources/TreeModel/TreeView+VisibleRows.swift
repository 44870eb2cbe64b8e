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
