/// What a static rendering shows of a ``ChangeTree``: which rows, which of them are open,
/// which match a search, and the summaries of what is shown.
///
/// - Flattening follows ``TreeProjection`` (chains count children in the whole tree).
/// - `depth`: rows at levels below `depth` are open, deeper directories are collapsed rows
///   with their roll-up; `nil` opens everything.
/// - Search (Docs/TreeModel.md#search): `hide` shows only matches and their ancestors, and lists and
///   counts only matching files; `collapse` closes everything but the way to the matches;
///   `expand` keeps the expansion and opens the way to every match.
public struct TreeView: Sendable {
    /// The whole tree.
    public let changeTree: ChangeTree
    /// Row shapes (flattened chains).
    public let projection: TreeProjection
    /// The search query, if any.
    public let query: SearchQuery?
    /// The search, if any.
    public let search: TreeSearch?
    /// The search mode, when searching.
    public let searchMode: SearchMode?
    /// Summaries of what is shown below each node (only matching files under `hide`).
    public let summaries: NodeSummaries
    /// The files shown, sorted by path bytes, each path once.
    public var listedChanges: [FileChange] { filteredChanges ?? changeTree.sortedChanges }
    /// The number of files shown (``listedChanges``' count, without making them).
    public var listedCount: Int { filteredEntries?.count ?? changeTree.tree.uniqueEntriesInByteOrder.count }
    /// The input entries of the files shown, in the order of ``listedChanges``.
    public var listedEntries: [Int] { filteredEntries ?? changeTree.tree.uniqueEntriesInByteOrder }
    private let filteredEntries: [Int]?
    private let filteredChanges: [FileChange]?
    private let expanded: [Bool]

    /// What is shown of `changeTree` with these flattening, depth and search settings.
    /// `counts`, when given, says which file nodes count in ``summaries`` (the others are
    /// still listed and shown: generated files, left out of the totals).
    public init(
        changeTree: ChangeTree, flatten: Bool = true, depth: Int? = nil,
        query: SearchQuery? = nil, searchMode: SearchMode = .hide, counts: (@Sendable (Int) -> Bool)? = nil
    ) {
        let tree = changeTree.tree
        self.changeTree = changeTree
        self.projection = TreeProjection(tree: tree, flatten: flatten)
        self.query = query
        let search = query.map { TreeSearch(tree: tree, query: $0) }
        self.search = search
        self.searchMode = search == nil ? nil : searchMode

        if let search, searchMode == .hide {
            let matches = search.matches
            let includes: @Sendable (Int) -> Bool
            if let counts {
                includes = { matches[$0] && counts($0) }
            } else {
                includes = { matches[$0] }
            }
            self.summaries = NodeSummaries(tree: tree, source: changeTree.source, includes: includes)
            let entries = tree.uniqueEntriesInByteOrder.filter { matches[tree.nodeOfEntry[$0]] }
            self.filteredEntries = entries
            self.filteredChanges = entries.map(changeTree.change(ofEntry:))
        } else {
            self.summaries = counts.map { NodeSummaries(tree: tree, source: changeTree.source, includes: $0) } ?? changeTree.summaries
            self.filteredEntries = nil
            self.filteredChanges = nil
        }

        var expanded = [Bool](repeating: false, count: tree.slots.count)
        let startsCollapsed = search != nil && searchMode == .collapse
        if !startsCollapsed {
            Self.expand(projection, depth: depth, into: &expanded)
        }
        if let search {
            for index in tree.slots.indices where search.leadsToMatch[index] && tree.slots[index].isDirectory {
                expanded[index] = true
            }
        }
        expanded[FileTree.root] = true
        self.expanded = expanded
    }

    /// Opens the directories whose rows lie on levels below `depth` (``ExpansionDepth``).
    /// A node's parent comes before it in the tree's storage, so one pass in storage order
    /// knows every parent's row level before its children's.
    private static func expand(_ projection: TreeProjection, depth: Int?, into expanded: inout [Bool]) {
        let slots = projection.tree.slots
        guard let depth else {
            for index in expanded.indices { expanded[index] = slots[index].isDirectory }
            return
        }
        var levels = [Int32](repeating: 0, count: slots.count)
        for index in slots.indices.dropFirst() where slots[index].isDirectory {
            let parent = Int(slots[index].parent)
            let level = projection.rowLevel(of: index, parentRowLevel: parent == FileTree.root ? nil : Int(levels[parent]))
            levels[index] = Int32(clamping: level)
            expanded[index] = ExpansionDepth.opens(rowLevel: level, depth: depth)
        }
    }

    /// The top-level rows shown.
    public var topLevel: [ProjectedNode] { children(of: FileTree.root) }

    /// The rows shown below an open row's node.
    public func children(of node: Int) -> [ProjectedNode] {
        let rows = projection.children(of: node)
        guard let search, searchMode == .hide else { return rows }
        return rows.filter { search.leadsToMatch[$0.node] }
    }

    /// Whether a directory row is open (its children shown) rather than a collapsed row.
    public func isExpanded(_ row: ProjectedNode) -> Bool { expanded[row.node] }

    /// Whether some rows below an open row are left out (search in `hide` mode).
    var filtersRows: Bool { search != nil && searchMode == .hide }

    /// Whether the row ending at each node is open, indexed like the tree's nodes.
    var expandedNodes: [Bool] { expanded }

    /// Whether a row matches the search.
    public func isMatch(_ row: ProjectedNode) -> Bool { search?.matches[row.node] ?? false }

    /// The summary of everything shown.
    public var total: ChangeSummary { summaries[FileTree.root] }

    /// Whether a search found nothing.
    public var searchFoundNothing: Bool { search.map { $0.matchOrder.isEmpty } ?? false }
}
