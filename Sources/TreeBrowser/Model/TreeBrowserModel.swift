import TreeModel

/// The state of an interactive tree browser (Docs/TreeModel.md#flattening,
/// Docs/TreeModel.md#expansion-and-depth, Docs/TreeModel.md#the-interactive-model): the tree
/// with each file's change and each directory's roll-up, which directories are expanded,
/// the focused row, and the visible rows.
///
/// Built from the same change tree the renderers use (``init(changeTree:flatten:expansion:icons:)``)
/// or from changes (tests also build it from bare paths). Identities are
/// ``TreePath`` values; children follow a ``TreeOrder``. Every operation returns a
/// ``TreeUpdate`` saying which one contiguous range of visible rows changed shape and which
/// rows changed their status or roll-up, so a view can redraw only those. Flattening is a
/// projection: turning it on or off changes the rows, never identities or state. An identity
/// inside a flattened chain resolves to the chain's row.
public struct TreeBrowserModel: Sendable {
    var forest: PathForest
    var visible: [ShownRow] = []
    /// The rule for directories that appear (at build, by ``add(_:)-(TreePath)``, or new at a reset).
    let initialExpansion: InitialExpansion
    /// How icon names are resolved for ``TreeRow/icon``.
    public let icons: IconResolver
    /// Whether directory-only chains are shown as one row.
    public var isFlattened: Bool { forest.flattensChains }
    /// The focused identity: the row it resolves to is ``focusedRowIndex``.
    public internal(set) var focus: TreePath?
    /// The last visible row of each path removed by the last mutation, for the nearest-to rule.
    var removedRowPositions: [TreePath: Int] = [:]
    /// Whether a mutation's lost focus stays unplaced, for the filter to place it among the
    /// rows it shows (mutations run with the filter lifted).
    var defersLostFocus = false
    /// Counts the changes of the tree's files (mutations and resets), so a view can tell
    /// whether what it derived from them is still current. A view state set by
    /// ``setViewState(_:of:)`` does not count: nothing derived from paths, statuses and
    /// line counts changes with it.
    public internal(set) var revision = 0

    /// Builds the model of `paths` (files, and directories ending in `/`); files carry
    /// changes without a status. The product builds from a change tree; tests use paths.
    ///
    /// - Throws: the first path that is invalid, or that is both a file and a directory
    ///   (``TreePathError/fileAndDirectory(_:)``), naming its raw input.
    init(
        paths: [RawPath], order: TreeOrder = .foldersFirst, flatten: Bool = true,
        expansion: InitialExpansion = .depth(1), icons: IconResolver = IconResolver()
    ) throws(TreePathError) {
        try self.init(forest: Self.buildForest(paths, order: order), flatten: flatten, expansion: expansion, icons: icons)
    }

    /// Builds the model of `paths` given as text.
    init(
        paths: [String], order: TreeOrder = .foldersFirst, flatten: Bool = true,
        expansion: InitialExpansion = .depth(1), icons: IconResolver = IconResolver()
    ) throws(TreePathError) {
        try self.init(paths: paths.map(RawPath.init), order: order, flatten: flatten, expansion: expansion, icons: icons)
    }

    /// Builds the model of a change tree, in its order: each file carries its change, each
    /// directory the roll-up of the files below it. A file and a directory may share a name
    /// (`src` deleted, `src/a.c` added), as in the change tree.
    ///
    /// - Throws: the first path that is not a valid ``TreePath`` (a `..` piece).
    public init(
        changeTree: ChangeTree, flatten: Bool = true, expansion: InitialExpansion = .depth(1),
        icons: IconResolver = IconResolver()
    ) throws(TreePathError) {
        try self.init(forest: Self.buildForest(changeTree), flatten: flatten, expansion: expansion, icons: icons)
    }

    /// Builds the model of `changes`, arranged as ``ChangeTree`` arranges them.
    public init(
        changes: [FileChange], order: TreeOrder = .foldersFirst, flatten: Bool = true,
        expansion: InitialExpansion = .depth(1), icons: IconResolver = IconResolver()
    ) throws(TreePathError) {
        try self.init(changeTree: ChangeTree(changes: changes, order: order), flatten: flatten, expansion: expansion,
                      icons: icons)
    }

    private init(forest: PathForest, flatten: Bool, expansion: InitialExpansion, icons: IconResolver) {
        self.forest = forest
        self.forest.flattensChains = flatten
        self.initialExpansion = expansion
        self.icons = icons
        applyExpansionToAll { _ in nil }
        visible = rows(below: PathForest.root, level: 0)
    }

    static func buildForest(_ paths: [RawPath], order: TreeOrder) throws(TreePathError) -> PathForest {
        var forest = PathForest(order: order, allowsFileAndDirectory: false, capacity: paths.count)
        for raw in paths {
            let path = try TreePath(raw)
            do { try forest.insert(path, ordered: false) } catch { throw .fileAndDirectory(raw) }
        }
        forest.sortAll()
        forest.indexChildren()
        return forest
    }

    /// The forest of a change tree, in its order (``PathForest/init(changeTree:)``).
    static func buildForest(_ changeTree: ChangeTree) throws(TreePathError) -> PathForest {
        try PathForest(changeTree: changeTree)
    }

    // MARK: The tree

    /// How many files and directories the tree holds.
    public var count: Int { forest.shownCount }

    /// The order of siblings.
    public var order: TreeOrder { forest.order }

