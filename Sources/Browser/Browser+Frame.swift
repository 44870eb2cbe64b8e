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
            for offset in 0..<min(layout.diff.rows, rows.count - layout.tree.row) {
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
            guard divider.row < rows.count else { return }
            rows[divider.row] = LineFitting.fitted(line, to: layout.size.columns)
            for (offset, diffLine) in lines.enumerated() where layout.diff.row + offset < rows.count {
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

/// The header and the footer.
extension Browser {
    /// The header: the printed tree's header words for what the tree shows, then how many
    /// files are viewed (with marks) and the status filter.
    func headerLine() -> Line {
        let separator = configuration.style.render.charset == .ascii ? " - " : " · "
        return Self.headerLine(configuration: configuration, filters: headerFilters, total: model.total,
                               notes: headerNotes(separator: separator), columns: size.columns,
                               countingLines: countProgress != nil || lineCountFailure != nil)
    }

    /// The header for `total` and `notes`, fitted to `columns`: the totals are shortened
    /// first, so that the notes stay whole. While `countingLines`, the totals leave out the
    /// line counts and binary files, not known yet (a note says how far the counting is).
    static func headerLine(configuration: BrowserConfiguration, filters: ActiveFilters? = nil, total: ChangeSummary,
                           notes: String, columns: Int, countingLines: Bool = false) -> Line {
        let style = configuration.style
        let bytes = TreeRenderer.header(title: configuration.title, total: total, filters: filters ?? configuration.filters,
                                        namingFilters: false, linesCounted: style.linesCounted && !countingLines,
                                        color: style.color, charset: style.render.charset)
        var header = Line(bytes: bytes, width: LineFitting.width(of: bytes))
        let noteBytes = Array(notes.utf8)
        let notes = Line(bytes: noteBytes, width: LineFitting.width(of: noteBytes))
        guard notes.width > 0 else { return header }
        if header.width + notes.width > columns && columns > notes.width + 1 {
            header = LineFitting.fitted(header, to: columns - notes.width - 1)
            header.append(Line(bytes: Array((style.render.charset == .ascii ? "~" : "…").utf8), width: 1))
        }
        header.append(notes)
        return header
    }

    /// What the header says after the totals: how many files are viewed (with marks), the
    /// status filter, whether viewed files are hidden.
    private func headerNotes(separator: String) -> String {
        var notes = ""
        if let countProgress { notes += separator + countProgress.note }
        if lineCountFailure != nil { notes += "\(separator)lines not counted" }
        if showsChangedSinceReview, let sinceReviewNote {
            notes += ActiveFilters([.sinceReview(sinceReviewNote)]).note(separator: separator) + " (R: all)"
        }
        notes += configuration.filters.note(separator: separator)
        if configuration.marks != nil { notes += Self.viewedNote(viewed: viewedCount, of: reviewedCount, separator: separator) }
        if hidesViewed { notes += "\(separator)viewed hidden (u: show)" }
        if let statusFilter { notes += "\(separator)only \(Self.statusName(statusFilter)) (F: all)" }
        return notes
    }

    /// The header's note of how many files are viewed.
    static func viewedNote(viewed: Int, of files: Int, separator: String) -> String {
        "\(separator)\(viewed) of \(files) viewed"
    }

    /// The footer: the prompt while finding or choosing a filter, a message after a key, else
    /// the focused item's full path (a directory's ending in `/`) and the main keys.
    func footerLine() -> Line {
        let color = configuration.style.color
        switch mode {
        case .finding:
            var bytes = Array("/".utf8)
            let width = 1 + TerminalText.append(find?.text ?? "", to: &bytes)
            return Line(bytes: bytes, width: width)
        case .choosingFilter:
            let letters = Self.filterLetters.map { "\($0.letter) \(Self.statusName($0.status))" }.joined(separator: ", ")
            return Line(ascii: "show only: \(letters) (Esc: cancel)")
        case .confirmingMarks:
            return Line(ascii: markingQuestion)
        case .help, .browsing:
            if let message { return Line(ascii: message) }
        }
        return Self.footerLine(focused: focusedRow.map { model.identity(row: $0).identity }, columns: size.columns,
                               color: color, hints: diff == nil ? KeyBinding.footerHints : KeyBinding.paneFooterHints)
    }

    /// The footer naming the `focused` identity (escaped), then the widest of `hints` that
    /// fits (the tree's keys, or the diff pane's).
    static func footerLine(focused: [UInt8]?, columns: Int, color: Bool, hints: [String] = KeyBinding.footerHints) -> Line {
        var line = Line()
        if let focused {
            var bytes: [UInt8] = []
            let width = TerminalText.append(focused, to: &bytes)
            if color { line.appendStyle("1") }
            line.append(bytes: bytes, width: width)
            if color { line.appendStyle("0") }
        }
        let room = columns - line.width - 2
        guard let hint = hints.map(Line.init(ascii:)).first(where: { $0.width <= room }) else { return line }
        let gap = columns - line.width - hint.width
        if gap >= 2 {
            line.pad(to: line.width + gap)
            if color { line.appendStyle("2") }
            line.append(hint)
            if color { line.appendStyle("0") }
        }
        return line
    }
}

/// Where each part of the screen goes, for a size and whether the diff pane is open.
///
/// Row 0 is the header, the last row the footer; the rows between hold the tree. With the
/// diff pane open, the tree shares them: beside the diff on a terminal at least
/// ``sideBySideColumns`` wide (the tree on the left, a `│` divider), else above it, with a
/// divider row naming the file — when there are at least ``rowsBelow`` rows between
/// header and footer for the tree, the divider and a line of the diff; on fewer, the tree
/// keeps them and the open pane is not drawn until the terminal grows.
struct BrowserLayout: Equatable {
    /// A rectangle of cells.
    struct Area: Equatable {
        var row: Int
        var column: Int
        var rows: Int
        var columns: Int

        func contains(row: Int, column: Int) -> Bool {
            (self.row..<(self.row + rows)).contains(row) && (self.column..<(self.column + columns)).contains(column)
        }
    }

    /// How the diff pane is placed.
    enum Split: Equatable {
        case none
        case beside
        case below
    }

    /// From this many columns on, the diff pane goes beside the tree.
    static let sideBySideColumns = 120
    /// The fewest rows between header and footer that hold the tree, the divider and the
    /// diff pane below it.
    static let rowsBelow = 3

    let size: TerminalSize
    let split: Split
    /// The tree's rows.
    let tree: Area
    /// The diff pane's rows (empty when closed).
    let diff: Area
    /// The divider: a column beside, or a row below.
    let divider: Area?

    init(size: TerminalSize, diffOpen: Bool) {
        self.size = size
        let body = Area(row: 1, column: 0, rows: max(size.rows - 2, 1), columns: max(size.columns, 1))
        guard diffOpen else {
            (split, tree, diff, divider) = (.none, body, Area(row: 1, column: 0, rows: 0, columns: 0), nil)
            return
        }
        if size.columns >= Self.sideBySideColumns {
            let treeColumns = max(size.columns * 2 / 5, 40)
            split = .beside
            tree = Area(row: 1, column: 0, rows: body.rows, columns: treeColumns)
            divider = Area(row: 1, column: treeColumns, rows: body.rows, columns: 1)
            diff = Area(row: 1, column: treeColumns + 1, rows: body.rows, columns: size.columns - treeColumns - 1)
        } else if size.rows - 2 < Self.rowsBelow {
            (split, tree, diff, divider) = (.none, body, Area(row: 1, column: 0, rows: 0, columns: body.columns), nil)
        } else {
            let treeRows = max(body.rows * 2 / 5, min(3, body.rows - 2))
            split = .below
            tree = Area(row: 1, column: 0, rows: treeRows, columns: body.columns)
            divider = Area(row: 1 + treeRows, column: 0, rows: 1, columns: body.columns)
            diff = Area(row: 2 + treeRows, column: 0, rows: max(body.rows - treeRows - 1, 0), columns: body.columns)
        }
    }

    /// The footer's row.
    var footerRow: Int { max(size.rows - 1, 1) }
}

/// The sticky ancestors of a scroll position (Docs/TreeModel.md#sticky-ancestors), found
/// without preparing every row: ``StickyAncestors`` runs on a window of rows — the
/// ancestors of the top row, then the rows from the top on — which holds every row the
/// rule looks at, since any ancestor of a later row that lies above the top row is an
/// ancestor of the top row.
enum StickyWindow {
    /// The rows of `model` pinned when row `top` is drawn on the first of `height` lines,
    /// root first, as indices of the model's rows; a stack never takes the last line.
    /// A row being pushed out (``PinnedRow/isPushed``) is left out: the list row beneath
    /// shows through.
    static func pinned(in model: TreeBrowserModel, top: Int, height: Int) -> [Int] {
        guard top > 0, top < model.rowCount, height > 1 else { return [] }
        var ancestors: [Int] = []
        var parent = model.parentRow(ofRow: top)
        while let row = parent {
            ancestors.append(row)
            parent = model.parentRow(ofRow: row)
        }
        ancestors.reverse()
        let end = min(top + height + 1, model.rowCount)
        let window = ancestors + Array(top..<end)
        let rows = window.map { index in
            (level: model.level(ofRow: index), isDirectory: model.isDirectory(row: index))
        }
        let pinned = StickyAncestors(rows: rows).pinned(top: ancestors.count)
        return pinned.prefix(height - 1).filter { !$0.isPushed }.map { window[$0.row] }
    }
}
