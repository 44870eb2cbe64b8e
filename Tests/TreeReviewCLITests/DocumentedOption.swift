/// An option as a document describes it: its names, its value and its description, read
/// from the text of `treereview --help` or of `Docs/CLI.md`, to compare the two.
struct DocumentedOption: Equatable, CustomStringConvertible {
    /// Every name, with its dashes (`-M`, `--find-renames`).
    var names: Set<String>
    /// The value's name (`n` for `<n>`), if it takes one.
    var value: String?
    /// Whether the value may be left out (`[=<n>]`).
    var valueIsOptional = false
    /// The description, on one line, without Markdown backticks.
    var text: String

    var description: String { "\(names.sorted()) \(value.map { valueIsOptional ? "[<\($0)>]" : "<\($0)>" } ?? "") \(text)" }

    /// Reads `-M, --find-renames[=<n>]` or `` `-C <dir>` ``; nil when it names no option.
    init?(synopsis: String, text: String) {
        names = []
        self.text = text.replacingOccurrences(of: "`", with: "")
        for piece in synopsis.replacingOccurrences(of: "`", with: "").split(separator: ", ") {
            guard let match = piece.wholeMatch(of: /(?<name>--?[A-Za-z][A-Za-z-]*)(?<value>(?:\[=?|=| )?<(?<valueName>[a-z][a-z=]*)>\]?)?/) else {
                return nil
            }
            names.insert(String(match.output.name))
            if let valueName = match.output.valueName {
                value = String(valueName)
                valueIsOptional = match.output.value?.hasPrefix("[") == true
            }
        }
        if names.isEmpty { return nil }
    }

    /// The options of `--help` output: in its OPTIONS section, a line with two spaces, a
    /// dash and the names, the description after two or more spaces, continued on lines
    /// indented further.
    static func fromHelp(_ help: String) -> [DocumentedOption] {
        var found: [(synopsis: String, text: String)] = []
        var inOptions = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("OPTIONS") { inOptions = true; continue }
            guard inOptions else { continue }
            if line.isEmpty { break }
            if let option = line.wholeMatch(of: /[ ]{2}(?<synopsis>-\S.*?)[ ]{2,}(?<text>\S.*)/) {
                found.append((String(option.output.synopsis), String(option.output.text)))
            } else if line.hasPrefix("   "), !found.isEmpty {
                found[found.count - 1].text += " " + line.trimmingPrefix(while: { $0 == " " })
            } else {
                found.append(("?", String(line)))
            }
        }
        return found.map { DocumentedOption(synopsis: $0.synopsis, text: $0.text) ?? DocumentedOption(unreadable: $0.synopsis) }
    }

    /// The options of `Docs/CLI.md`: in its `## Options` section, a `###` heading with the
    /// names, and the first paragraph under it.
    static func fromMarkdown(_ document: String) -> [DocumentedOption] {
        var found: [(synopsis: String, lines: [Substring])] = []
        var inOptions = false
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                inOptions = line == "## Options"
            } else if inOptions && line.hasPrefix("### ") {
                found.append((String(line.dropFirst(4)), []))
            } else if inOptions && !found.isEmpty {
                found[found.count - 1].lines.append(line)
            }
        }
        return found.map { option in
            let paragraph = option.lines.drop { $0.isEmpty }.prefix { !$0.isEmpty }
            return DocumentedOption(synopsis: option.synopsis, text: paragraph.joined(separator: " "))
                ?? DocumentedOption(unreadable: option.synopsis)
        }
    }

    private init(unreadable: String) {
        names = ["unreadable: \(unreadable)"]
        text = ""
    }
}
