/// Changed files arranged as a tree, with every directory's rolled-up summary.
public struct ChangeTree: Sendable {
    /// The changes, in the order given.
    public let changes: [FileChange]
    /// The changes sorted by path bytes, each path once (the first change given for it).
    public let sortedChanges: [FileChange]
    /// The prepared tree; a file node's `entry` indexes `changes`.
    public let tree: FileTree
    /// The summary of everything below each node, indexed like `tree.nodes`.
    public let summaries: NodeSummaries

    /// Arranges `changes` by path.
    public init(changes: [FileChange], order: TreeOrder = .foldersFirst) {
        self.changes = changes
        let tree = FileTree(changes: changes, order: order)
        let summaries = NodeSummaries(tree: tree, changes: changes)
        self.tree = tree
        self.summaries = summaries
        self.sortedChanges = tree.uniqueEntriesInByteOrder.count == changes.count && tree.uniqueEntriesInByteOrder.elementsEqual(changes.indices)
            ? changes
            : tree.uniqueEntriesInByteOrder.map { changes[$0] }
    }

    /// The change a file node stands for.
    public func change(at node: Int) -> FileChange? {
        let entry = tree.slots[node].entry
        return entry >= 0 ? changes[Int(entry)] : nil
    }

    /// The summary of everything.
    public var total: ChangeSummary { summaries[FileTree.root] }
}
