import Render
import TerminalUI
import TreeBrowser
import TreeModel

/// The header and the footer.
extension Browser {
    /// The header: the printed tree's header words for what the tree shows, then how many
    /// files are viewed (with marks) and the status filter.
    func headerLine() -> Line {
        let separator = configuration.style.render.charset == .ascii ? " - " : " · "
        return Self.headerLine(configuration: configuration, total: model.total, notes: headerNotes(separator: separator),
                               columns: size.columns)
    }

    /// The header for `total` and `notes`, fitted to `columns`: the totals are shortened
    /// first, so that the notes stay whole.
    static func headerLine(configuration: BrowserConfiguration, total: ChangeSummary, notes: String, columns: Int) -> Line {
        let style = configuration.style
        let bytes = TreeRenderer.header(title: configuration.title, total: total, linesCounted: style.linesCounted,
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
        case .help, .browsing:
            if let message { return Line(ascii: message) }
        }
        return Self.footerLine(focused: focusedRow.map { model.identity(row: $0).identity }, columns: size.columns,
                               color: color)
    }

    /// The footer naming the `focused` identity (escaped), then the widest key hint that fits.
    static func footerLine(focused: [UInt8]?, columns: Int, color: Bool) -> Line {
        var line = Line()
        if let focused {
            var bytes: [UInt8] = []
            let width = TerminalText.append(focused, to: &bytes)
            if color { line.appendStyle("1") }
            line.append(bytes: bytes, width: width)
            if color { line.appendStyle("0") }
        }
        let room = columns - line.width - 2
        guard let hint = KeyBinding.footerHints.map(Line.init(ascii:)).first(where: { $0.width <= room }) else { return line }
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
