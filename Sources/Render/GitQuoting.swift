/// Git's C-style quoting of paths (`quote_c_style`), as `git diff --name-only` prints
/// names that need it, except that valid non-ASCII UTF-8 is kept as is (as with
/// `core.quotePath=false`).
enum GitQuoting {
    /// Appends `path`, quoted when it contains a control character (C0, DEL or C1), `"`,
    /// `\` or bytes that are not valid UTF-8; otherwise exactly.
    static func append(_ path: [UInt8], to output: inout [UInt8]) {
        path.withUnsafeBufferPointer { append($0, to: &output) }
    }

    /// ``append(_:to:)`` for a path lent as a buffer.
    static func append(_ path: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        if needsQuoting(path) {
            appendQuoted(path, to: &output)
        } else {
            output.append(contentsOf: path)
        }
    }

    private static func needsQuoting(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < buffer.count {
            let byte = buffer[index]
            if byte < 0x80 {
                if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    return true
                }
                index += 1
                continue
            }
            guard let (scalar, length) = UTF8Scan.decode(buffer, at: index), !UTF8Scan.isC1(scalar) else {
                return true
            }
            index += length
        }
        return false
    }

    private static func appendQuoted(_ buffer: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var index = 0
        while index < buffer.count {
            let byte = buffer[index]
            if byte < 0x80 {
                appendASCII(byte, to: &output)
                index += 1
            } else if let (scalar, length) = UTF8Scan.decode(buffer, at: index), !UTF8Scan.isC1(scalar) {
                output.append(contentsOf: buffer[index..<(index + length)])
                index += length
            } else {
                let length = UTF8Scan.decode(buffer, at: index)?.length ?? 1
                for offset in 0..<length {
                    output.append(UInt8(ascii: "\\"))
                    output.append(octal: buffer[index + offset])
                }
                index += length
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func appendASCII(_ byte: UInt8, to output: inout [UInt8]) {
        switch byte {
        case 0x07: output.append("\\a")
        case 0x08: output.append("\\b")
        case 0x09: output.append("\\t")
        case 0x0A: output.append("\\n")
        case 0x0B: output.append("\\v")
        case 0x0C: output.append("\\f")
        case 0x0D: output.append("\\r")
        case UInt8(ascii: "\""): output.append("\\\"")
        case UInt8(ascii: "\\"): output.append("\\\\")
        case 0x00..<0x20, 0x7F:
            output.append(UInt8(ascii: "\\"))
            output.append(octal: byte)
        default:
            output.append(byte)
        }
    }
}
