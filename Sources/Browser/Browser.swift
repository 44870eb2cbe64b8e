import Render
import TerminalUI
import TreeBrowser
import TreeModel

/// The interactive reviewer's state and behavior, without a terminal: it takes input events
/// (``handle(_:)``) and sizes (``resize(to:)``) and makes frames (``frame()``), so every key
/// can be tested by feeding events and reading the frame. ``BrowserSession`` runs it on a
/// terminal.
///
/// The tree is a ``TreeBrowserModel`` over the changes (Docs/TreeModel.md#the-interactive-model):
/// its focus and expansion rules, its sticky ancestors and its ranked find. Rows are drawn by
/// the printed tree's ``RowFormatter``, and only the rows on the screen are formatted.
public struct Browser {
    /// What the user is doing: which keys mean what (``KeyBinding/table``).
    enum Mode: Int, CaseIterable {
        /// Moving through the tree (and the diff pane, when open).
        case browsing
        /// Typing a find query.
        case finding
        /// `f` was pressed: the next letter names a status.
        case choosingFilter
        /// The key list is shown.
        case help
        /// `V` asks whether to mark the many files shown.
        case confirmingMarks
    }

    /// The tree: expansion, focus and rows.
    public internal(set) var model: TreeBrowserModel
    /// The size drawn for.
    public internal(set) var size: TerminalSize
    /// The index of the row drawn on the tree's first line.
    public internal(set) var top = 0
    /// The status shown alone (`f`), or `nil` for every status.
    public internal(set) var statusFilter: ChangeStatus?
    let configuration: BrowserConfiguration
    var mode = Mode.browsing
    var painter: RowPainter
    /// Every change, whatever the filter.
    var allChanges: [FileChange] {
        didSet {
            unfilteredFinder = nil
            viewedTally = nil
        }
    }
    /// The viewed counts of ``allChanges`` per status, counted when first asked for.
    var viewedTally: ViewedTally?
    /// Ranked find's candidates for every change, kept while a filter or hidden viewed files
    /// show fewer, so that showing every change again takes them back; let go when the
    /// changes change.
    var unfilteredFinder: RankedFind?
    /// Whether viewed files are hidden (`u`).
    public internal(set) var hidesViewed = false
    /// Whether only the files changed since the last review are shown (`R`).
    public internal(set) var showsChangedSinceReview = false
    /// The review `R` compares with, once compared.
    var sinceReviewNote: SinceReviewNote?
    /// Whether ``allChanges`` (and the model) carry ``FileChange/changedSinceReview``.
    var changesMarkedSinceReview = false
    /// The find being typed, or the last one (for `n` and `N`) until Esc.
    var find: FindSession?
    /// The candidates of ranked find, prepared on the first `/` (and again after a filter).
    var finder: RankedFind?
    /// The change tree the model was last built from, and the model's revision then, until
    /// find's candidates are started from it.
    var shownTree: (tree: ChangeTree, revision: Int)?
    /// Ranked find's candidates being made on another thread for ``shownTree``.
    var finderPreparation: FinderPreparation?
    /// The diff pane, when open.
    var diff: DiffPane?
    /// A line for the footer, until the next key.
    var message: String?
    /// How many files of the status shown are marked viewed (with marks).
    var viewedCount = 0
    /// How many files of the status shown there are, viewed or not: the `y` of `x of y viewed`.
    var reviewedCount = 0
    /// The first line of the key list shown.
    var helpScroll = 0
    /// What `V` found to mark (positions in ``allChanges``) and whether viewed, while it asks.
    var pendingMarking: (positions: [Int], viewed: Bool)?
    /// The order of siblings now (`s` cycles it); the configuration's at the start.
    public internal(set) var order: TreeOrder
    /// How far the line counts have come while they are still being made
    /// (``BrowserConfiguration/lineCounts``); `nil` once every count is in, or with none to wait for.
    var countProgress: LineCountProgress?
    /// Why the line counts stopped before every count was made, if they did.
    public internal(set) var lineCountFailure: String?
    /// Counts taken from the feed, from ``countBacklogStart`` on not yet shown.
    var countBacklog: [FileChange] = []
    var countBacklogStart = 0
    /// Each backlog count's position hint (``LineCountDelivery/positions``; -1 for none).
    var countPositions: [Int] = []
    /// How many counts the tree has taken.
    var countsTaken = 0
    /// How the feed ended, once it has: every count made, or a failure.
    var countEnd: LineCountEnd?

