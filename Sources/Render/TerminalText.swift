import GitRules

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
                let end = printableASCIIEnd(in: buffer, from: index + 1)
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

    /// The end of the run of printable ASCII (0x20–0x7E) starting at `start`, eight bytes
    /// at a time.
    @inline(__always)
    private static func printableASCIIEnd(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index + 8 <= buffer.count {
            let unprintable = unprintableBytes(buffer, at: index)
            if unprintable != 0 { return index + unprintable.trailingZeroBitCount / 8 }
            index += 8
        }
        guard index < buffer.count else { return index }
        if buffer.count >= 8 {
            // The last, partial word: read the final eight bytes, skipping those already seen.
            let last = buffer.count - 8
            let unprintable = unprintableBytes(buffer, at: last) >> UInt64(8 * (index - last))
            return unprintable != 0 ? index + unprintable.trailingZeroBitCount / 8 : buffer.count
        }
        while index < buffer.count && buffer[index] >= 0x20 && buffer[index] < 0x7F { index += 1 }
        return index
    }

    /// A mask with the high bit set in each of the eight bytes at `offset` that is not
    /// printable ASCII.
    @inline(__always)
    private static func unprintableBytes(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        let word = UInt64(littleEndian: UnsafeRawPointer(buffer.baseAddress! + offset).loadUnaligned(as: UInt64.self))
        let low = word & 0x7F7F_7F7F_7F7F_7F7F
        return (word | ~(low &+ 0x6060_6060_6060_6060) | (low &+ 0x0101_0101_0101_0101)) & 0x8080_8080_8080_8080
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
