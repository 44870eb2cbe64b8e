/// Swift source with its comments blanked out (strings kept), for finding calls and their
/// labeled arguments by text.
struct SwiftSourceText {
    /// A call found: where its argument list starts, and its arguments as written.
    struct Call {
        var line: Int
        var arguments: [(label: String?, value: String)]

        func argument(labeled label: String) -> String? {
            arguments.first { $0.label == label }?.value
        }
    }

    private let scalars: [Unicode.Scalar]
    private let lineStarts: [Int]

    init(_ text: String) {
        var kept: [Unicode.Scalar] = []
        let source = Array(text.unicodeScalars)
        var index = 0
        var inString = false
        while index < source.count {
            let scalar = source[index]
            let next = index + 1 < source.count ? source[index + 1] : " "
            if inString {
                kept.append(scalar)
                if scalar == "\\" && index + 1 < source.count { kept.append(next); index += 2; continue }
                if scalar == "\"" || scalar == "\n" { inString = false }
                index += 1
            } else if scalar == "/" && next == "/" {
                while index < source.count && source[index] != "\n" { kept.append(" "); index += 1 }
            } else if scalar == "/" && next == "*" {
                var depth = 0
                repeat {
                    if source[index] == "/" && index + 1 < source.count && source[index + 1] == "*" { depth += 1; kept += [" ", " "]; index += 2; continue }
                    if source[index] == "*" && index + 1 < source.count && source[index + 1] == "/" { depth -= 1; kept += [" ", " "]; index += 2; continue }
                    kept.append(source[index] == "\n" ? "\n" : " ")
                    index += 1
                } while depth > 0 && index < source.count
            } else {
                if scalar == "\"" { inString = true }
                kept.append(scalar)
                index += 1
            }
        }
        scalars = kept
        lineStarts = [0] + kept.indices.filter { kept[$0] == "\n" }.map { $0 + 1 }
    }

    /// The lines (1-based) where `word` appears outside comments; `nil` when none.
    func lines(containing word: String) -> [Int]? {
        let found = occurrences(of: word).map(line(at:))
        return found.isEmpty ? nil : found
    }

    /// Every call `name(…)` (`name` not preceded by an identifier character).
    func calls(named name: String) -> [Call] {
        occurrences(of: name + "(").compactMap { start in
            if start > 0, Self.isIdentifier(scalars[start - 1]) || (name.first != "." && scalars[start - 1] == ".") { return nil }
            let open = start + name.unicodeScalars.count
            guard let arguments = arguments(from: open + 1) else { return nil }
            return Call(line: line(at: start), arguments: arguments)
        }
    }

    /// The arguments of a list starting at `start` (just after `(`), split at top-level commas.
    private func arguments(from start: Int) -> [(label: String?, value: String)]? {
        var depth = 0
        var inString = false
        var pieces: [String] = []
        var current = String.UnicodeScalarView()
        var index = start
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if inString {
                current.append(scalar)
                if scalar == "\\", index < scalars.count { current.append(scalars[index]); index += 1 }
                else if scalar == "\"" { inString = false }
                continue
            }
            switch scalar {
            case "\"": inString = true; current.append(scalar)
            case "(", "[", "{": depth += 1; current.append(scalar)
            case ")", "]", "}":
                if depth == 0 {
                    pieces.append(String(current))
                    return pieces.map(Self.labeled).filter { !$0.value.isEmpty || $0.label != nil }
                }
                depth -= 1
                current.append(scalar)
            case "," where depth == 0:
                pieces.append(String(current))
                current = String.UnicodeScalarView()
            default: current.append(scalar)
            }
        }
        return nil
    }

    private static func labeled(_ piece: String) -> (label: String?, value: String) {
        let text = piece.trimmingWhitespace
        guard let colon = text.firstIndex(of: ":") else { return (nil, text) }
        let label = String(text[..<colon])
        guard !label.isEmpty, label.unicodeScalars.allSatisfy(isIdentifier) else { return (nil, text) }
        return (label, String(text[text.index(after: colon)...]).trimmingWhitespace)
    }

    /// The string a plain literal `"…"` spells (simple escapes only); `nil` for anything
    /// else: an interpolation, a concatenation, a variable, a raw or multi-line string.
    static func stringLiteral(_ value: String) -> String? {
        let scalars = Array(value.unicodeScalars)
        guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else { return nil }
        var result = String.UnicodeScalarView()
        var index = 1
        while index < scalars.count - 1 {
            let scalar = scalars[index]
            if scalar == "\"" { return nil }
            if scalar == "\\" {
                guard index + 1 < scalars.count - 1 else { return nil }
                switch scalars[index + 1] {
                case "\\": result.append("\\")
                case "\"": result.append("\"")
                case "'": result.append("'")
                default: return nil
                }
                index += 2
                continue
            }
            result.append(scalar)
            index += 1
        }
        return String(result)
    }

    /// A value as a note quotes it: its first line, at most 60 characters.
    static func shortened(_ value: String) -> String {
        let first = value.split(separator: "\n").first.map(String.init) ?? ""
        return first.count > 60 ? String(first.prefix(60)) + "…" : first
    }

    private func occurrences(of word: String) -> [Int] {
        let needle = Array(word.unicodeScalars)
        guard !needle.isEmpty, scalars.count >= needle.count else { return [] }
        var found: [Int] = []
        var inString = false
        var index = 0
        while index <= scalars.count - needle.count {
            let scalar = scalars[index]
            if inString {
                if scalar == "\\" { index += 2; continue }
                if scalar == "\"" || scalar == "\n" { inString = false }
                index += 1
                continue
            }
            if scalar == "\"" { inString = true; index += 1; continue }
            if scalars[index..<(index + needle.count)].elementsEqual(needle) { found.append(index) }
            index += 1
        }
        return found
    }

    private func line(at index: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    private static func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }
}

extension String {
    /// The text without leading and trailing whitespace and newlines.
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
