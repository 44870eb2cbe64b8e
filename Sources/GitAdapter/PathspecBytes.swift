/// git's locale-independent character classes (its `sane_ctype` table), for pathspec bytes.
enum PathspecBytes {
    static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    static func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func isAlpha(_ byte: UInt8) -> Bool { isUpper(byte) || isLower(byte) }
    static func lower(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte + 0x20 : byte }

    /// `*`, `?`, `[` and `\`: where a pattern stops being a plain path.
    static func isGlobSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "\\")
    }

    /// The symbols that may be short pathspec magic (`:!`, `:/`, …): ASCII punctuation that is
    /// neither a glob nor a regular-expression character, and not `]` or `}`.
    static func isPathspecMagic(_ byte: UInt8) -> Bool {
        Array("!\"#%&',-/:;<=>@_`~".utf8).contains(byte)
    }

    /// Whether `byte` is in the POSIX class `name` (`alpha`, `digit`, …) as the C locale has
    /// it; `nil` for a name that is no class.
    static func isInClass(_ byte: UInt8, _ name: String, caseFold: Bool) -> Bool? {
        let graph = byte > 0x20 && byte < 0x7F
        switch name {
        case "alnum": return isAlpha(byte) || isDigit(byte)
        case "alpha": return isAlpha(byte)
        case "blank": return byte == 0x20 || byte == 0x09
        case "cntrl": return byte < 0x20 || byte == 0x7F
        case "digit": return isDigit(byte)
        case "graph": return graph
        case "lower": return isLower(byte)
        case "print": return graph || byte == 0x20
        case "punct": return graph && !isAlpha(byte) && !isDigit(byte)
        case "space": return byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
        case "upper": return isUpper(byte) || (caseFold && isLower(byte))
        case "xdigit": return isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
        default: return nil
        }
    }
}
