/// A borrowed view of a tree's nodes: the one way out of TreeModel to a ``FileTree``'s
/// storage (Docs/TreeModel.md#reading-the-tree).
///
/// Lent by ``ChangeTree/withNodes(_:)`` (and, row by row, by ``TreeView/withRow(_:_:)`` and
/// ``TreeView/forEachRow(opensEverything:_:)``), it reads the tree's storage in place:
/// names, changes and child lists are not copied, and a node costs no allocation. Like the
/// buffers it holds, it and every ``NodeView`` and ``ChangeView`` it gives are valid only
/// inside the closure they are lent to. Every unsafe read of the tree's storage lives in
/// this file.
public struct TreeNodes {
    @usableFromInline let slots: UnsafeBufferPointer<FileTree.Slot>
    @usableFromInline let names: UnsafeBufferPointer<UInt8>
    @usableFromInline let childList: UnsafeBufferPointer<Int32>
    /// The changes as given, indexed by entry; empty for a path list (files without a status).
    @usableFromInline let changes: UnsafeBufferPointer<FileChange>
    @usableFromInline let entryNodes: UnsafeBufferPointer<Int>

    @inlinable
    init(slots: UnsafeBufferPointer<FileTree.Slot>, names: UnsafeBufferPointer<UInt8>, childList: UnsafeBufferPointer<Int32>,
         changes: UnsafeBufferPointer<FileChange>, entryNodes: UnsafeBufferPointer<Int>) {
        (self.slots, self.names, self.childList, self.changes, self.entryNodes) = (slots, names, childList, changes, entryNodes)
    }

    /// The number of nodes, the root included.
    @inlinable public var count: Int { slots.count }

    /// The nodes below the root, in storage order: a node's parent comes before it.
    @inlinable public var indices: Range<Int> { 1..<slots.count }

    /// The node `node` (``FileTree/root`` is the invisible root).
    @inlinable
    public subscript(node: Int) -> NodeView { NodeView(index: node, slot: slots[node], nodes: self) }

    /// The file node of input entry `entry` (duplicate paths share the first one's node).
    @inlinable
    public func fileNode(ofEntry entry: Int) -> Int { entryNodes[entry] }

    /// The nodes `row` shows, outermost first (``RowView/chain``).
    @inlinable
    public func chain(of row: VisibleRow) -> RowChain { RowChain(nodes: self, first: row.projected.first, last: row.node) }

    /// Lends the buffers of `tree` (and of `changes`, indexed like its entries) to `body`.
    @inlinable
    static func lend<R, E: Error>(_ tree: FileTree, changes: [FileChange], _ body: (TreeNodes) throws(E) -> R) throws(E) -> R {
        try tree.slots.withUnsafeBufferPointer { slots in
            tree.names.withUnsafeBufferPointer { names in
                tree.childList.withUnsafeBufferPointer { childList in
                    changes.withUnsafeBufferPointer { changes in
                        tree.nodeOfEntry.withUnsafeBufferPointer { entryNodes in
                            Result { () throws(E) in
                                try body(TreeNodes(slots: slots, names: names, childList: childList, changes: changes,
                                                   entryNodes: entryNodes))
                            }
                        }
                    }
                }
            }
        }.get()
    }
}

/// A borrowed view of one node of a tree: a directory or a file, its name bytes, its
/// place, and a file's change. Valid only where the ``TreeNodes`` it came from is.
public struct NodeView {
    /// The node's number in the tree (``FileTree/root`` for the root).
    public let index: Int
    @usableFromInline let slot: FileTree.Slot
    @usableFromInline let nodes: TreeNodes

    @inlinable
    init(index: Int, slot: FileTree.Slot, nodes: TreeNodes) {
        (self.index, self.slot, self.nodes) = (index, slot, nodes)
    }

