import TreeModel

/// The visible rows as a view reads them.
extension TreeBrowserModel {
    /// How many rows are visible.
    public var rowCount: Int { visible.count }

    /// The visible row at `index`.
    public func row(at index: Int) -> TreeRow { publicRow(visible[index]) }

    /// All visible rows, top to bottom.
    public var rows: [TreeRow] { visible.map(publicRow) }

    /// The index of the visible row showing `path` (a chain's row for any identity in it),
    /// or `nil` when it is hidden or unknown.
    public func rowIndex(of path: TreePath) -> Int? {
        forest.slot(of: path).flatMap(rowIndex(ofSlot:))
    }

    func publicRow(_ row: ShownRow) -> TreeRow {
        let node = forest.nodes[row.node]
        let icon = node.isDirectory
            ? icons.resolveDirectory(expanded: row.isExpanded) : icons.resolveFile(named: forest.name(of: row.node))
        return TreeRow(identity: node.path, chain: chain(from: row.head).map { forest.nodes[$0].path },
                       level: row.level, isExpanded: row.isExpanded, change: node.change,
                       summary: forest.shownSummary(of: row.node), icon: icon)
    }
}

/// A visible row as stored: slots, level and whether it is open.
struct ShownRow: Equatable, Sendable {
    var head: Int
    var node: Int
    var level: Int
    var isExpanded: Bool
}
