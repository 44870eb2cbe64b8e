import TerminalUI

extension DemoApp {
    /// Shows the header, the list beside the focused item's details, and the last event.
    func draw() {
        terminal.present(frame())
    }

    /// The whole screen for the current state.
    func frame() -> Frame {
        let columns = size.columns
        var rows: [Line] = []
        var header = Line()
        header.appendStyle("7")
        header.append(fitted("TerminalUIDemo \(size)  j/k move  q quit", columns))
        header.pad(to: columns)
        rows.append(header)
        let split = columns / 2
        for offset in 0..<listRows {
            let index = top + offset
            var line = Line()
            if index < itemCount {
                if index == focus { line.appendStyle("7") }
                line.append(fitted((index == focus ? "> " : "  ") + Self.itemName(index), split - 1))
                line.appendStyle("0")
            }
            line.pad(to: split - 1)
            line.append(Line(ascii: "|"))
            if offset == 0 { line.append(fitted(" selected: \(Self.itemName(focus))", columns - split)) }
            rows.append(line)
        }
        rows.append(fitted("event: \(lastEvent)", columns))
        return Frame(rows: rows)
    }

    /// `item 007`.
    static func itemName(_ index: Int) -> String {
        let number = String(index + 1)
        return "item " + String(repeating: "0", count: max(3 - number.count, 0)) + number
    }

    private func fitted(_ text: String, _ width: Int) -> Line {
        Line(ascii: String(text.prefix(max(width, 0))))
    }
}
