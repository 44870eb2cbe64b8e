import Render
import TerminalUI
import TreeBrowser
import TreeModel

/// The header and the footer.
extension Browser {
    /// The header: the printed tree's header words for what the tree shows, then how many
    /// files are viewed (with marks) and the status filter.
    func headerLine() -> Line {
        let style = configuration.style
        let bytes = TreeRenderer.header(title: configuration.title, total: model.total, linesCounted: style.linesCounted,
                                        color: style.color, charset: style.render.charset)
        var header = Line(bytes: bytes, width: LineFitting.width(of: bytes))
        let noteBytes = Array(headerNotes(separator: style.render.charset == .ascii ? " - " : " · ").utf8)
        let notes = Line(bytes: noteBytes, width: LineFitting.width(of: noteBytes))
        guard notes.width > 0 else { return header }
        if header.width + notes.width > size.columns && size.columns > notes.width + 1 {
            header = LineFitting.fitted(header, to: size.columns - notes.width - 1)
            header.append(Line(bytes: Array((style.render.charset == .ascii ? "~" : "…").utf8), width: 1))
        }
        header.append(notes)
        return header
    }

    /// What the header says after the totals: how many files are viewed (with marks), the
    /// status filter, whether viewed files are hidden.
    private func headerNotes(separator: String) -> String {
        var notes = ""
        if configuration.marks != nil { notes += "\(separator)\(viewedCount) of \(reviewedCount) viewed" }
        if hidesViewed { notes += "\(separator)viewed hidden (u: show)" }
        if let statusFilter { notes += "\(separator)only \(Self.statusName(statusFilter)) (F: all)" }
        return notes
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
        var line = Line()
        if let index = focusedRow {
            var bytes: [UInt8] = []
            let width = TerminalText.append(model.identity(row: index).identity, to: &bytes)
            if color { line.appendStyle("1") }
            line.append(bytes: bytes, width: width)
            if color { line.appendStyle("0") }
        }
        let room = size.columns - line.width - 2
        guard let hint = KeyBinding.footerHints.map(Line.init(ascii:)).first(where: { $0.width <= room }) else { return line }
        let gap = size.columns - line.width - hint.width
        if gap >= 2 {
            line.pad(to: line.width + gap)
            if color { line.appendStyle("2") }
            line.append(hint)
            if color { line.appendStyle("0") }
        }
        return line
    }
}
