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
    let slots: UnsafeBufferPointer<FileTree.Slot>
    let names: UnsafeBufferPointer<UInt8>
    let childList: UnsafeBufferPointer<Int32>
    /// The changes as given, indexed by entry; empty for a path list (files without a status).
    let changes: UnsafeBufferPointer<FileChange>
    let entryNodes: UnsafeBufferPointer<Int>

    /// The number of nodes, the root included.
    public var count: Int { slots.count }

    /// The nodes below the root, in storage order: a node's parent comes before it.
    public var indices: Range<Int> { 1..<slots.count }

    /// The node `node` (``FileTree/root`` is the invisible root).
    @inline(__always)
    public subscript(node: Int) -> NodeView { NodeView(index: node, slot: slots[node], nodes: self) }

    /// The file node of input entry `entry` (duplicate paths share the first one's node).
    @inline(__always)
    public func fileNode(ofEntry entry: Int) -> Int { entryNodes[entry] }

    /// Lends the buffers of `tree` (and of `changes`, indexed like its entries) to `body`.
    @inline(__always)
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
    let slot: FileTree.Slot
    let nodes: TreeNodes

    /// The last piece of the node's path, in the tree's storage.
    @inline(__always)
    public var name: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: nodes.names[Int(slot.nameStart)..<(Int(slot.nameStart) + Int(slot.nameCount))])
    }

    /// Whether the node is a directory (the root is one).
    @inline(__always)
    public var isDirectory: Bool { slot.entry < 0 }

    /// For a file, the index of its entry in the input (its change's index); `nil` for a directory.
    @inline(__always)
    public var entry: Int? { slot.entry < 0 ? nil : Int(slot.entry) }

    /// The directory holding the node (``FileTree/root`` for a top-level node); `nil` for the root.
    @inline(__always)
    public var parent: Int? { slot.parent < 0 ? nil : Int(slot.parent) }

    /// The node's depth below the root: top-level nodes have depth 0 (the root -1).
    public var depth: Int {
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
    @inline(__always)
    public var change: ChangeView? {
        slot.entry < 0 || nodes.changes.isEmpty ? nil : ChangeView(nodes.changes.baseAddress! + Int(slot.entry))
    }

    /// The node's ordered children, as node numbers (none for a file).
    @inline(__always)
    public var children: NodeChildren {
        NodeChildren(list: UnsafeBufferPointer(rebasing: nodes.childList[Int(slot.childStart)..<Int(slot.childStart + slot.childCount)]))
    }

    /// The directory's only child in the whole tree, or `nil` when it has none or several.
    @inline(__always)
    public var onlyChild: Int? { slot.childCount == 1 ? Int(nodes.childList[Int(slot.childStart)]) : nil }
}

/// The ordered children of a node, borrowed from the tree's child lists.
public struct NodeChildren: RandomAccessCollection {
    let list: UnsafeBufferPointer<Int32>

    public var startIndex: Int { 0 }
    public var endIndex: Int { list.count }

    /// The node number of the child at `position`.
    @inline(__always)
    public subscript(position: Int) -> Int { Int(list[position]) }
}

/// A borrowed view of one file's change, read in place: what a row or a roll-up reads of
/// it costs no copy of its paths. ``change`` copies it whole.
public struct ChangeView {
    private let pointer: UnsafePointer<FileChange>

    init(_ pointer: UnsafePointer<FileChange>) { self.pointer = pointer }

    /// Lends a view of `change` to `body`.
    @inline(__always)
    public static func with<R, E: Error>(_ change: FileChange, _ body: (ChangeView) throws(E) -> R) throws(E) -> R {
        try withUnsafePointer(to: change) { pointer in Result { () throws(E) in try body(ChangeView(pointer)) } }.get()
    }

    /// The change, copied.
    public var change: FileChange { pointer.pointee }
    /// How it changed; `nil` for a bare path.
    @inline(__always) public var status: ChangeStatus? { pointer.pointee.status }
    /// Whether either side is binary; `nil` when content was not read.
    @inline(__always) public var binary: Bool? { pointer.pointee.binary }
    /// Inserted lines; `nil` when not counted or binary.
    @inline(__always) public var insertions: Int? { pointer.pointee.insertions }
    /// Deleted lines; `nil` when not counted or binary.
    @inline(__always) public var deletions: Int? { pointer.pointee.deletions }
    /// Whether a row shows something after the file's name (``FileChange/showsDetailsAfterName``).
    @inline(__always) public var showsDetailsAfterName: Bool { pointer.pointee.showsDetailsAfterName }
}

