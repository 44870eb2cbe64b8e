import Render
import TerminalUI

/// Fits lines of escaped, styled text to a width: clipping at a column and padding to one.
/// Escape sequences (styles) take no columns and are kept whole; every other character
/// takes the columns ``TerminalText`` says.
public enum LineFitting {
    /// `line` cut to at most `width` columns (a wide character that would cross the edge is
    /// left out), with attributes reset after a cut.
    public static func fitted(_ line: Line, to width: Int) -> Line {
        guard line.width > width else { return line }
        let limit = max(width, 0)
        let bytes = line.bytes
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var used = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B {
                let end = sequenceEnd(bytes, from: index)
                kept += bytes[index..<end]
                index = end
                continue
            }
            let (scalar, length) = decode(bytes, at: index)
            let columns = TerminalText.width(of: scalar)
            if used + columns > limit { break }
            kept += bytes[index..<(index + length)]
            used += columns
            index += length
        }
        kept += [0x1B, UInt8(ascii: "["), UInt8(ascii: "0"), UInt8(ascii: "m")]
        return Line(bytes: kept, width: used)
    }

    /// The columns `bytes` take: escape sequences none, every character as
    /// ``TerminalText`` says.
    public static func width(of bytes: some Collection<UInt8>) -> Int {
        let bytes = Array(bytes)
        var used = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x1B {
                index = sequenceEnd(bytes, from: index)
                continue
            }
            let (scalar, length) = decode(bytes, at: index)
            used += TerminalText.width(of: scalar)
            index += length
        }
        return used
    }

    /// `line` fitted to exactly `width` columns: cut, or padded with spaces.
    public static func exactly(_ line: Line, width: Int) -> Line {
        var result = fitted(line, to: width)
        result.pad(to: width)
        return result
    }

    /// The end of the escape sequence starting at `start`: a CSI sequence runs to its final
    /// byte (0x40–0x7E); any other escape is two bytes.
    private static func sequenceEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        guard index < bytes.count else { return index }
        guard bytes[index] == UInt8(ascii: "[") else { return index + 1 }
        index += 1
        while index < bytes.count && !(0x40...0x7E).contains(bytes[index]) { index += 1 }
        return min(index + 1, bytes.count)
    }

    /// The scalar at `index` and its length in bytes; a malformed byte reads as U+FFFD.
    private static func decode(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1, index + length <= bytes.count else { return ("\u{FFFD}", 1) }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return ("\u{FFFD}", 1) }
            value = value << 6 | UInt32(next & 0x3F)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }
}
