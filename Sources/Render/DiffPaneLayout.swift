import GitRules

/// Lays out lines of styled text into rows of at most `width` columns (see ``DiffPaneLines``).
struct DiffPaneLayout {
    /// A piece of a line: an SGR sequence, passed through, or text, made safe and measured.
    enum Piece: Sendable {
        case style(ArraySlice<UInt8>)
        case text(ArraySlice<UInt8>)
    }

    let width: Int
    let overflow: DiffPaneLines.Overflow
    private(set) var rows: [DiffPaneLines.Row] = []

    private var row: [UInt8] = []
    private var rowWidth = 0
    /// The SGR sequences written since the last reset, replayed when a line continues.
    private var active: [ArraySlice<UInt8>] = []
    /// The column in the whole line, for tab stops.
    private var column = 0
    private var cut = false
    /// The index of the line being laid out.
    private var line = -1
    private var continuing = false

    init(width: Int, overflow: DiffPaneLines.Overflow) {
        self.width = width
        self.overflow = overflow
    }

    /// Lays out one line. A CR that ends its text is dropped (a CRLF line end, as a pager shows it).
    mutating func add(_ pieces: [Piece]) {
        let pieces = Self.droppingFinalCarriageReturn(pieces)
        line += 1
        continuing = false
        row = []
        rowWidth = 0
        active = []
        column = 0
        cut = false
        for piece in pieces {
            if cut { break }
            switch piece {
            case .style(let sequence):
                row += sequence
                track(sequence)
            case .text(let text):
                addText(text)
            }
        }
        finishRow()
    }

    /// Follows which styles are on: a sequence whose first parameter is empty or 0 resets first.
    private mutating func track(_ sequence: ArraySlice<UInt8>) {
        let parameters = sequence.dropFirst(2).dropLast()
        let first = parameters.prefix { $0 != UInt8(ascii: ";") }
        guard first.allSatisfy({ $0 == UInt8(ascii: "0") }) else {
            active.append(sequence)
            return
        }
        active = parameters.count > first.count ? [sequence] : []
    }

    private mutating func addText(_ text: ArraySlice<UInt8>) {
        text.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count && !cut {
                let byte = buffer[index]
                if byte >= 0x20 && byte < 0x7F {
                    var end = index + 1
                    while end < buffer.count && buffer[end] >= 0x20 && buffer[end] < 0x7F { end += 1 }
                    placeColumns(UnsafeBufferPointer(rebasing: buffer[index..<end]))
                    index = end
                } else if byte == 0x09 {
                    let count = 8 - column % 8
                    Self.spaces.withUnsafeBufferPointer { placeColumns(UnsafeBufferPointer(rebasing: $0[..<count])) }
                    index += 1
                } else if byte >= 0x80, let (scalar, length) = UTF8Scan.decode(buffer, at: index), !UTF8Scan.isC1(scalar) {
                    placeScalar(Array(buffer[index..<(index + length)]), width: TerminalText.width(ofScalar: scalar))
                    index += length
                } else {
                    let length = byte >= 0x80 ? (UTF8Scan.decode(buffer, at: index)?.length ?? 1) : 1
                    var escaped: [UInt8] = []
                    TerminalText.append(Array(buffer[index..<(index + length)]), to: &escaped)
                    for character in escaped where !cut { place([character], width: 1) }
                    index += length
                }
            }
        }
    }

    /// A scalar wider than the whole pane is shown as `?`.
    private mutating func placeScalar(_ bytes: [UInt8], width scalarWidth: Int) {
        if scalarWidth > width {
            place([UInt8(ascii: "?")], width: 1)
        } else {
            place(bytes, width: scalarWidth)
        }
    }

    /// Places bytes of one column each, as many on each row as fit.
    private mutating func placeColumns(_ bytes: UnsafeBufferPointer<UInt8>) {
        var start = 0
        while start < bytes.count {
            if rowWidth == width && !breakRow() { return }
            let end = min(bytes.count, start + width - rowWidth)
            row.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
            rowWidth += end - start
            column += end - start
            start = end
        }
    }

    private mutating func place(_ bytes: [UInt8], width unitWidth: Int) {
        if rowWidth + unitWidth > width && !breakRow() { return }
        row += bytes
        rowWidth += unitWidth
        column += unitWidth
    }

    /// Ends the row and starts the next with the styles in force, or, when cutting, stops
    /// the line (returning `false`).
    private mutating func breakRow() -> Bool {
        if overflow == .truncate {
            cut = true
            return false
        }
        finishRow()
        row = Array(active.joined())
        rowWidth = 0
        continuing = true
        return true
    }

    private static let spaces = [UInt8](repeating: 0x20, count: 8)

    private mutating func finishRow() {
        if !active.isEmpty { row += Self.reset }
        rows.append(DiffPaneLines.Row(bytes: row, width: rowWidth, line: line, isContinuation: continuing))
    }

    /// `pieces` without a CR that ends their text (a CRLF line end, as a pager shows it).
    static func droppingFinalCarriageReturn(_ pieces: [Piece]) -> [Piece] {
        var pieces = pieces
        if let last = pieces.lastIndex(where: { if case .text = $0 { true } else { false } }),
           case .text(let text) = pieces[last], text.last == 0x0D {
            pieces[last] = .text(text.dropLast())
        }
        return pieces
    }

    private static let reset: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "m")]

    /// A line of a filter's output as pieces: SGR sequences (`ESC [` digits, `;`, `:` `m`)
    /// are kept; everything else is text, an ESC of any other sequence included (spelled out).
    static func pieces(ofFilteredLine line: ArraySlice<UInt8>) -> [Piece] {
        var pieces: [Piece] = []
        var textStart = line.startIndex
        var index = line.startIndex
        while index < line.endIndex {
            guard line[index] == 0x1B, let end = sgrEnd(line, from: index) else {
                index += 1
                continue
            }
            if textStart < index { pieces.append(.text(line[textStart..<index])) }
            pieces.append(.style(line[index..<end]))
            index = end
            textStart = end
        }
        if textStart < line.endIndex { pieces.append(.text(line[textStart..<line.endIndex])) }
        return pieces
    }

    /// The end of the SGR sequence starting at `start`, if one does.
    private static func sgrEnd(_ line: ArraySlice<UInt8>, from start: Int) -> Int? {
        var index = start + 1
        guard index < line.endIndex, line[index] == UInt8(ascii: "[") else { return nil }
        index += 1
        while index < line.endIndex {
            let byte = line[index]
            if byte == UInt8(ascii: "m") { return index + 1 }
            guard (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") else { return nil }
            index += 1
        }
        return nil
    }
}

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
        var isContinuation: Bool

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
    func firstRow(ofLine line: Int) -> Int {
        var low = 0
        var high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if rows[middle].line < line { low = middle + 1 } else { high = middle }
        }
        return min(low, max(0, rows.count - 1))
    }
}