/// A borrowed view of one row of a ``TreeView``: its place (``VisibleRow``), the node it
/// stands for, its chain of names, and the roll-up of what the view shows below it. Lent by
/// ``TreeView/withRow(_:_:)`` and ``TreeView/forEachRow(opensEverything:_:)``.
public struct RowView {
    /// The row's place: level, last sibling, guides, open, match.
    public let row: VisibleRow
    /// Every node of the tree.
    public let nodes: TreeNodes
    private let summaries: UnsafePointer<NodeSummaries>

    /// The node the row stands for: the last of its chain.
    @inline(__always) public var node: NodeView { nodes[row.node] }
    /// The first node of the row's chain (the same as ``node`` unless flattened).
    @inline(__always) public var first: NodeView { nodes[row.projected.first] }
    /// Whether the row is a directory (or a flattened chain of them).
    @inline(__always) public var isDirectory: Bool { row.isDirectory }
    /// The summary of what the view shows below the row's node (for a file, of itself).
    public var summary: ChangeSummary { summaries.pointee[row.node] }

    /// The nodes the row shows, outermost first: one, or a flattened chain of directories.
    public var chain: RowChain { RowChain(nodes: nodes, first: row.projected.first, last: row.node) }

    init(row: VisibleRow, nodes: TreeNodes, summaries: UnsafePointer<NodeSummaries>) {
        self.row = row
        self.nodes = nodes
        self.summaries = summaries
    }
}

/// The nodes of a row, outermost first: its first node, then each one's only child, to its last.
public struct RowChain: Sequence {
    let nodes: TreeNodes
    let first: Int
    let last: Int

    public func makeIterator() -> Iterator { Iterator(nodes: nodes, upcoming: first, last: last) }

    /// Yields the chain's nodes one by one.
    public struct Iterator: IteratorProtocol {
        let nodes: TreeNodes
        var upcoming: Int?
        let last: Int

        public mutating func next() -> NodeView? {
            guard let current = upcoming else { return nil }
            let node = nodes[current]
            upcoming = current == last ? nil : Int(nodes.childList[Int(node.slot.childStart)])
            return node
        }
    }
}

extension ChangeTree {
    /// Lends a view of every node (names, changes, children) to `body`.
    @inline(__always)
    public func withNodes<R, E: Error>(_ body: (TreeNodes) throws(E) -> R) throws(E) -> R {
        switch source {
        case .changes(let changes): try TreeNodes.lend(tree, changes: changes, body)
        case .paths: try TreeNodes.lend(tree, changes: [], body)
        }
    }
}

extension FileTree {
    /// The number of nodes, the root included.
    public var nodeCount: Int { slots.count }

    /// For file node `node`, the index of its entry in the input; `nil` for a directory
    /// (one lookup, where ``withNodes(_:)`` would lend the whole tree).
    public func entry(of node: Int) -> Int? {
        let entry = slots[node].entry
        return entry < 0 ? nil : Int(entry)
    }

    /// The file node of input entry `entry` (duplicate paths share the first one's node).
    public func fileNode(ofEntry entry: Int) -> Int { nodeOfEntry[entry] }

    /// Lends a view of every node to `body`, with no changes (each file's ``NodeView/change`` is `nil`).
    @inline(__always)
    public func withNodes<R, E: Error>(_ body: (TreeNodes) throws(E) -> R) throws(E) -> R {
        try TreeNodes.lend(self, changes: [], body)
    }
}

extension TreeView {
    /// Lends a view of `row`, a row of this view, to `body`.
    @inline(__always)
    public func withRow<R, E: Error>(_ row: VisibleRow, _ body: (RowView) throws(E) -> R) throws(E) -> R {
        try changeTree.withNodes { (nodes) throws(E) in
            try withUnsafePointer(to: summaries) { summaries in
                Result { () throws(E) in try body(RowView(row: row, nodes: nodes, summaries: summaries)) }
            }.get()
        }
    }

    /// The row cursor: calls `body` with a view of each row of ``visibleRows`` (of
    /// ``allRows`` when `opensEverything`), top to bottom, the tree's buffers lent once for
    /// the whole walk.
    public func forEachRow<E: Error>(opensEverything: Bool = false, _ body: (RowView) throws(E) -> Void) throws(E) {
        try changeTree.withNodes { (nodes) throws(E) in
            try withUnsafePointer(to: summaries) { summaries in
                Result { () throws(E) in
                    var walker = RowWalker(view: self, opensEverything: opensEverything)
                    while walker.advance() { try body(RowView(row: walker.row, nodes: nodes, summaries: summaries)) }
                }
            }.get()
        }
    }
}
