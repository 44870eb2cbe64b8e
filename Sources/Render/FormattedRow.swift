/// What ``RowFormatter`` tells about a row it appended: how wide its left part is and what
/// its stats cell shows, for ``StatColumns`` to align the cells of many rows.
public struct FormattedRow: Hashable, Sendable {
    /// The display width of the left part (guides, status, icon, name, suffixes).
    public var width: Int
    /// What the stats column shows.
    public var stat: TreeStat

    /// A row `width` columns wide showing `stat`.
    public init(width: Int, stat: TreeStat) {
        self.width = width
        self.stat = stat
    }
}

/// What a row shows in the stats column.
public enum TreeStat: Hashable, Sendable {
    /// Nothing: lines were not counted.
    case none
    /// Inserted and deleted lines; a count of 0 leaves its cell blank.
    case lines(insertions: Int, deletions: Int)
    /// A binary file.
    case binary
}
