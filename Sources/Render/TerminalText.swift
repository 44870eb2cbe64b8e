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
/// | bidirectional formatting characters (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) | `\u{HHHH}` (`\u{202e}`) |
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
                } else if UTF8Scan.isBidirectionalControl(scalar) {
                    let digits = Array(String(scalar, radix: 16).utf8)
                    output.append("\\u{")
                    output.append(contentsOf: digits)
                    output.append("}")
                    width += 4 + digits.count
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

    /// Whether every byte of `bytes` is printable ASCII, which ``append(_:to:)-(UnsafeBufferPointer<UInt8>,_)``
    /// copies as it is.
    @inline(__always)
    static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        printableASCIIEnd(in: bytes, from: 0) == bytes.count
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

extension TerminalText {
    /// Shortens already-escaped text in the middle, keeping its start and end, so that it
    /// takes at most `width` columns: `Sources/Very…Name.swift`.
    static func middleTruncated(_ text: [UInt8], toWidth width: Int, ellipsis: [UInt8], ellipsisWidth: Int) -> (text: [UInt8], width: Int) {
        let scalars = Array(String(decoding: text, as: UTF8.self).unicodeScalars)
        let widths = scalars.map { Self.width(of: $0) }
        let room = max(0, width - ellipsisWidth)
        let headRoom = (room + 1) / 2
        let tailRoom = room - headRoom
        var head = 0, headWidth = 0
        while head < scalars.count && headWidth + widths[head] <= headRoom {
            headWidth += widths[head]
            head += 1
        }
        var tail = scalars.count, tailWidth = 0
        while tail > head && tailWidth + widths[tail - 1] <= tailRoom {
            tailWidth += widths[tail - 1]
            tail -= 1
        }
        while tail < scalars.count && widths[tail] == 0 { tail += 1 }
        var result: [UInt8] = []
        for scalar in scalars[..<head] { result.append(contentsOf: String(scalar).utf8) }
        result.append(contentsOf: ellipsis)
        for scalar in scalars[tail...] { result.append(contentsOf: String(scalar).utf8) }
        return (result, headWidth + ellipsisWidth + tailWidth)
    }
}

extension TerminalText {
    /// The number of terminal columns `text` takes, summed over its scalars with
    /// ``width(of:)``. Controls count 0: escape text first.
    public static func displayWidth(of text: String) -> Int {
        var width = 0
        for scalar in text.unicodeScalars { width += Self.width(of: scalar) }
        return width
    }

    /// The number of terminal columns one scalar takes: 2 for East Asian wide and fullwidth
    /// characters (CJK, Hangul, fullwidth forms, emoji), 0 for combining marks (general
    /// category Mn and Me), zero-width joiners, variation selectors and controls, else 1.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        width(ofScalar: scalar.value)
    }

    static func width(ofScalar value: UInt32) -> Int {
        if value < 0x7F { return value < 0x20 ? 0 : 1 }
        if value < 0xA0 { return 0 }
        if value < 0x300 { return 1 }
        if isZeroWidth(value) { return 0 }
        if value >= 0x1100 && isWide(value) { return 2 }
        return 1
    }

    private static func isZeroWidth(_ value: UInt32) -> Bool {
        switch value {
        case 0x200B...0x200D, 0xFE00...0xFE0F, 0x1160...0x11FF:
            return true
        default:
            guard let scalar = Unicode.Scalar(value) else { return false }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark: return true
            default: return false
            }
        }
    }

    private static func isWide(_ value: UInt32) -> Bool {
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// East Asian Wide (W) and Fullwidth (F) scalars, from Unicode's EastAsianWidth.txt,
    /// adjacent ranges merged and CJK blocks extended to their ends.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
        0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
        0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
        0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x3247, 0x3250...0x4DBF, 0x4E00...0xA4CF, 0xA960...0xA97F,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x16FE0...0x1B2FF, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF,
        0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F320, 0x1F32D...0x1F335,
        0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3,
        0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440,
        0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567,
        0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F,
        0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6DF,
        0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0,
        0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