    /// The last piece of the node's path, in the tree's storage.
    @inlinable
    public var name: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: nodes.names[Int(slot.nameStart)..<(Int(slot.nameStart) + Int(slot.nameCount))])
    }

    /// Whether the node is a directory (the root is one).
    @inlinable
    public var isDirectory: Bool { slot.entry < 0 }

    /// For a file, the index of its entry in the input (its change's index); `nil` for a directory.
    @inlinable
    public var entry: Int? { slot.entry < 0 ? nil : Int(slot.entry) }

    /// The directory holding the node (``FileTree/root`` for a top-level node); `nil` for the root.
    @inlinable
    public var parent: Int? { slot.parent < 0 ? nil : Int(slot.parent) }

    /// The node's depth below the root: top-level nodes have depth 0 (the root -1).
    @inlinable public var depth: Int {
        var depth = -1
        var current = slot
        while current.parent >= 0 {
            depth += 1
            current = nodes.slots[Int(current.parent)]
        }
        return depth
    }

    /// A file's change, read in place; `nil` for a directory, and for a file of a path
    /// list (it carries no status nor counts).
    @inlinable
    public var change: ChangeView? {
        slot.entry < 0 || nodes.changes.isEmpty ? nil : ChangeView(nodes.changes.baseAddress! + Int(slot.entry))
    }

    /// The node's ordered children, as node numbers (none for a file).
    @inlinable
    public var children: NodeChildren {
        NodeChildren(list: UnsafeBufferPointer(rebasing: nodes.childList[Int(slot.childStart)..<Int(slot.childStart + slot.childCount)]))
    }

    /// The directory's only child in the whole tree, or `nil` when it has none or several.
    @inlinable
    public var onlyChild: Int? { slot.childCount == 1 ? Int(nodes.childList[Int(slot.childStart)]) : nil }
}

/// The ordered children of a node, borrowed from the tree's child lists.
public struct NodeChildren: RandomAccessCollection {
    @usableFromInline let list: UnsafeBufferPointer<Int32>

    @inlinable
    init(list: UnsafeBufferPointer<Int32>) { self.list = list }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { list.count }

    /// The node number of the child at `position`.
    @inlinable
    public subscript(position: Int) -> Int { Int(list[position]) }
}

/// A borrowed view of one file's change, read in place: what a row or a roll-up reads of
/// it costs no copy of its paths. ``change`` copies it whole.
public struct ChangeView {
    @usableFromInline let pointer: UnsafePointer<FileChange>

    @inlinable
    init(_ pointer: UnsafePointer<FileChange>) { self.pointer = pointer }

    /// Lends a view of `change` to `body`.
    @inlinable
    public static func with<R, E: Error>(_ change: FileChange, _ body: (ChangeView) throws(E) -> R) throws(E) -> R {
        try withUnsafePointer(to: change) { pointer in Result { () throws(E) in try body(ChangeView(pointer)) } }.get()
    }

    /// The change, copied.
    @inlinable public var change: FileChange { pointer.pointee }
    /// How it changed; `nil` for a bare path.
    @inlinable public var status: ChangeStatus? { pointer.pointee.status }
    /// Whether either side is binary; `nil` when content was not read.
    @inlinable public var binary: Bool? { pointer.pointee.binary }
    /// Inserted lines; `nil` when not counted or binary.
    @inlinable public var insertions: Int? { pointer.pointee.insertions }
    /// Deleted lines; `nil` when not counted or binary.
    @inlinable public var deletions: Int? { pointer.pointee.deletions }
    /// Whether a row shows something after the file's name (``FileChange/showsDetailsAfterName``).
    @inlinable public var showsDetailsAfterName: Bool { pointer.pointee.showsDetailsAfterName }
}

/// A borrowed view of one row of a ``TreeView``: its place (``VisibleRow``), the node it
/// stands for, its chain of names, and the roll-up of what the view shows below it. Lent by
/// ``TreeView/withRow(_:_:)`` and ``TreeView/forEachRow(opensEverything:_:)``.
public struct RowView {
    /// The row's place: level, last sibling, guides, open, match.
    public let row: VisibleRow
    /// Every node of the tree.
    public let nodes: TreeNodes
    @usableFromInline let summaries: UnsafePointer<NodeSummaries>

    /// The node the row stands for: the last of its chain.
    @inlinable public var node: NodeView { nodes[row.node] }
    /// The first node of the row's chain (the same as ``node`` unless flattened).
    @inlinable public var first: NodeView { nodes[row.projected.first] }
    /// Whether the row is a directory (or a flattened chain of them).
    @inlinable public var isDirectory: Bool { row.isDirectory }
    /// The summary of what the view shows below the row's node (for a file, of itself).
    @inlinable public var summary: ChangeSummary { summaries.pointee[row.node] }

    /// The nodes the row shows, outermost first: one, or a flattened chain of directories.
    @inlinable public var chain: RowChain { nodes.chain(of: row) }

    @inlinable
    init(row: VisibleRow, nodes: TreeNodes, summaries: UnsafePointer<NodeSummaries>) {
        self.row = row
        self.nodes = nodes
        self.summaries = summaries
    }
}

