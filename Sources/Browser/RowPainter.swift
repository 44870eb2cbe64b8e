import Render
import TerminalUI
import TreeBrowser
import TreeModel

/// Draws rows of a ``TreeBrowserModel`` as the printed tree draws them, with the same
/// ``RowFormatter``: guides, status letter, icon, escaped name or chain label, origin, a
/// closed directory's roll-up, and the stats cell. Only the rows asked for are formatted.
///
/// The stats column is laid out once per width from the totals (no row's counts can be
/// wider), right-aligned at the pane's edge, so it stays put while the list scrolls; names
/// are shortened in the middle to fit before it.
///
/// While line counts are still being made (``countsPending``), a file without its count and
/// a directory with a file below it without one show a dim `…` at the column's end: a
/// roll-up shows once it is whole, never a part of it.
struct RowPainter {
    private var formatter: RowFormatter
    private let style: BrowserStyle
    private var layout: (width: Int, columns: StatColumns, budget: Int)?
    private var total: ChangeSummary
    /// Whether rows without their line counts yet show the placeholder.
    private(set) var countsPending: Bool

    init(style: BrowserStyle, total: ChangeSummary, countsPending: Bool = false) {
        self.style = style
        self.total = total
        self.countsPending = countsPending && style.linesCounted
        formatter = RowFormatter(options: style.render, linesCounted: style.linesCounted)
    }

    /// Lays the stats column out again for a new total (after a filter).
    mutating func setTotal(_ newTotal: ChangeSummary) {
        guard newTotal != total else { return }
        total = newTotal
        layout = nil
    }

    /// Shows the placeholder on rows without their counts, or stops showing it.
    mutating func setCountsPending(_ pending: Bool) {
        let shown = pending && style.linesCounted
        guard shown != countsPending else { return }
        countsPending = shown
        layout = nil
    }

    /// Whether `change` is a file whose lines are counted but not yet known (an untracked
    /// file's never are).
    static func awaitsCount(_ change: FileChange) -> Bool {
        change.binary == nil && change.status != nil && change.status != .untracked
    }

    /// Whether a file below a directory whose roll-up is `summary` awaits its count.
    static func awaitsCounts(_ summary: ChangeSummary) -> Bool {
        summary.files - summary.count(.untracked) > summary.filesRead
    }

    /// The line of visible row `index` of `model`, exactly `width` columns: the focused row
    /// in reverse video, a match of the find highlighted (the formatter adds review marks).
    mutating func line(row index: Int, of model: TreeBrowserModel, width: Int, focused: Bool = false,
                       isMatch: Bool = false) -> Line {
        let row = model.row(at: index)
        let painted = PaintedRow(level: row.level, isLast: model.isLastSibling(row: index), guides: model.guides(ofRow: index),
                                 segments: row.segments, change: row.change, summary: row.summary, isExpanded: row.isExpanded)
        return line(painted, width: width, focused: focused, isMatch: isMatch)
    }

