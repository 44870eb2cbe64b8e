import Annotations
import Background
import TreeModel

/// Everything a renderer shows: what was compared and what changed.
public struct Report: Sendable {
    /// What was compared.
    public var comparison: ComparisonLabel
    /// What is shown of the changes: rows, expansion, search, summaries.
    public var view: TreeView
    /// Whether line counts were computed (`false` under `--no-stat`).
    public var linesCounted: Bool
    /// Under `--staged`, how many untracked files the commit leaves out (`nil`: not counted).
    public var untrackedLeftOut: Int?
    /// How many of the comparison's files are viewed, when viewed marks are in use.
    public var viewedProgress: ViewedProgress?
    /// The filters that chose the files shown (`--status`, `--owner`, a hiding `--search`,
    /// `--unviewed`); none by default.
    public var filters: ActiveFilters
    /// Generated and vendored files, owners; `nil` when none were read (`--stdin`).
    public var annotations: ReportAnnotations?
    /// Under `--hunks`, each counted file's hunks, by path (JSON's `hunks`); `nil` otherwise.
    public var changedLines: ChangedLines?
    /// The changed and affected packages (`--packages`, `--affected`); `nil` otherwise.
    public var packages: PackageListing?
    /// The named groups of a filters file and the files each holds (`--filters`); `nil`
    /// otherwise. Read while they are still worked out (``setGroups(_:)``), they are waited for.
    public var groups: GroupListing? {
        get { pendingGroups?.wait() }
        set { pendingGroups = newValue.map { PendingResult(value: $0) } }
    }
    private var pendingGroups: PendingResult<GroupListing>?
    /// Whether the report has groups (``groups`` not `nil`), asked without waiting for them.
    public var hasGroups: Bool { pendingGroups != nil }

    public init(comparison: ComparisonLabel, view: TreeView, linesCounted: Bool, untrackedLeftOut: Int? = nil,
                viewedProgress: ViewedProgress? = nil, annotations: ReportAnnotations? = nil,
                filters: ActiveFilters = ActiveFilters()) {
        self.comparison = comparison
        self.view = view
        self.linesCounted = linesCounted
        self.untrackedLeftOut = untrackedLeftOut
        self.viewedProgress = viewedProgress
        self.annotations = annotations
        self.filters = filters
    }

    /// A report showing every change of `tree`, fully expanded.
    public init(comparison: ComparisonLabel, tree: ChangeTree, linesCounted: Bool, flatten: Bool = true) {
        self.init(comparison: comparison, view: TreeView(changeTree: tree, flatten: flatten), linesCounted: linesCounted)
    }

    /// Gives the report groups worked out while it is written: the tree and Markdown, which
    /// show them first, wait for them; JSON writes them last.
    public mutating func setGroups(_ pending: PendingResult<GroupListing>) { pendingGroups = pending }

    /// The whole change tree.
    public var tree: ChangeTree { view.changeTree }
}

/// `x of y viewed`: of the files the filters keep before `--unviewed` hides the viewed ones,
/// counted as the header's totals count them (generated and vendored files left out unless
/// `--include-generated`), how many are viewed.
public struct ViewedProgress: Hashable, Sendable {
    /// The files marked viewed with the content they have.
    public var viewed: Int
    /// All the files.
    public var files: Int

    public init(viewed: Int, files: Int) {
        self.viewed = viewed
        self.files = files
    }
}

/// A description of a comparison, as the JSON `comparison` object and the tree header show it.
public struct ComparisonLabel: Hashable, Sendable {
    /// What was compared; JSON writes it as `mode`.
    public var kind: ComparisonKind
    /// The comparison as the user wrote it (`main...feature`, `HEAD`).
    public var spec: String
    /// The old side's object id in hex, or `nil` (empty tree, stdin).
    public var old: String?
    /// The new side's object id in hex, or `nil` (index, working tree, stdin).
    public var new: String?
    /// A short human title for the header (`main...feature`, `HEAD → working tree`).
    public var title: String
    /// Under `--since-review` or `--since`: the review compared with.
    public var sinceReview: SinceReviewNote?
    /// Where the owners shown come from: the side whose CODEOWNERS was read, and the file;
    /// `nil` when no owners were read.
    public var codeOwners: CodeOwnersSource?

