/// A roff document for the `man` macros, built line by line with its text escaped.
struct Roff {
    private var lines: [String] = []

    /// The document.
    var text: String { lines.joined(separator: "\n") + "\n" }

    /// A comment line.
    mutating func comment(_ text: String) {
        lines.append(".\\\" " + Self.escape(text))
    }

    /// A request or macro line (`.SH "EXIT STATUS"`); arguments are plain text.
    mutating func macro(_ name: String, _ arguments: String...) {
        let quoted = arguments.map { argument in
            let escaped = Self.escape(argument).replacingOccurrences(of: "\"", with: "\\(dq")
            return escaped.isEmpty || escaped.contains(" ") ? "\"\(escaped)\"" : escaped
        }
        lines.append(([".\(name)"] + quoted).joined(separator: " "))
    }

    /// A text line, already in roff (escaped, with font changes); protected from being read
    /// as a request when it starts with `.` or `'`.
    mutating func line(_ roff: String) {
        lines.append(roff.hasPrefix(".") || roff.hasPrefix("'") ? "\\&" + roff : roff)
    }

    /// A tagged paragraph: `tag` on its own line, `body` indented below it (both roff).
    mutating func tagged(_ tag: String, _ body: String) {
        macro("TP")
        line(tag)
        line(body)
    }

    /// `text` escaped for roff: backslashes, every hyphen as `\-` (so option names copy as
    /// typed), `` ` `` as a grave accent, and characters beyond ASCII as `\[uXXXX]`.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case "`": escaped += "\\(ga"
            case "\n", "\t": escaped += " "
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: break
            case _ where scalar.value > 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// `text` in bold.
    static func bold(_ text: String) -> String { "\\fB" + escape(text) + "\\fR" }

    /// `text` in italics.
    static func italic(_ text: String) -> String { "\\fI" + escape(text) + "\\fR" }

    /// Prose: escaped, with each placeholder `<name>` in italics (`\fIname\fR`).
    static func prose(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: ">"),
                  !after[..<close].isEmpty,
                  after[..<close].allSatisfy({ $0.isLetter || $0 == "-" }) else {
                result += escape(String(rest[...open]))
                rest = after
                continue
            }
            result += escape(String(rest[..<open])) + italic(String(after[..<close]))
            rest = after[after.index(after: close)...]
        }
        return result + escape(String(rest))
    }
}
