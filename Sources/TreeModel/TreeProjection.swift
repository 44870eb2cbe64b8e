/// A row of the projected tree: one node, or a flattened chain of directories shown as one.
public struct ProjectedNode: Hashable, Sendable {
    /// The first node of the row; the same as ``node`` unless flattened.
    public let first: Int
    /// The node this row stands for: the last of its chain.
    public let node: Int
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
        tree.nodes[node].children.map(row(startingAt:))
    }

    /// The row that starts at `node`: the node, extended through single-directory children.
    public func row(startingAt node: Int) -> ProjectedNode {
        guard flatten else { return ProjectedNode(first: node, node: node) }
        var current = node
        while tree.nodes[current].isDirectory,
              tree.nodes[current].children.count == 1,
              let only = tree.nodes[current].children.first,
              tree.nodes[only].isDirectory {
            current = only
        }
        return ProjectedNode(first: node, node: current)
    }

    /// The nodes a row shows, outermost first.
    public func chain(of row: ProjectedNode) -> [Int] {
        var chain = [row.first]
        var current = row.first
        while current != row.node {
            current = tree.nodes[current].children[0]
            chain.append(current)
        }
        return chain
    }
}
