/// A row of the projected tree: one node, or a flattened chain of directories shown as one.
public struct ProjectedNode: Hashable, Sendable {
    /// The first node of the row; the same as ``node`` unless flattened.
    public let first: Int
    /// The node this row stands for: the last of its chain.
    public let node: Int

    package init(first: Int, node: Int) {
        self.first = first
        self.node = node
    }
}

/// What is shown of a ``FileTree``: its nodes with directory-only chains flattened
/// (unless turned off), by the rule of ``RowProjection``. A projection never changes the
/// tree or any identity.
public struct TreeProjection: RowProjection, Sendable {
    /// The tree projected.
    public let tree: FileTree
    /// Whether directory-only chains are shown as one row.
    public let flatten: Bool

    /// The same rows read straight from the tree's storage.
    let chains: StoredChains

    /// The projection of `tree`, flattening directory-only chains unless `flatten` is off.
    public init(tree: FileTree, flatten: Bool = true) {
        self.tree = tree
        self.flatten = flatten
        self.chains = StoredChains(slots: tree.slots, childList: tree.childList, flattensChains: flatten)
    }

    public var flattensChains: Bool { flatten }

    public func isDirectory(_ node: Int) -> Bool { chains.isDirectory(node) }

    public func onlyChild(of node: Int) -> Int? { chains.onlyChild(of: node) }

    public func parent(of node: Int) -> Int? { chains.parent(of: node) }

    /// The top-level rows.
    public var topLevel: [ProjectedNode] { children(of: FileTree.root) }

    /// The rows below `node` (the root or the last node of a row's chain).
    public func children(of node: Int) -> [ProjectedNode] {
        let slot = tree.slots[node]
        return tree.childList[Int(slot.childStart)..<Int(slot.childStart + slot.childCount)].map { row(startingAt: Int($0)) }
    }

    /// The row that starts at `node`: the node, extended through single-directory children
    /// (``RowProjection/rowEnd(from:)``).
    public func row(startingAt node: Int) -> ProjectedNode {
        ProjectedNode(first: node, node: chains.rowEnd(from: node))
    }

    /// The nodes a row shows, outermost first.
    public func chain(of row: ProjectedNode) -> [Int] {
        var chain = [row.first]
        var current = row.first
        while current != row.node {
            current = next(inChain: current)
            chain.append(current)
        }
        return chain
    }

    /// The node after `node` in a flattened chain: its only child.
    func next(inChain node: Int) -> Int {
        Int(tree.childList[Int(tree.slots[node].childStart)])
    }
}

/// The rows of a ``FileTree`` answered from its slots and child lists alone: small to copy,
/// for walks that ask for every row.
struct StoredChains: RowProjection, Sendable {
    let slots: [FileTree.Slot]
    let childList: [Int32]
    let flattensChains: Bool

    func isDirectory(_ node: Int) -> Bool { slots[node].isDirectory }

    func onlyChild(of node: Int) -> Int? {
        let slot = slots[node]
        return slot.childCount == 1 ? Int(childList[Int(slot.childStart)]) : nil
    }

    func parent(of node: Int) -> Int? {
        let parent = Int(slots[node].parent)
        return parent == FileTree.root || parent < 0 ? nil : parent
    }
}
