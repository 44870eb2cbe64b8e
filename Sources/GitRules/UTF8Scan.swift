/// Byte-level UTF-8 decoding that reports ill-formed bytes one at a time, so callers can show
/// (or quote) each of them exactly.
public enum UTF8Scan {
    /// The scalar encoded by the well-formed sequence starting at `index`, with its length
    /// in bytes; `nil` when the byte at `index` does not start one.
    @inlinable
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: UInt32, length: Int)? {
        let lead = bytes[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let available = bytes.count - index

        func trail(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> UInt32? {
            guard offset < available else { return nil }
            let byte = bytes[index + offset]
            guard byte >= low, byte <= high else { return nil }
            return UInt32(byte & 0x3F)
        }

        switch lead {
        case 0xC2...0xDF:
            guard let b1 = trail(1) else { return nil }
            return (UInt32(lead & 0x1F) << 6 | b1, 2)
        case 0xE0...0xEF:
            let low: UInt8 = lead == 0xE0 ? 0xA0 : 0x80
            let high: UInt8 = lead == 0xED ? 0x9F : 0xBF
            guard let b1 = trail(1, low, high), let b2 = trail(2) else { return nil }
            return (UInt32(lead & 0x0F) << 12 | b1 << 6 | b2, 3)
        case 0xF0...0xF4:
            let low: UInt8 = lead == 0xF0 ? 0x90 : 0x80
            let high: UInt8 = lead == 0xF4 ? 0x8F : 0xBF
            guard let b1 = trail(1, low, high), let b2 = trail(2), let b3 = trail(3) else { return nil }
            return (UInt32(lead & 0x07) << 18 | b1 << 12 | b2 << 6 | b3, 4)
        default:
            return nil
        }
    }

    /// Whether `scalar` is a C1 control (U+0080–U+009F).
    @inlinable
    public static func isC1(_ scalar: UInt32) -> Bool { scalar >= 0x80 && scalar < 0xA0 }

    /// Whether `scalar` is a bidirectional formatting character (U+061C, U+200E, U+200F,
    /// U+202A–U+202E, U+2066–U+2069), which can make a terminal or a page show text in
    /// another order than its bytes'.
    public static func isBidirectionalControl(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
