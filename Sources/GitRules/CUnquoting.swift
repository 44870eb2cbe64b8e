/// git's reading of a C-quoted path (`unquote_c_style`): the bytes between double quotes, with
/// the escapes ``CQuoting`` writes (`\a \b \t \n \v \f \r \" \\` and octal `\ooo` up to
/// `\377`) undone.
public enum CUnquoting {
    /// The bytes `field` stands for, when it is one whole quoted path (`"…"`: a `"` first and
    /// last, no other unescaped `"`, every `\` starting an escape git writes); `nil` otherwise.
    public static func unquoted(_ field: ArraySlice<UInt8>) -> [UInt8]? {
        guard field.count >= 2, field.first == UInt8(ascii: "\""), field.last == UInt8(ascii: "\"") else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(field.count - 2)
        var index = field.startIndex + 1
        let end = field.endIndex - 1
        while index < end {
            let byte = field[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                if byte == UInt8(ascii: "\"") { return nil }
                output.append(byte)
                continue
            }
            guard index < end else { return nil }
            let escape = field[index]
            index += 1
            if let value = unescaped(escape) {
                output.append(value)
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "3")).contains(escape) else { return nil }
            var value = escape - UInt8(ascii: "0")
            for _ in 0..<2 {
                guard index < end, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(field[index]) else { return nil }
                value = value << 3 | (field[index] - UInt8(ascii: "0"))
                index += 1
            }
            output.append(value)
        }
        return output
    }

    /// The byte a one-letter escape stands for (`\t`: a tab), or `nil` when `letter` is not one.
    private static func unescaped(_ letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "a"): 0x07
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "t"): 0x09
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "v"): 0x0B
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): letter
        default: nil
        }
    }
}
