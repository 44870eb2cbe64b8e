/// A git object id (SHA-1, 20 bytes) as a plain value, for what a change points at outside
/// the file tree: a submodule's commit.
public struct ObjectHash: Hashable, Sendable, CustomStringConvertible {
    private var high: UInt64
    private var middle: UInt64
    private var low: UInt32

    /// The id of the 20 bytes `bytes` (`nil` unless there are exactly 20).
    public init?(bytes: [UInt8]) {
        guard bytes.count == 20 else { return nil }
        high = bytes[0..<8].reduce(0) { $0 << 8 | UInt64($1) }
        middle = bytes[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
        low = bytes[16..<20].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The id written as 40 hex digits (either case); `nil` for anything else.
    public init?(hex: String) {
        self.init(hexDigits: Array(hex.utf8)[...])
    }

    /// The id whose 40 hex digits (either case) are `digits`; `nil` for anything else.
    package init?(hexDigits digits: ArraySlice<UInt8>) {
        guard digits.count == 40 else { return nil }
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var index = digits.startIndex
        for word in 0..<3 {
            var value: UInt64 = 0
            for _ in 0..<(word == 2 ? 8 : 16) {
                guard let digit = Self.value(ofHexDigit: digits[index]) else { return nil }
                value = value << 4 | UInt64(digit)
                index += 1
            }
            switch word {
            case 0: words.0 = value
            case 1: words.1 = value
            default: words.2 = value
            }
        }
        (high, middle, low) = (words.0, words.1, UInt32(words.2))
    }

    /// The 20 bytes.
    public var bytes: [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: high >> UInt64(56 - 8 * $0)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: middle >> UInt64(56 - 8 * $0)) }
            + (0..<4).map { UInt8(truncatingIfNeeded: low >> UInt32(24 - 8 * $0)) }
    }

    /// Writes the forty lowercase hex digits of ``hex`` at `target`, making no text.
    public func writeHex(to target: UnsafeMutablePointer<UInt8>) {
        let raw = UnsafeMutableRawPointer(target)
        for (offset, half) in [(0, high >> 32), (8, high), (16, middle >> 32), (24, middle), (32, UInt64(low))] {
            raw.storeBytes(of: Self.hexDigits(of: UInt32(truncatingIfNeeded: half)).bigEndian, toByteOffset: offset, as: UInt64.self)
        }
    }

    /// The eight hex digits of `value`, the first in the most significant byte.
    private static func hexDigits(of value: UInt32) -> UInt64 {
        var nibbles = UInt64(value)
        nibbles = (nibbles | nibbles << 16) & 0x0000_FFFF_0000_FFFF
        nibbles = (nibbles | nibbles << 8) & 0x00FF_00FF_00FF_00FF
        nibbles = (nibbles | nibbles << 4) & 0x0F0F_0F0F_0F0F_0F0F
        let letters = ((nibbles &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        return nibbles &+ 0x3030_3030_3030_3030 &+ letters &* 0x27
    }

    /// Forty lowercase hex digits.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(40)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The first seven hex digits, as git abbreviates ids by default.
    public var abbreviated: String { String(hex.prefix(7)) }

    public var description: String { hex }

    /// The value of one hex digit (either case), or `nil` for any other byte.
    @inlinable
    package static func value(ofHexDigit digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
