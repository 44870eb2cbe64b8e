/// The state of an interactive tree browser over paths (tree-model.md §4, §5, §9): the tree,
/// which directories are expanded, the focused row and the selection, and the visible rows.
///
/// Identities are ``TreePath`` values; children follow a ``TreeOrder``. Every operation
/// returns a ``TreeUpdate`` saying which one contiguous range of visible rows changed, so a
/// view can redraw only that. Flattening is a projection: turning it on or off changes the
/// rows, never identities or state. An identity inside a flattened chain resolves to the
/// chain's row.
public struct TreeBrowserModel: Sendable {
    var forest: PathForest
    var visible: [ShownRow] = []
    /// The rule for directories that appear (at build, by ``add(_:)``, or new at a reset).
    public let initialExpansion: InitialExpansion
    /// Whether directory-only chains are shown as one row.
    public var isFlattened: Bool { forest.flattensChains }
    /// The focused identity: the row it resolves to is ``focusedRowIndex``.
    public internal(set) var focus: TreePath?
    /// The selected identities; separate from the focus.
    public internal(set) var selection: Set<TreePath> = []
    /// The last visible row of each path removed by the last mutation, for the nearest-to rule.
    var removedRowPositions: [TreePath: Int] = [:]

    /// Builds the model of `paths` (files, and directories ending in `/`).
    ///
    /// - Throws: the first path that is invalid, or that is both a file and a directory
    ///   (``TreePathError/fileAndDirectory(_:)``), naming its raw input.
    public init(
        paths: [RawPath], order: TreeOrder = .foldersFirst, flatten: Bool = true,
        expansion: InitialExpansion = .depth(1)
    ) throws(TreePathError) {
        self.forest = try Self.buildForest(paths, order: order)
        self.forest.flattensChains = flatten
        self.initialExpansion = expansion
        applyInitialExpansionToAll { _ in true }
        visible = rows(below: PathForest.root, level: 0)
    }

    /// Builds the model of `paths` given as text.
    public init(
        paths: [String], order: TreeOrder = .foldersFirst, flatten: Bool = true,
        expansion: InitialExpansion = .depth(1)
    ) throws(TreePathError) {
        try self.init(paths: paths.map(RawPath.init), order: order, flatten: flatten, expansion: expansion)
    }

    static func buildForest(_ paths: [RawPath], order: TreeOrder) throws(TreePathError) -> PathForest {
        var forest = PathForest(order: order, capacity: paths.count)
        for raw in paths {
            let path = try TreePath(raw)
            do { try forest.insertUnordered(path) } catch { throw .fileAndDirectory(raw) }
        }
        forest.sortAll()
        return forest
    }

    // MARK: The tree

    /// How many files and directories the tree holds.
    public var count: Int { forest.liveCount }

    /// The order of siblings.
    public var order: TreeOrder { forest.order }

    /// Whether a file or directory has this identity.
    public func contains(_ path: TreePath) -> Bool { forest.slot(of: path) != nil }

    /// The children of a directory (or the top-level entries for `nil`), in order.
    public func children(of path: TreePath?) -> [TreePath] {
        var parent = PathForest.root
        if let path {
            guard let slot = forest.slot(of: path) else { return [] }
            parent = slot
        }
        return forest.nodes[parent].children.map { forest.nodes[$0].path }
    }

    /// The directory containing `path`, or `nil` at the top level.
    public func parent(of path: TreePath) -> TreePath? {
        guard let slot = forest.slot(of: path), forest.nodes[slot].parent != PathForest.root else { return nil }
        return forest.nodes[forest.nodes[slot].parent].path
    }

    /// Every identity, depth-first in order.
    public var paths: [TreePath] {
        forest.subtree(of: PathForest.root).dropFirst().map { forest.nodes[$0].path }
    }

    // MARK: Visible rows

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
        TreeRow(identity: forest.nodes[row.node].path, chain: chain(from: row.head).map { forest.nodes[$0].path },
                level: row.level, isExpanded: row.isExpanded)
    }
}

/// A visible row as stored: slots, level and whether it is open.
struct ShownRow: Equatable, Sendable {
    var head: Int
    var node: Int
    var level: Int
    var isExpanded: Bool
}