    /// A browser over `changes`, drawn for `size`.
    /// - Throws: a path that cannot be in a tree (a `..` piece).
    public init(changes: [FileChange], configuration: BrowserConfiguration, size: TerminalSize) throws(TreePathError) {
        try self.init(changeTree: ChangeTree(changes: changes, order: configuration.order), configuration: configuration,
                      size: size)
    }

    /// A browser over the changes of `tree` (built in `configuration`'s order), drawn for `size`.
    /// - Throws: a path that cannot be in a tree (a `..` piece).
    public init(changeTree tree: ChangeTree, configuration: BrowserConfiguration, size: TerminalSize) throws(TreePathError) {
        self.allChanges = Self.ownCopy(of: tree.changes)
        self.configuration = configuration
        self.size = size
        order = configuration.order
        model = try TreeBrowserModel(changeTree: tree, flatten: configuration.flatten,
                                     expansion: configuration.expansion, icons: configuration.style.render.iconResolver)
        shownTree = (tree, model.revision)
        countProgress = configuration.lineCounts.map { LineCountProgress(counted: 0, total: $0.total) }
        painter = RowPainter(style: configuration.style, total: model.total, countsPending: countProgress != nil)
        model.focusFirst()
        countViewed()
        if configuration.hidesViewed && configuration.marks != nil { hidesViewed = true }
        if case .compared(let note)? = configuration.sinceReview {
            sinceReviewNote = note
            changesMarkedSinceReview = true
            showsChangedSinceReview = true
        }
        if hidesViewed || showsChangedSinceReview { showFilteredFiles() }
    }

    /// `changes` in storage of their own: `v` writes view states into ``allChanges``, and
    /// storage shared with the change tree would be copied then, on the key (25 ms at 134k
    /// files), rather than here, while the model is built.
    private static func ownCopy(of changes: [FileChange]) -> [FileChange] {
        var copy: [FileChange] = []
        copy.reserveCapacity(changes.count)
        copy.append(contentsOf: changes)
        return copy
    }

    /// The screen's layout now.
    var layout: BrowserLayout { BrowserLayout(size: size, diffOpen: diff != nil) }

    /// The focused row's index, if any.
    var focusedRow: Int? { model.focusedRowIndex }

    /// Draws for a new size; the diff is made again for a new width.
    public mutating func resize(to newSize: TerminalSize) {
        size = newSize
        reloadDiffForWidth()
        clampScroll()
        scrollToFocus()
    }

    /// Handles one input event and says what the program must do next.
    public mutating func handle(_ event: InputEvent) -> BrowserEffect {
        message = nil
        defer {
            if let failure = configuration.marks?.takeWriteFailure() { message = "cannot write the viewed marks: \(failure)" }
        }
        switch event {
        case .key(let key): return handle(key)
        case .mouse(let mouse):
            handle(mouse)
            return .none
        case .focus: return .none
        }
    }

    /// Counts the files of the status shown (viewed or not) and those marked viewed.
    mutating func countViewed() {
        let tally = viewedTally ?? ViewedTally(allChanges)
        viewedTally = tally
        (viewedCount, reviewedCount) = tally.counts(status: statusFilter)
    }
}

/// What the browser asks of the program running it after an input.
public enum BrowserEffect: Equatable, Sendable {
    /// Nothing: draw the next frame.
    case none
    /// Quit (`q`, Ctrl-C).
    case quit
    /// Suspend as a shell's Ctrl-Z does; draw the whole frame on resume.
    case suspend
    /// Draw the whole frame again, whatever the screen shows (Ctrl-L).
    case redraw
    /// Leave the screen, show these bytes in the pager, come back and draw the whole frame (`o`).
    case page([UInt8])
}

