import Render
import TerminalUI
import TreeBrowser
import TreeModel

/// The frame: header, tree (pinned directories first), diff pane, footer; overlays for the
/// find's results and the key list.
extension Browser {
    /// The whole screen for the current state. Only the rows on the screen are formatted.
    public mutating func frame() -> Frame {
        let layout = layout
        var rows = [Line](repeating: Line(), count: max(size.rows, 0))
        guard size.rows >= 2 else { return Frame(rows: [LineFitting.fitted(headerLine(), to: size.columns)]) }
        rows[0] = LineFitting.fitted(headerLine(), to: size.columns)
        var tree = treeLines(layout.tree)
        var cursor: CursorPosition?
        if mode == .finding, let find {
            let results = FindResultsOverlay.lines(find, width: layout.tree.columns, height: layout.tree.rows,
                                                   color: configuration.style.color)
            tree.replaceSubrange((tree.count - results.count)..., with: results)
            let typed = TerminalText.displayWidth(of: TerminalText.escaped(find.text))
            cursor = CursorPosition(row: layout.footerRow, column: min(1 + typed, size.columns - 1))
        }
        for (offset, line) in tree.enumerated() { rows[layout.tree.row + offset] = line }
        if diff != nil { placeDiff(layout, into: &rows) }
        if mode == .help {
            let help = HelpOverlay.lines(width: size.columns, height: size.rows - 2, color: configuration.style.color,
                                         from: helpScroll)
            for (offset, line) in help.enumerated() { rows[1 + offset] = line }
        }
        rows[layout.footerRow] = LineFitting.fitted(footerLine(), to: size.columns)
        return Frame(rows: rows, cursor: cursor)
    }

    /// The tree's lines: pinned directories, then the rows from the scroll position.
    private mutating func treeLines(_ area: BrowserLayout.Area) -> [Line] {
        let pinned = pinnedRows
        let focused = focusedRow
        let query = find?.query
        var lines: [Line] = []
        lines.reserveCapacity(area.rows)
        for line in 0..<area.rows {
            let index = line < pinned.count ? pinned[line] : top + line
            guard index < model.rowCount else {
                lines.append(Line())
                continue
            }
            let identity = model.identity(row: index)
            lines.append(painter.line(row: index, of: model, width: area.columns, focused: index == focused,
                                      isMatch: isFindMatch(identity, query: query)))
        }
        if model.rowCount == 0, !lines.isEmpty {
            lines[0] = LineFitting.fitted(Line(ascii: statusFilter.map { "no file is \(Self.statusName($0)): F shows every file" }
                                                        ?? "no changes"), to: area.columns)
        }
        return lines
    }


    /// The diff pane and its divider.
    private func placeDiff(_ layout: BrowserLayout, into rows: inout [Line]) {
        guard let diff, let divider = layout.divider else { return }
        let color = configuration.style.color
        let ascii = configuration.style.render.charset == .ascii
        let lines = diff.lines.dropFirst(diff.scroll).prefix(layout.diff.rows)
        switch layout.split {
        case .beside:
            for offset in 0..<layout.diff.rows {
                var line = rows[layout.tree.row + offset]
                line.pad(to: divider.column)
                line.append(Self.dimmed(ascii ? "|" : "│", color: color, width: 1))
                if offset < lines.count {
                    line.append(LineFitting.fitted(lines[lines.startIndex + offset], to: layout.diff.columns))
                }
                rows[layout.tree.row + offset] = line
            }
        case .below:
            var label = Array((ascii ? "-- " : "── ").utf8)
            let width = 4 + TerminalText.append(diff.path.identity, to: &label)
            label.append(UInt8(ascii: " "))
            let rule = max(layout.size.columns - width, 0)
            label += Array(String(repeating: ascii ? "-" : "─", count: rule).utf8)
            var line = Line()
            if color { line.appendStyle("2") }
            line.append(bytes: label, width: width + rule)
            rows[divider.row] = LineFitting.fitted(line, to: layout.size.columns)
            for (offset, diffLine) in lines.enumerated() {
                rows[layout.diff.row + offset] = LineFitting.fitted(diffLine, to: layout.diff.columns)
            }
        case .none:
            break
        }
    }

    /// `text` dimmed when colors are on.
    static func dimmed(_ text: String, color: Bool, width: Int) -> Line {
        var line = Line()
        if color { line.appendStyle("2") }
        line.append(bytes: Array(text.utf8), width: width)
        if color { line.appendStyle("0") }
        return line
    }
}
