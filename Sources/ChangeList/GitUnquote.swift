import TreeModel

/// Undoes git's path quoting (`core.quotePath`): a path in double quotes with C escapes
/// (`\t`, `\n`, `\"`, `\\`, …) and octal bytes (`\303\251`). Unquoted paths are raw bytes.
enum GitUnquote {
    /// The path `bytes` (a field of line `line`) names: unquoted if it is in double quotes.
    static func path(_ bytes: ArraySlice<UInt8>, line: Int) throws -> RawPath {
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "\""), bytes.last == UInt8(ascii: "\"") else {
            return RawPath(bytes: Array(bytes))
        }
        var output: [UInt8] = []
        var index = bytes.index(after: bytes.startIndex)
        let end = bytes.index(before: bytes.endIndex)
        func fail() -> ChangeListReader.InputError {
            ChangeListReader.InputError(.line(line), "bad quoting in \(String(decoding: bytes, as: UTF8.self))")
        }
        while index < end {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                if byte == UInt8(ascii: "\"") { throw fail() }
                output.append(byte)
                continue
            }
            guard index < end else { throw fail() }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "a"): output.append(0x07)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "v"): output.append(0x0B)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(escape)
            case UInt8(ascii: "0")...UInt8(ascii: "3"):
                var value = Int(escape - UInt8(ascii: "0"))
                for _ in 0..<2 {
                    guard index < end, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) else { throw fail() }
                    value = value * 8 + Int(bytes[index] - UInt8(ascii: "0"))
                    index += 1
                }
                output.append(UInt8(value))
            default:
                throw fail()
            }
        }
        return RawPath(bytes: output)
    }
}
