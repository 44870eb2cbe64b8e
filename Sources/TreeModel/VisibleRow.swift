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
