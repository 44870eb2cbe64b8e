import TreeModel

/// Builds a ``PatchText`` one line at a time.
struct PatchWriter {
    private(set) var text: PatchText

    init(whitespace: PatchText.WhitespaceRule) {
        text = PatchText(whitespace: whitespace)
    }

    /// Appends one line (`bytes` without its LF) of `kind`.
    mutating func append(_ kind: PatchText.Line.Kind, _ bytes: some Sequence<UInt8>, blankAtEndOfFile: Bool = false) {
        let start = text.bytes.count
        text.bytes.append(contentsOf: bytes)
        text.lines.append(PatchText.Line(kind: kind, range: start..<text.bytes.count, blankAtEndOfFile: blankAtEndOfFile))
        text.bytes.append(UInt8(ascii: "\n"))
    }

    /// Appends a header line made of `parts`.
    mutating func header(_ parts: [UInt8]...) {
        append(.header, parts.joined())
    }
}

extension Array where Element == UInt8 {
    /// The UTF-8 bytes of `text`.
    init(utf8 text: String) {
        self = Array(text.utf8)
    }

    /// `mode` as git prints it: six octal digits.
    init(octalMode mode: UInt32) {
        let digits = String(mode, radix: 8)
        self = Array((String(repeating: "0", count: Swift.max(0, 6 - digits.count)) + digits).utf8)
    }
}
