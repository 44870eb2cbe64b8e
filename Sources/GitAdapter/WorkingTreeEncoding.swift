import Glibc

/// `working-tree-encoding` as git reads it in (`encode_to_git`): the file's bytes re-encoded
/// from the named encoding to UTF-8 through iconv, after git's checks of the UTF-16 and
/// UTF-32 byte order marks. A file git would refuse (a prohibited or missing BOM, bytes
/// invalid in the encoding) is left as it is, as git's diff leaves it (with an error message
/// git prints and this does not).
enum WorkingTreeEncoding {
    /// The encoding named by the attribute's value, or `nil` when git converts nothing:
    /// set, unset, unspecified, empty, or UTF-8 itself.
    static func named(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return isUTF8(value) ? nil : value
    }

    /// The content in UTF-8, or `nil` when git leaves it unconverted.
    static func toUTF8(_ bytes: UnsafeRawBufferPointer, from encoding: String) -> [UInt8]? {
        if bytes.isEmpty || !isValid(bytes, encoding) { return nil }
        var source = encoding
        if same(encoding, "UTF-16LE-BOM") { source = "UTF-16" }
        var converter = iconv_open("UTF-8", source)
        if converter == iconv_t(bitPattern: -1) {
            converter = iconv_open("UTF8", fallback(source))
        }
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        return convert(bytes, with: converter)
    }

    private static func convert(_ bytes: UnsafeRawBufferPointer, with converter: iconv_t?) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: bytes.count * 2 + 16)
        var produced = 0
        var input: UnsafeMutablePointer<CChar>? = UnsafeMutablePointer(mutating: bytes.baseAddress!.assumingMemoryBound(to: CChar.self))
        var inputLeft = bytes.count
        while true {
            let done: Bool? = output.withUnsafeMutableBytes { buffer in
                var outputPointer: UnsafeMutablePointer<CChar>? = buffer.baseAddress!.advanced(by: produced).assumingMemoryBound(to: CChar.self)
                var outputLeft = buffer.count - produced
                let result = iconv(converter, &input, &inputLeft, &outputPointer, &outputLeft)
                produced = buffer.count - outputLeft
                if result != -1 { return true }
                return errno == E2BIG ? false : nil
            }
            guard let done else { return nil }
            if done { break }
            output += [UInt8](repeating: 0, count: output.count)
        }
        output.removeSubrange(produced...)
        return output
    }

    /// git's `validate_encoding`: a UTF-16 or UTF-32 file must have a byte order mark
    /// where the encoding needs one and none where it names the byte order.
    private static func isValid(_ bytes: UnsafeRawBufferPointer, _ encoding: String) -> Bool {
        guard encoding.uppercased().hasPrefix("UTF") else { return true }
        let utf16BOMs: [[UInt8]] = [[0xFE, 0xFF], [0xFF, 0xFE]]
        let utf32BOMs: [[UInt8]] = [[0, 0, 0xFE, 0xFF], [0xFF, 0xFE, 0, 0]]
        func starts(_ boms: [[UInt8]]) -> Bool { boms.contains { bytes.starts(with: $0) } }
        let prohibited = ((same(encoding, "UTF-16BE") || same(encoding, "UTF-16LE")) && starts(utf16BOMs))
            || ((same(encoding, "UTF-32BE") || same(encoding, "UTF-32LE")) && starts(utf32BOMs))
        let missing = (same(encoding, "UTF-16") && !starts(utf16BOMs)) || (same(encoding, "UTF-32") && !starts(utf32BOMs))
        return !prohibited && !missing
    }

    /// git's `same_utf_encoding`: equal ignoring case, and the hyphen after `UTF`.
    private static func same(_ encoding: String, _ utf: String) -> Bool {
        func stripped(_ name: String) -> String {
            let upper = name.uppercased()
            guard upper.hasPrefix("UTF") else { return upper }
            let rest = upper.dropFirst(3)
            return "UTF" + (rest.hasPrefix("-") ? rest.dropFirst() : rest)
        }
        return stripped(encoding) == stripped(utf)
    }

    /// git's `is_encoding_utf8`.
    private static func isUTF8(_ name: String) -> Bool {
        let upper = name.uppercased()
        return upper == "UTF-8" || upper == "UTF8"
    }

    /// git's `fallback_encoding`.
    private static func fallback(_ name: String) -> String {
        if isUTF8(name) { return "UTF8" }
        if name.lowercased() == "latin-1" { return "ISO-8859-1" }
        return name
    }
}
