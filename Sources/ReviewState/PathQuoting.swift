/// Paths in the marks file, quoted as git quotes them with `core.quotePath` false: a path
/// holding a control character, DEL, `"` or `\` is written in double quotes with C escapes
/// (`\t`, `\n`, `\"`, `\\`, `\ooo`); any other path, including non-ASCII bytes, as it is.
enum PathQuoting {
    /// `bytes` quoted when they need to be.
    static func quoted(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(where: needsEscape) else { return bytes }
        var result: [UInt8] = [UInt8(ascii: "\"")]
        for byte in bytes {
            guard needsEscape(byte) else {
                result.append(byte)
                continue
            }
            result.append(UInt8(ascii: "\\"))
            if let letter = letters.first(where: { $0.byte == byte })?.letter {
                result.append(letter)
            } else {
                for shift in [6, 3, 0] { result.append(UInt8(ascii: "0") + ((byte >> UInt8(shift)) & 7)) }
            }
        }
        result.append(UInt8(ascii: "\""))
        return result
    }

    /// The path `field` stands for: unquoted when it starts with `"`; `nil` when the quoting
    /// is broken.
    static func unquoted(_ field: ArraySlice<UInt8>) -> [UInt8]? {
        guard field.first == UInt8(ascii: "\"") else { return Array(field) }
        guard field.count >= 2, field.last == UInt8(ascii: "\"") else { return nil }
        let body = Array(field.dropFirst().dropLast())
        var result: [UInt8] = []
        var index = 0
        while index < body.count {
            let byte = body[index]
            index += 1
            if byte == UInt8(ascii: "\"") { return nil }
            guard byte == UInt8(ascii: "\\") else {
                result.append(byte)
                continue
            }
            guard index < body.count else { return nil }
            let next = body[index]
            index += 1
            if let escaped = letters.first(where: { $0.letter == next })?.byte {
                result.append(escaped)
            } else if (UInt8(ascii: "0")...UInt8(ascii: "3")).contains(next), index + 1 < body.count,
                      let value = octal(next, body[index], body[index + 1]) {
                result.append(value)
                index += 2
            } else {
                return nil
            }
        }
        return result
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static func octal(_ digits: UInt8...) -> UInt8? {
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit) else { return nil }
            value = value * 8 + Int(digit - UInt8(ascii: "0"))
        }
        return value <= 0xFF ? UInt8(value) : nil
    }

    private static let letters: [(byte: UInt8, letter: UInt8)] = [
        (0x07, UInt8(ascii: "a")), (0x08, UInt8(ascii: "b")), (0x09, UInt8(ascii: "t")), (0x0A, UInt8(ascii: "n")),
        (0x0B, UInt8(ascii: "v")), (0x0C, UInt8(ascii: "f")), (0x0D, UInt8(ascii: "r")),
        (UInt8(ascii: "\""), UInt8(ascii: "\"")), (UInt8(ascii: "\\"), UInt8(ascii: "\\")),
    ]
}
