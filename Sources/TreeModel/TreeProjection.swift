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
/// (unless turned off). A projection never changes the tree or any identity.
public struct TreeProjection: Sendable {
    /// The tree projected.
    public let tree: FileTree
    /// Whether directory-only chains are shown as one row.
    public let flatten: Bool

    public init(tree: FileTree, flatten: Bool = true) {
        self.tree = tree
        self.flatten = flatten
    }

    /// The top-level rows.
    public var topLevel: [ProjectedNode] { children(of: FileTree.root) }

    /// The rows below `node` (the root or the last node of a row's chain).
    public func children(of node: Int) -> [ProjectedNode] {
        let slot = tree.slots[node]
        return tree.childList[Int(slot.childStart)..<Int(slot.childStart + slot.childCount)].map { row(startingAt: Int($0)) }
    }

    /// The row that starts at `node`: the node, extended through single-directory children.
    public func row(startingAt node: Int) -> ProjectedNode {
        guard flatten else { return ProjectedNode(first: node, node: node) }
        return tree.slots.withUnsafeBufferPointer { slots in
            tree.childList.withUnsafeBufferPointer { list in
                var current = node
                while slots[current].isDirectory, slots[current].childCount == 1 {
                    let only = Int(list[Int(slots[current].childStart)])
                    guard slots[only].isDirectory else { break }
                    current = only
                }
                return ProjectedNode(first: node, node: current)
            }
        }
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
    package func next(inChain node: Int) -> Int {
        Int(tree.childList[Int(tree.slots[node].childStart)])
    }
}
