/// Independent checks of what the diff pane writes: SGR sequences found, stripped, and any
/// other control byte caught.
enum DiffPaneChecks {
    /// The end of the SGR sequence (`ESC [` digits, `;`, `:`, then `m`) at `start`, if one starts there.
    static func sgrEnd(_ bytes: [UInt8], at start: Int) -> Int? {
        guard start + 1 < bytes.count, bytes[start] == 0x1B, bytes[start + 1] == UInt8(ascii: "[") else { return nil }
        var index = start + 2
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "m") { return index + 1 }
            guard (0x30...0x3B).contains(bytes[index]) else { return nil }
            index += 1
        }
        return nil
    }

    /// `bytes` split into its SGR sequences and the text between them.
    static func split(_ bytes: [UInt8]) -> (sequences: [[UInt8]], text: [UInt8]) {
        var sequences: [[UInt8]] = []
        var text: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if let end = sgrEnd(bytes, at: index) {
                sequences.append(Array(bytes[index..<end]))
                index = end
            } else {
                text.append(bytes[index])
                index += 1
            }
        }
        return (sequences, text)
    }

    /// What would reach a terminal as something other than text or an SGR sequence: the C0
    /// and C1 controls and DEL in the text, or `nil` when the text is not even valid UTF-8.
    static func controls(_ bytes: [UInt8]) -> [Unicode.Scalar]? {
        guard let text = String(validating: split(bytes).text, as: UTF8.self) else { return nil }
        return text.unicodeScalars.filter { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
    }

    /// Escapes spelled out, for a readable failure.
    static func visible(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "^[")
            .replacingOccurrences(of: "\t", with: "^I").replacingOccurrences(of: "\r", with: "^M")
    }
}
