import TreeModel

/// Formats one row of a tree at a time: guides, status letter, icon, escaped name or chain
/// label, rename origin, mode change, a collapsed directory's roll-up, and the stats cell,
/// shortened in the middle to fit a width budget. It needs only the row, never a walk over
/// the tree, so the tree renderer and an interactive browser draw rows alike.
///
/// Made for a ``TreeView`` (``init(view:options:linesCounted:)``), it formats the view's
/// ``VisibleRow`` values; rows of anything else are formatted from their parts
/// (``appendFile(named:change:icon:isMatch:usedWidth:budget:to:)``,
/// ``appendDirectory(segments:summary:isExpanded:isMatch:usedWidth:budget:to:)``).
/// Scratch buffers and drawn guides and icons are kept between rows: formatting a row
/// allocates nothing.
public struct RowFormatter {
    let glyphs: Glyphs
    let color: Bool
    let drawing: IconDrawing
    let resolver: IconResolver
    /// Whether rows show line counts (`false` under `--no-stat`).
    public let linesCounted: Bool
    /// The escaped name (or chain label) of the row being formatted.
    var name: [UInt8] = []
    /// What follows the name: rename origin, mode change or roll-up.
    var suffix: [UInt8] = []
    /// What the annotations add after the suffix of the row being formatted (generated or
    /// vendored marks, owners), and its display width; empty when nothing.
    var note: [UInt8] = []
    var noteWidth = 0
    /// The view's annotations, when the rows show them.
    let annotations: ReportAnnotations?
    /// Whether ``annotations`` is set (asked for every row).
    let annotates: Bool
    /// The guides of the last row formatted.
    private var guidePrefix: GuidePrefix
    /// The drawings of the closed and open folder icons.
    let folderIcons: (closed: DrawnIcon, open: DrawnIcon)
    /// The view whose rows ``append(_:budget:to:)`` formats (an empty one when rows are
    /// formatted from their parts), read through ``TreeView/withRow(_:_:)``.
    var view: TreeView { viewBox.view }
    /// The view, held by reference: a row lends the view's nodes from it while the
    /// formatter changes, without copying the view (``append(_:budget:to:)``).
    let viewBox: ViewBox

    /// A view held by reference.
    final class ViewBox: Sendable {
        let view: TreeView
        init(_ view: TreeView) { self.view = view }
    }
    /// The view's file icons (when icons are drawn) and, by icon number, their drawings.
    private var fileIcons: FileIcons?
    private let drawsFileIcons: Bool
    private var drawnIcons: [DrawnIcon] = []

    /// An icon drawn once: its bytes and display width.
    struct DrawnIcon {
        var bytes: [UInt8]
        var width: Int
    }

    /// A formatter of rows given by their parts.
    public init(options: RenderOptions, linesCounted: Bool) {
        self.init(view: TreeView(changeTree: ChangeTree(changes: [])), options: options, linesCounted: linesCounted)
    }

    /// A formatter of the rows of `view`; each file's icon is resolved once, on first use.
    /// With `annotations`, rows show owners (``ReportAnnotations/showsOwners``) and marks
    /// on generated and vendored files counted like others.
    public init(view: TreeView, options: RenderOptions, linesCounted: Bool, annotations: ReportAnnotations? = nil) {
        self.annotations = annotations.flatMap { $0.showsOwners || ($0.includesGenerated && $0.files.hasKinds) ? $0 : nil }
        let glyphs = Glyphs(options.charset)
        self.glyphs = glyphs
        self.color = options.color
        self.drawing = options.icons
        self.resolver = options.iconResolver
        self.linesCounted = linesCounted
        self.annotates = self.annotations != nil
        self.guidePrefix = GuidePrefix(glyphs)
        self.viewBox = ViewBox(view)
        func draw(_ icon: IconResolution) -> DrawnIcon {
            var bytes: [UInt8] = []
            let width = options.icons.append(icon, color: options.color, to: &bytes)
            return DrawnIcon(bytes: bytes, width: width)
        }
        self.folderIcons = (draw(options.iconResolver.resolveDirectory(expanded: false)),
                            draw(options.iconResolver.resolveDirectory(expanded: true)))
        drawsFileIcons = options.icons != .none
        if drawsFileIcons {
            fileIcons = FileIcons(changeTree: view.changeTree, resolver: options.iconResolver)
        }
    }

    /// Appends the left part of `row`, a row of the formatter's view, and returns its width
    /// and stats cell. With a `budget`, names are shortened in the middle so that the left
    /// part takes at most `budget` columns where it can.
    public mutating func append(_ row: VisibleRow, budget: Int?, to output: inout [UInt8]) -> FormattedRow {
        let box = viewBox
        return box.view.withRow(row) { append($0, budget: budget, to: &output) }
    }

