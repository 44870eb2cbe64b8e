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
        model = try TreeBrowserModel(changeTree: tree, flatten: configuration.flatten,
                                     expansion: configuration.expansion, icons: configuration.style.render.iconResolver)
        shownTree = (tree, model.revision)
        painter = RowPainter(style: configuration.style, total: model.total)
        model.focusFirst()
        countViewed()
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
