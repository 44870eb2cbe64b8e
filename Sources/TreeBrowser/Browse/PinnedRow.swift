import TreeModel

/// A row pinned above a scrolled list by ``StickyAncestors``.
public struct PinnedRow: Hashable, Sendable {
    /// The index of the pinned row among the rows given.
    public let row: Int
    /// The line of the stack the row belongs on: 0 for the top-level directory, then one
    /// line per level.
    public let line: Int
    /// How many lines the row is pushed up from its ``line``: 0, or 1 for the deepest pinned
    /// row while the directory that pushes it out sits directly below the stack. Rows are one
    /// line, so a pushed row has left its line: a renderer either still draws it there or
    /// lets the list row beneath show through.
    public let offset: Int

    /// A pinned row.
    public init(row: Int, line: Int, offset: Int = 0) {
        self.row = row
        self.line = line
        self.offset = offset
    }

    /// Whether the row is being pushed out of the stack.
    public var isPushed: Bool { offset > 0 }
}