    public init(kind: ComparisonKind, spec: String, old: String?, new: String?, title: String) {
        self.kind = kind
        self.spec = spec
        self.old = old
        self.new = new
        self.title = title
    }
}

/// How output should look.
public struct RenderOptions: Sendable {
    /// Whether to use ANSI colors.
    public var color: Bool
    /// For `plain`: end each path with NUL instead of a newline, and write it exactly.
    public var nulTerminated: Bool
    /// The characters drawing guides, arrows and minus signs.
    public var charset: Charset
    /// The terminal's width: long names are shortened in the middle to fit. `nil` when the
    /// output is not a terminal (never shortened).
    public var width: Int?
    /// How icons are drawn in the tree.
    public var icons: IconDrawing
    /// How icon names are resolved (also for JSON's `icon`).
    public var iconResolver: IconResolver
    /// Whether JSON is pretty-printed (for a person) rather than compact (for a program).
    public var prettyJSON: Bool
    /// For `markdown`: the most bytes the report may take (at least
    /// ``MarkdownRenderer/smallestMaxBytes``); directories are rolled up to fit.
    public var markdownMaxBytes: Int
    /// For `plain` and `json`: list the changed directories, cut to this many pieces
    /// (``ChangedDirectories``); `nil` lists none (plain lists the files).
    public var directoryDepth: Int?
    /// For `markdown`: one section per code owner instead of the tree (`--group-by owner`).
    public var markdownGroupsByOwner: Bool
    /// For `markdown`: the heading's text instead of the comparison's title (`--title`),
    /// written as a name.
    public var markdownTitle: String?
    /// For `markdown`: each file's name a link to the URL this makes (`--link-template`).
    public var markdownLinks: LinkTemplate?

    public init(
        color: Bool = false, nulTerminated: Bool = false, charset: Charset = .unicode, width: Int? = nil,
        icons: IconDrawing = .none, iconResolver: IconResolver = IconResolver(), prettyJSON: Bool = true,
        markdownMaxBytes: Int = MarkdownRenderer.defaultMaxBytes, directoryDepth: Int? = nil,
        markdownGroupsByOwner: Bool = false, markdownTitle: String? = nil, markdownLinks: LinkTemplate? = nil
    ) {
        self.markdownTitle = markdownTitle
        self.markdownLinks = markdownLinks
        self.prettyJSON = prettyJSON
        self.markdownMaxBytes = markdownMaxBytes
        self.directoryDepth = directoryDepth
        self.markdownGroupsByOwner = markdownGroupsByOwner
        self.color = color
        self.nulTerminated = nulTerminated
        self.charset = charset
        self.width = width
        self.icons = icons
        self.iconResolver = iconResolver
    }
}

/// Which characters draw the tree.
public enum Charset: String, Sendable, CaseIterable {
    /// Box-drawing guides, `←`, `−`, `·`, `…`.
    case unicode
    /// `|--`, `` `-- ``, `<-`, `-`, `...`: for terminals and logs without UTF-8.
    case ascii
}

/// Turns a report into bytes for one output format.
///
/// A renderer that builds its output whole implements ``render(_:options:into:)`` only; the
/// default ``render(_:options:to:)`` hands that buffer on when it is done. A streaming
/// renderer implements both: ``render(_:options:to:)`` appends to the output's buffer and
/// calls ``RenderOutput/flushIfFull()`` as it goes, and ``render(_:options:into:)`` runs it
/// collecting everything, so that both give the same bytes.
public protocol ReportRenderer {
    /// Appends the rendering of `report` to `output`.
    func render(_ report: Report, options: RenderOptions, into output: inout [UInt8])

    /// Appends the rendering of `report` to `output`'s buffer, handing it on in chunks as it
    /// grows; the caller calls ``RenderOutput/flush()`` afterwards. Throws what handing on
    /// throws (a closed pipe), leaving the rest unwritten.
    func render(_ report: Report, options: RenderOptions, to output: inout RenderOutput) throws
}

extension ReportRenderer {
    /// Renders the whole output into `output`'s buffer with ``render(_:options:into:)``, then
    /// hands it on if it is full.
    public func render(_ report: Report, options: RenderOptions, to output: inout RenderOutput) throws {
        render(report, options: options, into: &output.bytes)
        try output.flushIfFull()
    }
}
