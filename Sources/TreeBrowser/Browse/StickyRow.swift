import TreeModel

/// One visible row as ``StickyAncestors`` sees it: its indentation level and whether it is a
/// directory. Rows are given top to bottom in depth-first order, as a browser shows them.
public struct StickyRow: Hashable, Sendable {
    /// The row's level: top-level rows are on level 0, children one level below their parent.
    public var level: Int
    /// Whether the row is a directory (or a flattened chain of them).
    public var isDirectory: Bool

    /// A row on `level`.
    public init(level: Int, isDirectory: Bool) {
        self.level = level
        self.isDirectory = isDirectory
    }
}
