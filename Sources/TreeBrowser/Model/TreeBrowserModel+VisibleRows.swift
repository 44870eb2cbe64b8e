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

/// A visible row as stored: slots, level and whether it is open, in 16 bytes, every one of
/// them set (a fully expanded tree has a row per node; rows are compared as bytes).
struct ShownRow: Equatable, Sendable {
    private var headSlot: Int32
    private var nodeSlot: Int32
    private var rowLevel: Int32
    private var openFlag: Int32

    init(head: Int, node: Int, level: Int, isExpanded: Bool) {
        headSlot = Int32(head)
        nodeSlot = Int32(node)
        rowLevel = Int32(level)
        openFlag = isExpanded ? 1 : 0
    }

    /// Whether every directory of the row's chain is expanded.
    var isExpanded: Bool {
        get { openFlag != 0 }
        set { openFlag = newValue ? 1 : 0 }
    }

    /// The first slot of the row's chain.
    var head: Int {
        get { Int(headSlot) }
        set { headSlot = Int32(newValue) }
    }

    /// The last slot of the row's chain: the node the row shows.
    var node: Int {
        get { Int(nodeSlot) }
        set { nodeSlot = Int32(newValue) }
    }

    /// How many rows lie above it on the way from the top.
    var level: Int { Int(rowLevel) }
}
