/// Turns frames into the bytes that update a terminal, writing only the rows that changed.
///
/// It remembers the last frame it rendered. Each row that differs from the row shown before
/// is written as: cursor to the row's first column, the row's bytes, attributes reset, and
/// erase to the end of the line when the row is narrower than the screen. A row that did not
/// change costs one comparison and no bytes. After ``invalidate()`` (a resize, a resume, a
/// first frame) the next frame clears the screen and writes every non-blank row.
public struct Screen: Sendable {
    /// The size the frames are rendered for.
    public private(set) var size: TerminalSize
    private var shownRows: [Line]?
    private var shownCursor: CursorPosition?

    /// A screen of `size` whose contents are unknown, so the first frame is written whole.
    public init(size: TerminalSize) {
        self.size = size
    }

    /// Changes the size; the next frame is written whole.
    public mutating func resize(to newSize: TerminalSize) {
        size = newSize
        invalidate()
    }

    /// Forgets what is on the screen; the next frame is written whole.
    mutating func invalidate() {
        shownRows = nil
        shownCursor = nil
    }

    /// The bytes that change the screen from the last frame to `frame`; empty when nothing
    /// changed.
    public mutating func render(_ frame: Frame) -> [UInt8] {
        let rowCount = max(size.rows, 0)
        var rows = Array(frame.rows.prefix(rowCount))
        rows += [Line](repeating: Line(), count: rowCount - rows.count)
        let cursor = frame.cursor.flatMap { fits($0) ? $0 : nil }
        let full = shownRows == nil
        var body: [UInt8] = []
        if full { body += ControlSequences.csi("0m") + ControlSequences.csi("H") + ControlSequences.csi("2J") }
        for (index, line) in rows.enumerated() {
            let unchanged = full ? line.bytes.isEmpty : shownRows?[index] == line
            if unchanged { continue }
            body += ControlSequences.moveCursor(row: index, column: 0)
            body += line.bytes
            body += ControlSequences.csi("0m")
            if line.width < size.columns { body += ControlSequences.csi("K") }
        }
        var output: [UInt8] = []
        let cursorMoved = full || cursor != shownCursor
        if !body.isEmpty || cursorMoved {
            output += ControlSequences.beginUpdate
            if !body.isEmpty && shownCursor != nil { output += ControlSequences.csi("?25l") }
            output += body
            if let cursor {
                output += ControlSequences.moveCursor(row: cursor.row, column: cursor.column)
                output += ControlSequences.csi("?25h")
            } else if full || shownCursor != nil {
                output += ControlSequences.csi("?25l")
            }
            output += ControlSequences.endUpdate
        }
        shownRows = rows
        shownCursor = cursor
        return output
    }

    private func fits(_ position: CursorPosition) -> Bool {
        (0..<size.rows).contains(position.row) && (0..<size.columns).contains(position.column)
    }
}

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

/// One screen row: bytes ready for the terminal and the number of columns they fill.
///
/// The bytes are the caller's, already escaped and styled (SGR sequences take no columns),
/// and the width is the caller's measure: the formatter that made the text knows its display
/// width, so this module never measures text itself. A line must not be wider than the screen
/// (autowrap is off, so the terminal would clip it and overwrite its last column).
public struct Line: Hashable, Sendable {
    /// The bytes, written as they are.
    public private(set) var bytes: [UInt8]
    /// The display width of ``bytes``, in columns.
    public private(set) var width: Int

    /// An empty line.
    public init() {
        bytes = []
        width = 0
    }

    /// A line of `bytes` that the caller measured as `width` columns.
    public init(bytes: [UInt8], width: Int) {
        self.bytes = bytes
        self.width = max(width, 0)
    }

    /// A line of ASCII text, one column a character; anything else (control characters
    /// included) becomes `?`, so the width is always right.
    public init(ascii text: String) {
        bytes = text.unicodeScalars.map { $0.value >= 0x20 && $0.value < 0x7F ? UInt8($0.value) : UInt8(ascii: "?") }
        width = bytes.count
    }

    /// Appends bytes the caller measured as `width` columns.
    public mutating func append(bytes more: [UInt8], width moreWidth: Int) {
        bytes.append(contentsOf: more)
        width += max(moreWidth, 0)
    }

    /// Appends another line.
    public mutating func append(_ other: Line) {
        append(bytes: other.bytes, width: other.width)
    }

    /// Appends a Select Graphic Rendition sequence, `ESC [ parameters m`, which takes no
    /// columns (`"0"` resets, `"1"` bold, `"7"` reverse video, `"38;5;n"` a foreground color).
    public mutating func appendStyle(_ parameters: String) {
        bytes += [0x1B, UInt8(ascii: "[")] + Array(parameters.utf8).filter { (0x30...0x3F).contains($0) }
        bytes.append(UInt8(ascii: "m"))
    }

    /// Appends spaces up to `column`, so the next text starts there (a split pane's divider).
    public mutating func pad(to column: Int) {
        guard column > width else { return }
        bytes += [UInt8](repeating: UInt8(ascii: " "), count: column - width)
        width = column
    }
}

/// The escape sequences this module writes.
enum ControlSequences {
    /// Each mode ``Terminal`` turns on while it runs, as `(on, off)`, in the order turned on;
    /// ``restore`` turns them off in the reverse order.
    ///
    /// | mode | meaning |
    /// |---|---|
    /// | `?1049` | the alternate screen (saves the cursor and the main screen's contents) |
    /// | `?25` (off while running) | the cursor is hidden |
    /// | `?7` (off while running) | no autowrap: a row never wraps or scrolls the screen |
    /// | `?1000`, `?1002` | mouse presses, releases, wheel and drags are reported |
    /// | `?1006` | mouse reports in the SGR encoding (`ESC [ < b ; x ; y M`) |
    public static func modes(mouse: Bool) -> [(on: [UInt8], off: [UInt8])] {
        var modes = [
            (csi("?1049h"), csi("?1049l")),
            (csi("?25l"), csi("?25h")),
            (csi("?7l"), csi("?7h")),
        ]
        if mouse {
            modes += [
                (csi("?1000h"), csi("?1000l")),
                (csi("?1002h"), csi("?1002l")),
                (csi("?1006h"), csi("?1006l")),
            ]
        }
        return modes
    }

    /// What ``Terminal/enter()`` writes: every mode on, bracketed paste off (pasted text
    /// arrives as typed keys), then a cleared screen.
    public static func enter(mouse: Bool) -> [UInt8] {
        modes(mouse: mouse).flatMap(\.on) + csi("?2004l") + csi("0m") + csi("H") + csi("2J")
    }

    /// What ``Terminal/restore()`` writes before it puts the saved terminal settings back:
    /// attributes reset, then every mode off in the reverse order (the alternate screen last,
    /// which brings back the main screen and the cursor).
    public static func restore(mouse: Bool) -> [UInt8] {
        csi("0m") + modes(mouse: mouse).reversed().flatMap(\.off)
    }

    /// `ESC [` and `body`.
    public static func csi(_ body: String) -> [UInt8] {
        [0x1B, UInt8(ascii: "[")] + Array(body.utf8)
    }

    /// Moves the cursor to the zero-based `row` and `column`.
    static func moveCursor(row: Int, column: Int) -> [UInt8] {
        csi("\(row + 1);\(column + 1)H")
    }

    /// Begin and end of a synchronized update: a terminal that knows mode 2026 shows the
    /// frame at once; others ignore it.
    static let beginUpdate = csi("?2026h")
    static let endUpdate = csi("?2026l")
}
