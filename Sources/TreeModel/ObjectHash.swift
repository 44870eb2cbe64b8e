import GitRules

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
        guard digits.count == 40,
              let high = Hex.value(of: digits.prefix(16)),
              let middle = Hex.value(of: digits.dropFirst(16).prefix(16)),
              let low = Hex.value(of: digits.suffix(8))
        else { return nil }
        (self.high, self.middle, self.low) = (high, middle, UInt32(low))
    }

    /// The 20 bytes.
    public var bytes: [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: high >> UInt64(56 - 8 * $0)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: middle >> UInt64(56 - 8 * $0)) }
            + (0..<4).map { UInt8(truncatingIfNeeded: low >> UInt32(24 - 8 * $0)) }
    }

    /// Writes the forty lowercase hex digits of ``hex`` at `target`, making no text.
    public func writeHex(to target: UnsafeMutablePointer<UInt8>) {
        Hex.writeObjectID(high: high, middle: middle, low: low, to: UnsafeMutableRawPointer(target))
    }

    /// Forty lowercase hex digits.
    public var hex: String { Hex.objectID(high: high, middle: middle, low: low) }

    /// The first seven hex digits, as git abbreviates ids by default.
    public var abbreviated: String { String(hex.prefix(7)) }

    public var description: String { hex }
}