    /// ``append(_:budget:to:)`` of a row lent by the view's row cursor
    /// (``TreeView/forEachRow(opensEverything:_:)``), which lends the tree once for every row.
    public mutating func append(_ rowView: RowView, budget: Int?, to output: inout [UInt8]) -> FormattedRow {
        let row = rowView.row
        var width = appendGuides(level: row.level, isLast: row.isLast, guides: row.guides, to: &output)
        let node = rowView.node
        if !node.isDirectory {
            let icon = drawsFileIcons ? drawnIcon(ofFile: row.node) : nil
            if annotates { prepareNote(forFile: row.node) }
            let change = node.change
            width += appendFileCell(node.name, change: change, icon: icon, isMatch: row.isMatch, usedWidth: width,
                                    budget: budget, to: &output)
            return FormattedRow(width: width, stat: change.map { Self.stat(ofFile: $0, linesCounted: linesCounted) } ?? .none)
        }
        let summary = rowView.summary
        name.removeAll(keepingCapacity: true)
        var nameWidth = 0
        for link in rowView.chain { nameWidth += appendLabelSegment(link.name) }
        if annotates { prepareNote(forDirectory: row.node) }
        width += appendDirectoryCell(nameWidth: nameWidth, summary: summary, isExpanded: row.isExpanded,
                                     isMatch: row.isMatch, usedWidth: width, budget: budget, to: &output)
        return FormattedRow(width: width, stat: stat(ofDirectory: summary))
    }

    /// Appends the guides in front of a row on `level` (nothing on the top level) and returns
    /// their width: for each ancestor row below the top level a guide or a blank, then the
    /// branch (`├── `, or `└── ` for the last sibling).
    @inline(__always)
    public mutating func appendGuides(level: Int, isLast: Bool, guides: AncestorGuides, to output: inout [UInt8]) -> Int {
        guard level > 0 else { return 0 }
        guidePrefix.withPrefix(guides: guides, isLast: isLast) { output.append(contentsOf: $0) }
        return 4 * level
    }

    /// The drawing of the icon of file node `node` of the view, drawn once per icon.
    private mutating func drawnIcon(ofFile node: Int) -> DrawnIcon {
        let number = fileIcons!.number(ofFile: node)
        while drawnIcons.count <= number {
            let icon = fileIcons!.resolutions[drawnIcons.count]
            var bytes: [UInt8] = []
            let width = drawing.append(icon, color: color, to: &bytes)
            drawnIcons.append(DrawnIcon(bytes: bytes, width: width))
        }
        return drawnIcons[number]
    }
}

extension RowFormatter {
    /// Appends ` (also unstaged)` (a partly staged file), then ` (viewed)` or
    /// ` (changed since viewed)`, to `suffix`; returns their width.
    mutating func appendReviewMarks(of change: FileChange) -> Int {
        let start = suffix.count
        if change.partiallyStaged { suffix.append(" (also unstaged)") }
        switch change.viewState {
        case .notViewed: break
        case .viewed: suffix.append(" (viewed)")
        case .changedSinceViewed: suffix.append(" (changed since viewed)")
        }
        return suffix.count - start
    }
}

/// The stats cell of a row: `+I −D`, `binary`, or nothing.
extension RowFormatter {
    /// What a file's stats cell shows: nothing when lines were not counted or the file's
    /// content was not read (`nil` for a change without counts), `binary`, or its line counts.
    public func stat(ofFile change: FileChange?) -> TreeStat {
        guard let change else { return .none }
        return ChangeView.with(change) { Self.stat(ofFile: $0, linesCounted: linesCounted) }
    }

    /// ``stat(ofFile:)`` of a change read in place.
    static func stat(ofFile change: ChangeView, linesCounted: Bool) -> TreeStat {
        guard linesCounted else { return .none }
        if change.binary == true { return .binary }
        let insertions = change.insertions, deletions = change.deletions
        guard insertions != nil || deletions != nil else { return .none }
        return .lines(insertions: insertions ?? 0, deletions: deletions ?? 0)
    }

    /// What a directory's stats cell shows: the lines of its roll-up, when counted.
    public func stat(ofDirectory summary: ChangeSummary) -> TreeStat {
        guard linesCounted, let insertions = summary.insertions, let deletions = summary.deletions else { return .none }
        return .lines(insertions: insertions, deletions: deletions)
    }

    /// Appends the stats cell of `row`, aligned by `columns`, after its left part.
    public func appendStats(of row: FormattedRow, columns: StatColumns, to output: inout [UInt8]) {
        columns.append(row, color: color, minus: glyphs.minus, to: &output)
    }
}

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
