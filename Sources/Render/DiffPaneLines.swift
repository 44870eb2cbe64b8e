/// A file's patch laid out as the rows of a terminal pane (``DiffPaneContent/lines(width:overflow:)``):
/// each row at most the pane's width, tabs expanded to 8-column stops, wide characters
/// measured as ``TerminalText`` measures them, every control character spelled out. A row
/// that leaves a style on ends with a reset (`ESC [ m`); a row continuing a wrapped line
/// starts with the styles in force where the line was broken. A row can be written as it is
/// at the pane's left edge.
public struct DiffPaneLines: Hashable, Sendable {
    /// What happens to a line wider than the pane.
    public enum Overflow: Hashable, Sendable {
        /// It continues on the next rows (a soft wrap).
        case wrap
        /// It is cut at the pane's edge.
        case truncate
    }

    /// One row of the pane.
    public struct Row: Hashable, Sendable {
        /// What to write: text and SGR sequences, nothing else.
        public var bytes: [UInt8]
        /// Its display width in columns (at most the pane's width).
        public var width: Int
        /// The patch line it shows (0-based), the same for every row of a wrapped line; with
        /// `interactive.diffFilter`, the line of the filter's output (git's `add -p` expects a
        /// filter to keep the patch's lines one for one).
        public var line: Int
        /// Whether it continues the line of the row above (a wrapped line).
        public var isContinuation: Bool

        /// A row writing `bytes`, `width` columns wide, of line `line`.
        public init(bytes: [UInt8], width: Int, line: Int, isContinuation: Bool = false) {
            self.bytes = bytes
            self.width = width
            self.line = line
            self.isContinuation = isContinuation
        }
    }

    /// The width the rows were laid out for.
    public let width: Int
    /// The rows, top to bottom.
    public let rows: [Row]

    /// Rows `rows` laid out for `width` columns.
    public init(width: Int, rows: [Row]) {
        self.width = width
        self.rows = rows
    }

    /// The index of the first row showing patch line `line` (the last row when there is no such line).
    public func firstRow(ofLine line: Int) -> Int {
        var low = 0
        var high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if rows[middle].line < line { low = middle + 1 } else { high = middle }
        }
        return min(low, max(0, rows.count - 1))
    }
}