    /// Whether a file and a directory may share a path: built from changes, yes; from bare
    /// paths, no (such a mutation is rejected).
    public var allowsFileAndDirectory: Bool { forest.allowsFileAndDirectory }

    /// Whether a file or directory has this identity.
    public func contains(_ path: TreePath) -> Bool { forest.slot(of: path) != nil }

    /// The children of a directory (or the top-level entries for `nil`), in order.
    public func children(of path: TreePath?) -> [TreePath] {
        var parent = PathForest.root
        if let path {
            guard let slot = forest.slot(of: path) else { return [] }
            parent = slot
        }
        return forest.shownChildren(of: parent).map { forest.nodes[$0].path }
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

    /// The change of the file with this identity (without a status for a bare path).
    public func change(of path: TreePath) -> FileChange? {
        forest.slot(of: path).flatMap { forest.nodes[$0].change }
    }

    /// The roll-up of every file below the directory with this identity, or a file's own summary.
    public func summary(of path: TreePath) -> ChangeSummary? {
        forest.slot(of: path).map(forest.shownSummary(of:))
    }

    /// The roll-up of every file.
    public var total: ChangeSummary { forest.shownSummary(of: PathForest.root) }
}

/// What one operation changed, so that a view can update minimally. Operations that change
/// nothing a view shows return an empty update.
public struct TreeUpdate: Equatable, Sendable {
    /// The visible rows that changed shape (identity, chain, level or openness), or `nil`
    /// when they are the same as before.
    public var rows: RowReplacement?
    /// The visible rows, as indices after the update, whose change or roll-up changed
    /// (Docs/TreeModel.md#status-and-roll-ups): a changed file and every directory above it.
    /// A view redraws them as well as ``rows``; `nil` when none did.
    public var decorations: Range<Int>?
    /// The focus before and after, when it moved.
    public var focus: FocusChange?

    /// An update; every part defaults to unchanged.
    public init(rows: RowReplacement? = nil, decorations: Range<Int>? = nil, focus: FocusChange? = nil) {
        self.rows = rows
        self.decorations = decorations
        self.focus = focus
    }

    /// Whether nothing visible changed.
    public var isEmpty: Bool { rows == nil && decorations == nil && focus == nil }
}

/// Where the focus was and where it is.
public struct FocusChange: Equatable, Sendable {
    /// The focused identity before.
    public let from: TreePath?
    /// The focused identity after.
    public let to: TreePath?

    /// A move of the focus.
    public init(from: TreePath?, to: TreePath?) {
        self.from = from
        self.to = to
    }
}

/// A change to the tree of a ``TreeBrowserModel`` (Docs/TreeModel.md#mutations-and-resets).
/// Roll-ups follow every mutation.
public enum TreeMutation: Hashable, Sendable {
    /// Adds a file or directory, synthesizing missing ancestors; adding a path that exists
    /// changes nothing. A file added so carries a change without a status.
    case add(TreePath)
    /// Adds the file of a change at its path, synthesizing missing ancestors, or gives the
    /// file already there this change (its status, origin and line counts). A rename found
    /// later is a ``move(_:to:)`` and an `addChange` in one batch.
    case addChange(FileChange)
    /// Removes a file, or a directory and everything below it.
    case remove(TreePath)
    /// Moves a file or a directory (with everything below it) to a path that does not exist
    /// yet, synthesizing missing ancestors; state and changes inside a moved directory move
    /// with it.
    case move(TreePath, to: TreePath)
}

/// Why a mutation was rejected. A rejected mutation or batch changes nothing.
public indirect enum TreeMutationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path conflicts with the tree (``TreePathError/fileAndDirectory(_:)``).
    case invalidPath(TreePathError)
    /// No node has this identity.
    case notFound(TreePath)
    /// A change whose path names a directory (it ends in `/`).
    case notAFile(TreePath)
    /// A move's destination exists.
    case alreadyExists(TreePath)
    /// A move between a file and a directory path.
    case kindMismatch(from: TreePath, to: TreePath)
    /// A directory moved into itself or below itself.
    case moveIntoItself(from: TreePath, to: TreePath)
    /// A mutation of a batch failed; `position` counts from 0.
    case inBatch(position: Int, TreeMutationError)

    public var description: String {
        switch self {
        case .invalidPath(let error): error.description
        case .notFound(let path): "no such path '\(path)'"
        case .notAFile(let path): "'\(path)' is a directory: a change belongs to a file"
        case .alreadyExists(let path): "'\(path)' already exists"
        case .kindMismatch(let from, let to): "cannot move '\(from)' to '\(to)': one is a file, the other a directory"
        case .moveIntoItself(let from, let to): "cannot move '\(from)' into itself ('\(to)')"
        case .inBatch(let position, let error): "mutation \(position + 1) of the batch: \(error)"
        }
    }
}

/// Which directories start open (Docs/TreeModel.md#expansion-and-depth). Directories that
/// appear later (added, or new after a reset) get the same rule; known ones keep their state.
public enum InitialExpansion: Hashable, Sendable {
    /// Directories on row levels below `n` are open: `depth(1)` opens the top level.
    /// Levels count rows of the projection in force, so a flattened chain opens as one row
    /// (as `--depth` does).
    case depth(Int)
    /// Every directory is open.
    case expanded
    /// Every directory is closed.
    case collapsed
    /// Exactly the directories with these identities are open.
    case identities(Set<TreePath>)
}
