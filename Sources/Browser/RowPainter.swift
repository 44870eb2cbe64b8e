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
struct RowPainter {
    private var formatter: RowFormatter
    private let style: BrowserStyle
    private var layout: (width: Int, columns: StatColumns, budget: Int)?
    private var total: ChangeSummary

    init(style: BrowserStyle, total: ChangeSummary) {
        self.style = style
        self.total = total
        formatter = RowFormatter(options: style.render, linesCounted: style.linesCounted)
    }

    /// Lays the stats column out again for a new total (after a filter).
    mutating func setTotal(_ newTotal: ChangeSummary) {
        guard newTotal != total else { return }
        total = newTotal
        layout = nil
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
        if let change = row.change {
            let icon = style.render.icons == .none ? nil
                : style.render.iconResolver.resolveFile(named: row.segments.last ?? [], mode: change.newMode ?? change.oldMode)
            used += formatter.appendFile(named: row.segments.last ?? [], change: change, icon: icon, isMatch: isMatch,
                                         usedWidth: used, budget: budget, to: &bytes)
            stat = formatter.stat(ofFile: change)
        } else {
            used += formatter.appendDirectory(segments: row.segments, summary: row.summary, isExpanded: row.isExpanded,
                                              isMatch: isMatch, usedWidth: used, budget: budget, to: &bytes)
            stat = formatter.stat(ofDirectory: row.summary)
        }
        if used <= budget {
            let start = bytes.count
            formatter.appendStats(of: FormattedRow(width: used, stat: stat), columns: columns, to: &bytes)
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

    /// The stats layout for a pane `width` columns wide, and the budget left for a row's
    /// left part.
    private mutating func statLayout(width: Int) -> (StatColumns, Int) {
        if let layout, layout.width == width { return (layout.columns, layout.budget) }
        var widest = StatColumns(rows: [FormattedRow(width: 0, stat: formatter.stat(ofDirectory: total))]
                                 + (style.linesCounted && (total.binary ?? 0) > 0 ? [FormattedRow(width: 0, stat: .binary)] : []))
        let budget = max(width - (widest.blockWidth > 0 ? widest.blockWidth + 2 : 0), 1)
        widest = StatColumns(rows: [FormattedRow(width: budget, stat: formatter.stat(ofDirectory: total))]
                             + (style.linesCounted && (total.binary ?? 0) > 0 ? [FormattedRow(width: budget, stat: .binary)] : []))
        layout = (width, widest, budget)
        return (widest, budget)
    }
}
