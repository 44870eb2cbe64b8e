import TerminalUI

/// The key list `?` shows over the screen: every ``KeyBinding``, by section.
enum HelpOverlay {
    /// The overlay's lines, each exactly `width` columns, at most `height` of them.
    static func lines(width: Int, height: Int, color: Bool) -> [Line] {
        var text: [(String, bold: Bool)] = [("Keys (any key closes this list)", true)]
        let keyColumn = (KeyBinding.sections.flatMap(\.bindings).map(\.keys.count).max() ?? 0) + 2
        for section in KeyBinding.sections {
            text.append(("", false))
            text.append((section.title, true))
            for binding in section.bindings {
                let padding = String(repeating: " ", count: keyColumn - binding.keys.count)
                text.append(("  " + binding.keys + padding + binding.action, false))
            }
        }
        var lines = text.prefix(max(height, 0)).map { entry in
            var line = Line()
            if entry.bold && color { line.appendStyle("1") }
            line.append(Line(ascii: entry.0))
            if entry.bold && color { line.appendStyle("0") }
            return LineFitting.exactly(line, width: width)
        }
        while lines.count < height { lines.append(LineFitting.exactly(Line(), width: width)) }
        return lines
    }
}
