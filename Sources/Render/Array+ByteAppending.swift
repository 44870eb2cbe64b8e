import GitRules

/// Small appenders used by the renderers, which build their output as UTF-8 bytes.
extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of a literal.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends the UTF-8 bytes of a string.
    mutating func append(string: String) {
        append(contentsOf: string.utf8)
    }

    /// Appends `value` in decimal.
    mutating func append(decimal value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            append(UInt8(truncatingIfNeeded: 48 + (magnitude / divisor) % 10))
            divisor /= 10
        }
    }

    /// Appends `count` spaces (nothing when `count` is not positive).
    mutating func append(spaces count: Int) {
        var remaining = count
        while remaining > 0 {
            let chunk = Swift.min(remaining, 64)
            Self.spaces.withUTF8Buffer { append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<chunk])) }
            remaining -= chunk
        }
    }

    private static var spaces: StaticString {
        "                                                                "
    }

    /// Appends `byte` as two lowercase hexadecimal digits.
    mutating func append(hex byte: UInt8) {
        append(Hex.digit(byte >> 4))
        append(Hex.digit(byte & 0x0F))
    }
}

/// The number of decimal digits of a non-negative `value`.
func decimalDigits(_ value: Int) -> Int {
    var count = 1
    var rest = value.magnitude
    while rest >= 10 {
        rest /= 10
        count += 1
    }
    return count
}
