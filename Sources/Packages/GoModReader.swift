/// Reads a `go.mod`: `module`, `require` and `replace` (single lines and blocks); a
/// `replace X => ./dir` or `../dir` of a required module is a path dependency. A directive
/// it does not know is left alone (go.mod has many: `go`, `toolchain`, `exclude`, `retract`).
enum GoModReader {
    static func read(_ text: String, into manifest: inout PackageManifest) {
        var required: Set<String> = []
        var replacements: [(module: String, path: String, line: Int)] = []
        var block: String?
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            var line = String(raw)
            if let comment = line.range(of: "//") { line = String(line[..<comment.lowerBound]) }
            var words = fields(line)
            guard !words.isEmpty else { continue }
            if let open = block {
                if words == [")"] { block = nil; continue }
                words.insert(open, at: 0)
            } else if words.count == 2, words[1] == "(" {
                block = words[0]
                continue
            }
            switch words[0] {
            case "module" where words.count >= 2: manifest.name = words[1]
            case "require" where words.count >= 2: required.insert(words[1])
            case "replace":
                guard let arrow = words.firstIndex(of: "=>"), arrow >= 2, arrow + 1 < words.count else {
                    manifest.notes.append(ManifestNote(file: manifest.file, line: number, message: "replace directive not understood"))
                    continue
                }
                let target = words[arrow + 1]
                if target.hasPrefix("./") || target.hasPrefix("../") || target == "." || target == ".." {
                    replacements.append((words[1], target, number))
                } else if target.hasPrefix("/") {
                    manifest.notes.append(ManifestNote(file: manifest.file, line: number, message: "replace to an absolute path is not followed"))
                }
            default: break
            }
        }
        for replacement in replacements where required.contains(replacement.module) {
            manifest.dependencies.append(DeclaredDependency(target: .path(replacement.path), section: "replace \(replacement.module)", line: replacement.line))
        }
    }

    /// The line's words, a quoted module path (`"…"` or `` `…` ``) as one word without its quotes.
    static func fields(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "`" {
                quote = character
            } else if character == " " || character == "\t" || character == "\r" {
                if !current.isEmpty { words.append(current); current = "" }
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