/// Everything a browser needs besides the changes.
public struct BrowserConfiguration {
    /// The comparison's title, as the printed tree's header starts (`main...feature`).
    public var title: String
    /// Colors, characters, icons, and whether lines were counted.
    public var style: BrowserStyle
    /// The order of siblings.
    public var order: TreeOrder
    /// Whether directory-only chains are one row.
    public var flatten: Bool
    /// Which directories start open.
    public var expansion: InitialExpansion
    /// Where the diff pane's text comes from.
    public var diffSource: any DiffSource
    /// The viewed marks, or `nil` when there are none to read or write.
    public var marks: (any ReviewMarks)?
    /// The command line's filters that chose the changes browsed, for the header.
    public var filters: ActiveFilters
    /// Whether the viewed files start hidden, as `u` hides them (`-i --unviewed`); only with
    /// ``marks``.
    public var hidesViewed = false
    /// How `R` knows the files changed since the last review; `nil`: it says there is none.
    public var sinceReview: SinceReviewSupply?
    /// Where the line counts come from when the changes come without them (the tree is shown
    /// at once and the counts fill in: ``Browser/takeLineCounts()``); `nil` when the changes
    /// carry their counts, or none are counted.
    public var lineCounts: (any LineCountFeed)?

    /// A configuration; by default every directory starts open, as in the printed tree.
    public init(title: String, style: BrowserStyle = BrowserStyle(), order: TreeOrder = .foldersFirst,
                flatten: Bool = true, expansion: InitialExpansion = .expanded,
                diffSource: any DiffSource = PlaceholderDiffSource(), marks: (any ReviewMarks)? = nil,
                filters: ActiveFilters = ActiveFilters()) {
        self.title = title
        self.style = style
        self.order = order
        self.flatten = flatten
        self.expansion = expansion
        self.diffSource = diffSource
        self.marks = marks
        self.filters = filters
    }
}

/// How the browser draws: the renderer's options (color, characters, icons) and whether line
/// counts were read.
public struct BrowserStyle: Sendable {
    /// Colors, characters and icons, as the printed tree uses them. The width is the pane's,
    /// set per frame; the value here is ignored.
    public var render: RenderOptions
    /// Whether rows show line counts (`false` under `--no-stat` and for `--stdin`).
    public var linesCounted: Bool

    /// A style.
    public init(render: RenderOptions = RenderOptions(), linesCounted: Bool = true) {
        self.render = render
        self.linesCounted = linesCounted
    }

    /// Whether colors are on.
    public var color: Bool { render.color }
}

/// The scroll position of the tree: the focus always on a line of its own, below the
/// directories pinned at the top (Docs/TreeModel.md#sticky-ancestors).
extension Browser {
    /// How many of the tree's lines show rows: all of them, but those the find's results
    /// cover while a find is typed.
    var visibleTreeRows: Int {
        let rows = layout.tree.rows
        guard mode == .finding, let find else { return rows }
        return max(rows - FindResultsOverlay.height(find, treeRows: rows), 1)
    }

    /// The rows pinned above the tree at the scroll position `top`, root first.
    func pinnedRows(top: Int) -> [Int] {
        StickyWindow.pinned(in: model, top: top, height: visibleTreeRows)
    }

    /// The pinned rows now.
    var pinnedRows: [Int] { pinnedRows(top: top) }

    /// Keeps the scroll position within the rows: no blank lines below the last row when
    /// there are rows above the top.
    mutating func clampScroll() {
        top = min(max(top, 0), max(model.rowCount - visibleTreeRows, 0))
    }

    /// Scrolls as little as needed for the focused row to be on a line of its own: not below
    /// the last line shown, not under the pinned directories.
    mutating func scrollToFocus() {
        guard let focused = focusedRow else { return }
        let height = visibleTreeRows
        if focused >= top + height { top = focused - height + 1 }
        if focused < top { top = focused }
        while top > 0 && focused < top + pinnedRows(top: top).count { top -= 1 }
        clampScroll()
    }

    /// Scrolls a focused row that is not on a line shown (a find's result) to the first line
    /// under its own directories, pinned: the row shows with where it lies.
    mutating func revealFocus() {
        guard let focused = focusedRow else { return }
        if focused >= top + pinnedRows.count && focused < top + visibleTreeRows { return }
        top = focused
        while top > 0 && focused < top + pinnedRows(top: top).count { top -= 1 }
        clampScroll()
        scrollToFocus()
    }

    /// Scrolls the tree by `delta` lines (the mouse wheel), moving the focus along when it
    /// would leave the screen.
    mutating func scrollTree(by delta: Int) {
        top += delta
        clampScroll()
        guard let focused = focusedRow else { return }
        let height = layout.tree.rows
        let firstSeen = top + pinnedRows.count
        let target = min(max(focused, firstSeen), top + height - 1, model.rowCount - 1)
        if target != focused {
            let identity = model.identity(row: target)
            model.focus(nearestTo: identity)
            followFocusWithDiff()
        }
    }
}
