/// What the screen should show: its rows from the top, and where the cursor is, if visible.
public struct Frame: Hashable, Sendable {
    /// The rows, from the top. Missing rows are blank; rows past the screen are ignored.
    public var rows: [Line]
    /// The zero-based cell where the cursor is shown (a prompt's caret), or `nil` to hide it.
    public var cursor: CursorPosition?

    /// A frame of `rows` with the cursor hidden or at `cursor`.
    public init(rows: [Line] = [], cursor: CursorPosition? = nil) {
        self.rows = rows
        self.cursor = cursor
    }
}

/// A zero-based cell.
public struct CursorPosition: Hashable, Sendable {
    /// The zero-based row.
    public var row: Int
    /// The zero-based column.
    public var column: Int

    /// The cell at `row`, `column`.
    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

/// The size of a terminal, in cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    /// The number of columns.
    public var columns: Int
    /// The number of rows.
    public var rows: Int

    /// A size of `columns` by `rows`.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// `80x24`.
    public var description: String { "\(columns)x\(rows)" }
}
