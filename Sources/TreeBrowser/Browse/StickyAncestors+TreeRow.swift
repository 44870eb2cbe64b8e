import TreeModel

extension StickyAncestors {
    /// Prepares the visible rows of a ``TreeBrowserModel`` (``TreeBrowserModel/rows``); a
    /// pinned row's index is then the index of the browser's row.
    public init(rows: [TreeRow]) {
        self.init(rows: rows.map { StickyRow(level: $0.level, isDirectory: $0.isDirectory) })
    }
}
