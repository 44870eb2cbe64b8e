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
    public mutating func invalidate() {
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
