extension JSONWriter {
    /// Appends `text` escaped for the inside of a JSON string: `"` and `\`, every C0
    /// control (`\n`, `\t`, `\r`, `\b`, `\f`, else `\u00XX`), DEL and the C1 controls
    /// (`\u007f`, `\u0080`…`\u009f`), and U+2028/U+2029, which JavaScript treats as line ends.
    static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendEscaped(utf8: $0, to: &output) }
    }

    /// Appends valid UTF-8 bytes escaped as ``appendEscaped(_:to:)`` does.
    static func appendEscaped(utf8: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var run = 0
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2 || byte == 0xE2 else {
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
            index += appendEscape(utf8, at: index, to: &output)
            run = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
    }

    /// Appends the byte (or sequence) at `index`, escaped when it must be.
    /// - Returns: how many bytes it consumed.
    private static func appendEscape(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int, to output: inout [UInt8]) -> Int {
        let byte = utf8[index]
        let next = index + 1 < utf8.count ? utf8[index + 1] : 0
        switch byte {
        case 0x22: output.append("\\\"")
        case 0x5C: output.append("\\\\")
        case 0x0A: output.append("\\n")
        case 0x09: output.append("\\t")
        case 0x0D: output.append("\\r")
        case 0x08: output.append("\\b")
        case 0x0C: output.append("\\f")
        case 0x00..<0x20, 0x7F:
            appendUnicodeEscape(0x00, byte, to: &output)
        case 0xC2 where next >= 0x80 && next < 0xA0:
            appendUnicodeEscape(0x00, next, to: &output)
            return 2
        case 0xE2 where next == 0x80 && index + 2 < utf8.count && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
            appendUnicodeEscape(0x20, utf8[index + 2] - 0xA8 + 0x28, to: &output)
            return 3
        default:
            output.append(byte)
        }
        return 1
    }

    private static func appendUnicodeEscape(_ high: UInt8, _ low: UInt8, to output: inout [UInt8]) {
        output.append("\\u")
        output.append(hex: high)
        output.append(hex: low)
    }
}
