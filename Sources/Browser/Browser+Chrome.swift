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
        var bytes = TreeRenderer.header(title: configuration.title, total: model.total, linesCounted: style.linesCounted,
                                        color: style.color, charset: style.render.charset)
        let separator = style.render.charset == .ascii ? " - " : " · "
        if configuration.marks != nil {
            bytes += Array("\(separator)\(viewedCount) of \(reviewedCount) viewed".utf8)
        }
        if hidesViewed {
            bytes += Array("\(separator)viewed hidden (u: show)".utf8)
        }
        if let statusFilter {
            bytes += Array("\(separator)only \(Self.statusName(statusFilter)) (F: all)".utf8)
        }
        return Line(bytes: bytes, width: LineFitting.width(of: bytes))
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
