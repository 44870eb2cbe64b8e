extension KeyDecoder {
    /// A character encoded in UTF-8 starting at `index` (a byte of 0x80 or more).
    ///
    /// Invalid UTF-8 (a stray continuation byte, an overlong form, a surrogate, a value past
    /// U+10FFFF, a sequence cut short) becomes U+FFFD for its first byte; C1 controls
    /// (U+0080–U+009F) are dropped.
    static func utf8Character(_ input: [UInt8], at index: Int, final: Bool) -> Step {
        let lead = input[index]
        let length: Int
        let secondRange: ClosedRange<UInt8>
        switch lead {
        case 0xC2...0xDF: length = 2; secondRange = 0x80...0xBF
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xE1...0xEF: length = 3; secondRange = 0x80...0xBF
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        case 0xF1...0xF3: length = 4; secondRange = 0x80...0xBF
        default: return replacement
        }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length {
            let position = index + offset
            guard position < input.count else { return final ? replacement : .needsMore }
            let byte = input[position]
            let allowed = offset == 1 ? secondRange : 0x80...0xBF
            guard allowed.contains(byte) else { return replacement }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return replacement }
        if (0x80...0x9F).contains(value) { return .decoded(nil, consumed: length) }
        return .decoded(.key(.character(Character(scalar))), consumed: length)
    }

    private static var replacement: Step {
        .decoded(.key(.character("\u{FFFD}")), consumed: 1)
    }
}
