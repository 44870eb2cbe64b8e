/// git's C-style quoting of names in patch headers (`quote_c_style`, `quote_two`): a name
/// with a control character, `"`, `\` or (with `core.quotePath`, the default) a byte above
/// 0x7F is written in double quotes, those bytes escaped (`\t`, `\"`, `\303\251`).
struct PatchQuoting {
    /// `core.quotePath`.
    var quotesHighBytes = true

    /// `name`, quoted when it needs to be.
    func quoted(_ name: [UInt8]) -> [UInt8] {
        guard needsQuoting(name) else { return name }
        var output: [UInt8] = [UInt8(ascii: "\"")]
        appendEscaped(name, to: &output)
        output.append(UInt8(ascii: "\""))
        return output
    }

    /// `prefix` and `name` as one name (`a/dir/file`), quoted as a whole when either needs it.
    func quoted(prefix: [UInt8], _ name: [UInt8]) -> [UInt8] {
        guard needsQuoting(prefix) || needsQuoting(name) else { return prefix + name }
        var output: [UInt8] = [UInt8(ascii: "\"")]
        appendEscaped(prefix, to: &output)
        appendEscaped(name, to: &output)
        output.append(UInt8(ascii: "\""))
        return output
    }

    private func needsQuoting(_ name: [UInt8]) -> Bool {
        name.contains(where: mustQuote)
    }

    private func mustQuote(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
            || (byte >= 0x80 && quotesHighBytes)
    }

    private func appendEscaped(_ name: [UInt8], to output: inout [UInt8]) {
        for byte in name {
            guard mustQuote(byte) else {
                output.append(byte)
                continue
            }
            output.append(UInt8(ascii: "\\"))
            switch byte {
            case 0x07: output.append(UInt8(ascii: "a"))
            case 0x08: output.append(UInt8(ascii: "b"))
            case 0x09: output.append(UInt8(ascii: "t"))
            case 0x0A: output.append(UInt8(ascii: "n"))
            case 0x0B: output.append(UInt8(ascii: "v"))
            case 0x0C: output.append(UInt8(ascii: "f"))
            case 0x0D: output.append(UInt8(ascii: "r"))
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
            default:
                output.append(0x30 + (byte >> 6))
                output.append(0x30 + ((byte >> 3) & 7))
                output.append(0x30 + (byte & 7))
            }
        }
    }
}
