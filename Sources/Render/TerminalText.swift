import TreeModel

/// Text that is safe to print to a terminal, and how many columns it takes.
///
/// Path bytes come from other people's branches, so nothing in them may reach a terminal as
/// a control sequence. Printable UTF-8 is kept; everything else is spelled out visibly:
///
/// | input | shown as |
/// |---|---|
/// | TAB, LF, CR, ESC | `\t`, `\n`, `\r`, `\e` |
/// | other C0 controls, DEL | `\xHH` (`\x07`, `\x7f`) |
/// | C1 controls (U+0080–U+009F) | `\u{HH}` (`\u{9b}`) |
/// | a byte that is not valid UTF-8 | `\xHH` (`\xff`) |
///
/// A literal backslash stays a backslash.
public enum TerminalText {
    /// The terminal-safe form of `bytes`.
    public static func escaped(_ bytes: some Sequence<UInt8>) -> String {
        var output: [UInt8] = []
        append(Array(bytes), to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// The terminal-safe form of `text`.
    public static func escaped(_ text: String) -> String {
        escaped(Array(text.utf8))
    }

    /// Appends the terminal-safe form of `bytes` to `output`.
    /// - Returns: the display width, in columns, of what was appended.
    @discardableResult
    public static func append(_ bytes: ArraySlice<UInt8>, to output: inout [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { append(buffer: $0, to: &output) }
    }

    /// Appends the terminal-safe form of `bytes` to `output`.
    /// - Returns: the display width, in columns, of what was appended.
    @discardableResult
    public static func append(_ bytes: [UInt8], to output: inout [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { append(buffer: $0, to: &output) }
    }

    /// Appends the terminal-safe form of `text` to `output`.
    /// - Returns: the display width, in columns, of what was appended.
    @discardableResult
    public static func append(_ text: String, to output: inout [UInt8]) -> Int {
        append(Array(text.utf8), to: &output)
    }

    /// Appends the terminal-safe form of `bytes` to `output`.
    /// - Returns: the display width, in columns, of what was appended.
    @discardableResult
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) -> Int {
        append(buffer: bytes, to: &output)
    }

    private static func append(buffer: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) -> Int {
        var width = 0
        var index = 0
        while index < buffer.count {
            let byte = buffer[index]
            if byte >= 0x20 && byte < 0x7F {
                // A run of printable ASCII: one column per byte, copied as is.
                let end = ByteScan.printableASCIIEnd(in: buffer, from: index + 1)
                output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index..<end]))
                width += end - index
                index = end
            } else if byte < 0x80 {
                width += appendControl(byte, to: &output)
                index += 1
            } else if let (scalar, length) = UTF8Scan.decode(buffer, at: index) {
                if UTF8Scan.isC1(scalar) {
                    output.append("\\u{")
                    output.append(hex: UInt8(scalar))
                    output.append("}")
                    width += 6
                } else {
                    output.append(contentsOf: buffer[index..<(index + length)])
                    width += Self.width(ofScalar: scalar)
                }
                index += length
            } else {
                output.append("\\x")
                output.append(hex: byte)
                width += 4
                index += 1
            }
        }
        return width
    }

    private static func appendControl(_ byte: UInt8, to output: inout [UInt8]) -> Int {
        switch byte {
        case 0x09: output.append("\\t")
        case 0x0A: output.append("\\n")
        case 0x0D: output.append("\\r")
        case 0x1B: output.append("\\e")
        default:
            output.append("\\x")
            output.append(hex: byte)
            return 4
        }
        return 2
    }
}
