import TerminalUI

/// The key list `?` shows over the screen: the help of ``KeyBinding/table``, by section.
enum HelpOverlay {
    /// The overlay's lines from line `first` on, each exactly `width` columns, `height` of them.
    static func lines(width: Int, height: Int, color: Bool, from first: Int = 0) -> [Line] {
        var lines = text.dropFirst(max(first, 0)).prefix(max(height, 0)).map { entry in
            var line = Line()
            if entry.bold && color { line.appendStyle("1") }
            line.append(Line(ascii: entry.text))
            if entry.bold && color { line.appendStyle("0") }
            return LineFitting.exactly(line, width: width)
        }
        while lines.count < height { lines.append(LineFitting.exactly(Line(), width: width)) }
        return lines
    }

    /// The first line shown when the list is scrolled to `first` for a screen `height` lines tall.
    static func clampedScroll(_ first: Int, height: Int) -> Int {
        min(max(first, 0), max(text.count - height, 0))
    }

    /// The text of the overlay, line by line: titles bold; the lines of the sections with a
    /// title, from ``KeyBinding/helpLines``.
    static let text: [(text: String, bold: Bool)] = {
        var text: [(text: String, bold: Bool)] = [("Keys (j k scroll this list, any other key closes it)", true)]
        let shown = KeyBinding.helpLines.filter { $0.section.title != nil }
        let keyColumn = (shown.map(\.keys.count).max() ?? 0) + 2
        for section in KeyBinding.Section.allCases {
            guard let title = section.title else { continue }
            text.append(("", false))
            text.append((title, true))
            for line in shown where line.section == section {
                let padding = String(repeating: " ", count: keyColumn - line.keys.count)
                text.append(("  " + line.keys + padding + line.text, false))
            }
        }
        return text
    }()
}
