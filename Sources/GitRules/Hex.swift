/// Hexadecimal digits as git writes object ids (lowercase) and reads them (either case).
public enum Hex {
    /// The value of one hex digit (either case), or `nil` for any other byte.
    @inlinable
    public static func value(ofDigit digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The byte two hex digits (either case) stand for, the first the high one; `nil` unless
    /// both are digits.
    @inlinable
    public static func byte(_ high: UInt8, _ low: UInt8) -> UInt8? {
        guard let high = value(ofDigit: high), let low = value(ofDigit: low) else { return nil }
        return high << 4 | low
    }

    /// The lowercase digit of `nibble` (0–15).
    @inlinable
    public static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") - 10 + nibble
    }

    /// The eight lowercase hex digits of `value`, the first in the most significant byte (so
    /// `.bigEndian` stores them in reading order), made without a loop.
    @inlinable
    public static func digits(of value: UInt32) -> UInt64 {
        var nibbles = UInt64(value)
        nibbles = (nibbles | nibbles << 16) & 0x0000_FFFF_0000_FFFF
        nibbles = (nibbles | nibbles << 8) & 0x00FF_00FF_00FF_00FF
        nibbles = (nibbles | nibbles << 4) & 0x0F0F_0F0F_0F0F_0F0F
        let letters = ((nibbles &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        return nibbles &+ 0x3030_3030_3030_3030 &+ letters &* 0x27
    }

    /// Writes the eight lowercase hex digits of `value` at `target` (no alignment needed).
    @inlinable
    public static func write(_ value: UInt32, to target: UnsafeMutableRawPointer) {
        target.storeBytes(of: digits(of: value).bigEndian, as: UInt64.self)
    }

    /// Writes the 40 lowercase hex digits of a 20-byte object id held as three big-endian
    /// words (`high`: bytes 0–7, `middle`: 8–15, `low`: 16–19) at `target`.
    @inlinable
    public static func writeObjectID(high: UInt64, middle: UInt64, low: UInt32, to target: UnsafeMutableRawPointer) {
        write(UInt32(truncatingIfNeeded: high >> 32), to: target)
        write(UInt32(truncatingIfNeeded: high), to: target + 8)
        write(UInt32(truncatingIfNeeded: middle >> 32), to: target + 16)
        write(UInt32(truncatingIfNeeded: middle), to: target + 24)
        write(low, to: target + 32)
    }

    /// The 40 lowercase hex digits of an object id held as ``writeObjectID(high:middle:low:to:)`` takes it.
    public static func objectID(high: UInt64, middle: UInt64, low: UInt32) -> String {
        String(unsafeUninitializedCapacity: 40) { buffer in
            writeObjectID(high: high, middle: middle, low: low, to: UnsafeMutableRawPointer(buffer.baseAddress!))
            return 40
        }
    }

    /// The lowercase hex digits of `bytes`, two a byte.
    @inlinable
    public static func string(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digit(byte >> 4))
            text.append(digit(byte & 0xF))
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The value of the whole of `digits` (either case, at most 16 digits), or `nil` when it
    /// is empty, too long or holds anything else.
    @inlinable
    public static func value(of digits: some Collection<UInt8>) -> UInt64? {
        guard !digits.isEmpty, digits.count <= 16 else { return nil }
        var result: UInt64 = 0
        for digit in digits {
            guard let nibble = value(ofDigit: digit) else { return nil }
            result = result << 4 | UInt64(nibble)
        }
        return result
    }
}