/// The nodes of a row, outermost first: its first node, then each one's only child, to its last.
public struct RowChain: Sequence {
    @usableFromInline let nodes: TreeNodes
    @usableFromInline let first: Int
    @usableFromInline let last: Int

    @inlinable
    init(nodes: TreeNodes, first: Int, last: Int) { (self.nodes, self.first, self.last) = (nodes, first, last) }

    @inlinable
    public func makeIterator() -> Iterator { Iterator(nodes: nodes, upcoming: first, last: last) }

    /// Yields the chain's nodes one by one.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let nodes: TreeNodes
        @usableFromInline var upcoming: Int?
        @usableFromInline let last: Int

        @inlinable
        init(nodes: TreeNodes, upcoming: Int?, last: Int) { (self.nodes, self.upcoming, self.last) = (nodes, upcoming, last) }

        @inlinable
        public mutating func next() -> NodeView? {
            guard let current = upcoming else { return nil }
            let node = nodes[current]
            upcoming = current == last ? nil : Int(nodes.childList[Int(node.slot.childStart)])
            return node
        }
    }
}

/// A borrowed view of every row of a ``TreeView``: ``subscript(_:)`` is a ``RowView`` of
/// any of its rows. Lent by ``TreeView/withRows(_:)``, for a walk that keeps its own rows
/// (folded ones) yet reads each row through the view.
public struct TreeRows {
    /// Every node of the tree.
    public let nodes: TreeNodes
    @usableFromInline let summaries: UnsafePointer<NodeSummaries>

    @inlinable
    init(nodes: TreeNodes, summaries: UnsafePointer<NodeSummaries>) { (self.nodes, self.summaries) = (nodes, summaries) }

    /// The view of `row`, a row of the view.
    @inlinable
    public subscript(row: VisibleRow) -> RowView { RowView(row: row, nodes: nodes, summaries: summaries) }
}

extension ChangeTree {
    /// Lends a view of every node (names, changes, children) to `body`.
    @inlinable
    public func withNodes<R, E: Error>(_ body: (TreeNodes) throws(E) -> R) throws(E) -> R {
        try TreeNodes.lend(tree, changes: nodeChanges, body)
    }
}

extension FileTree {
    /// The number of nodes, the root included.
    @inlinable public var nodeCount: Int { slots.count }

    /// For file node `node`, the index of its entry in the input; `nil` for a directory
    /// (one lookup, where ``withNodes(_:)`` would lend the whole tree).
    @inlinable public func entry(of node: Int) -> Int? {
        let entry = slots[node].entry
        return entry < 0 ? nil : Int(entry)
    }

    /// The file node of input entry `entry` (duplicate paths share the first one's node).
    @inlinable public func fileNode(ofEntry entry: Int) -> Int { nodeOfEntry[entry] }

    /// Lends a view of every node to `body`, with no changes (each file's ``NodeView/change`` is `nil`).
    @inlinable
    public func withNodes<R, E: Error>(_ body: (TreeNodes) throws(E) -> R) throws(E) -> R {
        try TreeNodes.lend(self, changes: [], body)
    }
}

extension TreeView {
    /// Lends a view of `row`, a row of this view, to `body`.
    @inlinable
    public func withRow<R, E: Error>(_ row: VisibleRow, _ body: (RowView) throws(E) -> R) throws(E) -> R {
        try changeTree.withNodes { (nodes) throws(E) in
            try withUnsafePointer(to: summaries) { summaries in
                Result { () throws(E) in try body(RowView(row: row, nodes: nodes, summaries: summaries)) }
            }.get()
        }
    }

    /// Lends a view of every row of this view to `body`.
    public func withRows<R>(_ body: (TreeRows) throws -> R) rethrows -> R {
        try changeTree.withNodes { nodes in
            try withUnsafePointer(to: summaries) { try body(TreeRows(nodes: nodes, summaries: $0)) }
        }
    }

    /// The row cursor: calls `body` with a view of each row of ``visibleRows`` (of
    /// ``allRows`` when `opensEverything`), top to bottom, the tree's buffers lent once for
    /// the whole walk.
    public func forEachRow(opensEverything: Bool = false, _ body: (RowView) throws -> Void) rethrows {
        try changeTree.withNodes { nodes in
            try withUnsafePointer(to: summaries) { summaries in
                var walker = RowWalker(view: self, opensEverything: opensEverything)
                while walker.advance() { try body(RowView(row: walker.row, nodes: nodes, summaries: summaries)) }
            }
        }
    }
}