    /// The line of `row`, exactly `width` columns, as ``line(row:of:width:focused:isMatch:)``.
    mutating func line(_ row: PaintedRow, width: Int, focused: Bool = false, isMatch: Bool = false) -> Line {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128)
        let (columns, budget) = statLayout(width: width)
        var used = formatter.appendGuides(level: row.level, isLast: row.isLast, guides: row.guides, to: &bytes)
        let stat: TreeStat
        let awaitsCounts: Bool
        if let change = row.change {
            let icon = style.render.icons == .none ? nil
                : style.render.iconResolver.resolveFile(named: row.segments.last ?? [], mode: change.newMode ?? change.oldMode)
            used += formatter.appendFile(named: row.segments.last ?? [], change: change, icon: icon, isMatch: isMatch,
                                         usedWidth: used, budget: budget, to: &bytes)
            stat = formatter.stat(ofFile: change)
            awaitsCounts = countsPending && Self.awaitsCount(change)
        } else {
            used += formatter.appendDirectory(segments: row.segments, summary: row.summary, isExpanded: row.isExpanded,
                                              isMatch: isMatch, usedWidth: used, budget: budget, to: &bytes)
            stat = formatter.stat(ofDirectory: row.summary)
            awaitsCounts = countsPending && Self.awaitsCounts(row.summary)
        }
        if used <= budget {
            let start = bytes.count
            if awaitsCounts {
                appendPlaceholder(after: used, columns: columns, to: &bytes)
            } else {
                formatter.appendStats(of: FormattedRow(width: used, stat: stat), columns: columns, to: &bytes)
            }
            used += LineFitting.width(of: bytes[start...])
        }
        var line = LineFitting.fitted(Line(bytes: bytes, width: used), to: width)
        line.pad(to: width)
        return focused ? Self.highlighted(line) : line
    }

    /// `line` in reverse video, kept on after every attribute reset inside it.
    static func highlighted(_ line: Line) -> Line {
        var bytes: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "7"), UInt8(ascii: "m")]
        bytes.reserveCapacity(line.bytes.count + 16)
        let reset: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "0"), UInt8(ascii: "m")]
        var index = 0
        let source = line.bytes
        while index < source.count {
            if source[index] == 0x1B, index + 3 < source.count, Array(source[index..<(index + 4)]) == reset {
                bytes += Array("\u{1B}[0;7m".utf8)
                index += 4
            } else {
                bytes.append(source[index])
                index += 1
            }
        }
        return Line(bytes: bytes, width: line.width)
    }

    /// The placeholder of a row whose counts are not in yet: `…` (`...` in ASCII), dim,
    /// ending where the stats column ends.
    private func appendPlaceholder(after used: Int, columns: StatColumns, to bytes: inout [UInt8]) {
        let text: [UInt8] = style.render.charset == .ascii ? Array("...".utf8) : Array("…".utf8)
        let width = style.render.charset == .ascii ? 3 : 1
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(columns.start + columns.blockWidth - width - used, 2)))
        if style.color { bytes.append(contentsOf: Array("\u{1B}[2m".utf8)) }
        bytes.append(contentsOf: text)
        if style.color { bytes.append(contentsOf: Array("\u{1B}[0m".utf8)) }
    }

    /// The stats layout for a pane `width` columns wide, and the budget left for a row's
    /// left part. While counts are pending the column has room for the placeholder.
    private mutating func statLayout(width: Int) -> (StatColumns, Int) {
        if let layout, layout.width == width { return (layout.columns, layout.budget) }
        func widest(_ left: Int) -> StatColumns {
            StatColumns(rows: [FormattedRow(width: left, stat: formatter.stat(ofDirectory: total))]
                        + (style.linesCounted && (total.binary ?? 0) > 0 ? [FormattedRow(width: left, stat: .binary)] : [])
                        + (countsPending ? [FormattedRow(width: left, stat: Self.placeholderRoom)] : []))
        }
        let budget = max(width - (widest(0).blockWidth > 0 ? widest(0).blockWidth + 2 : 0), 1)
        let columns = widest(budget)
        layout = (width, columns, budget)
        return (columns, budget)
    }

    /// A stats cell as wide as the widest placeholder.
    private static let placeholderRoom = TreeStat.lines(insertions: 99, deletions: 0)
}

/// What ``RowPainter`` draws of one row, whoever laid it out: the model's rows, or the change
/// tree's before the model exists (``BrowserPreview``).
struct PaintedRow {
    /// The row's level: top-level rows are on level 0.
    var level: Int
    /// Whether no later sibling of the row is shown.
    var isLast: Bool
    /// For each ancestor row, whether a later sibling of it is shown.
    var guides: AncestorGuides
    /// The names the row shows, outermost first: one, or a flattened chain's.
    var segments: [[UInt8]]
    /// A file's change; `nil` for a directory.
    var change: FileChange?
    /// A directory's roll-up.
    var summary: ChangeSummary
    /// Whether a directory row is open.
    var isExpanded: Bool
}

