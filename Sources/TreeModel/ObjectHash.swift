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
        let digits = Array(hex.utf8)
        guard digits.count == 40 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        for index in stride(from: 0, to: 40, by: 2) {
            guard let upper = Self.value(of: digits[index]), let lower = Self.value(of: digits[index + 1]) else { return nil }
            bytes.append(upper << 4 | lower)
        }
        self.init(bytes: bytes)
    }

    /// The 20 bytes.
    public var bytes: [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: high >> UInt64(56 - 8 * $0)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: middle >> UInt64(56 - 8 * $0)) }
            + (0..<4).map { UInt8(truncatingIfNeeded: low >> UInt32(24 - 8 * $0)) }
    }

    /// Writes the forty lowercase hex digits of ``hex`` at `target`, making no text.
    public func writeHex(to target: UnsafeMutablePointer<UInt8>) {
        func write(_ word: UInt64, digits: Int, at start: UnsafeMutablePointer<UInt8>) {
            for index in 0..<digits {
                let value = UInt8(truncatingIfNeeded: word >> UInt64(4 * (digits - 1 - index))) & 0xF
                start[index] = value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") - 10 + value
            }
        }
        write(high, digits: 16, at: target)
        write(middle, digits: 16, at: target + 16)
        write(UInt64(low), digits: 8, at: target + 32)
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

    private static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
