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