/// The browser's first frame, drawn straight from the change tree while the browser's model
/// is not built yet: the header, the rows on the screen and the footer, exactly as
/// ``Browser/frame()`` draws them for a new browser (its first row focused, nothing scrolled,
/// nothing pinned). Only the rows on the screen are laid out and formatted, so the frame
/// costs a walk of the tree's chains and a screenful of rows, whatever the tree's size.
public struct BrowserPreview {
    private let changeTree: ChangeTree
    private let configuration: BrowserConfiguration
    private let depth: Int?
    private let viewed: (viewed: Int, files: Int)
    /// The counting's progress while the changes wait for their line counts.
    private let progress: LineCountProgress?

    /// The first frame's maker for the changes of `changeTree`, or `nil` when it cannot match
    /// the browser's: directories opened by identity, or a name that is not kept as it is in
    /// a path (empty, `.`, `..`; the model checks those).
    public init?(changeTree: ChangeTree, configuration: BrowserConfiguration) {
        switch configuration.expansion {
        case .expanded: depth = nil
        case .depth(let levels): depth = levels
        case .collapsed: depth = 0
        case .identities: return nil
        }
        let keepsNames = changeTree.withNodes { nodes in
            nodes.indices.allSatisfy { TreePath.keepsName(nodes[$0].name) }
        }
        guard keepsNames else { return nil }
        self.changeTree = changeTree
        self.configuration = configuration
        viewed = ViewedTally(changeTree.changes).counts(status: nil)
        progress = configuration.lineCounts.map { LineCountProgress(counted: 0, total: $0.total) }
    }

    /// Whether the frame shows line counts as still to come.
    public var isCountingLines: Bool { progress != nil }

    /// Starts the line counts the frame shows as still to come (``LineCountFeed/start()``).
    public func startLineCounts() {
        configuration.lineCounts?.start()
    }

    /// The frame for a terminal of `size`.
    public func frame(size: TerminalSize) -> Frame {
        let separator = configuration.style.render.charset == .ascii ? " - " : " · "
        var notes = progress.map { separator + $0.note } ?? ""
        if configuration.marks != nil { notes += Browser.viewedNote(viewed: viewed.viewed, of: viewed.files, separator: separator) }
        let header = LineFitting.fitted(Browser.headerLine(configuration: configuration, total: changeTree.total, notes: notes,
                                                           columns: size.columns, countingLines: progress != nil),
                                        to: size.columns)
        guard size.rows >= 2 else { return Frame(rows: [header]) }
        let area = BrowserLayout(size: size, diffOpen: false).tree
        var rows = [Line](repeating: Line(), count: size.rows)
        rows[0] = header
        var painter = RowPainter(style: configuration.style, total: changeTree.total, countsPending: progress != nil)
        let view = TreeView(changeTree: changeTree, flatten: configuration.flatten, depth: depth)
        var focused: [UInt8]?
        for (line, row) in zip(0..<area.rows, view.visibleRows) {
            let painted = view.withRow(row) { paintedRow($0) }
            if line == 0 { focused = changeTree.tree.identity(of: row.node) }
            rows[area.row + line] = painter.line(painted, width: area.columns, focused: line == 0)
        }
        if focused == nil, area.rows > 0 {
            rows[area.row] = LineFitting.fitted(Line(ascii: "no changes"), to: area.columns)
        }
        rows[size.rows - 1] = LineFitting.fitted(Browser.footerLine(focused: focused, columns: size.columns,
                                                                    color: configuration.style.color), to: size.columns)
        return Frame(rows: rows)
    }

    /// What the painter draws of `row`: its chain's names, a file's change, a directory's roll-up.
    private func paintedRow(_ view: RowView) -> PaintedRow {
        let row = view.row
        return PaintedRow(level: row.level, isLast: row.isLast, guides: row.guides, segments: view.chain.map { Array($0.name) },
                          change: row.isDirectory ? nil : changeTree.change(at: row.node),
                          summary: changeTree.summaries[row.node], isExpanded: row.isExpanded)
    }
}
