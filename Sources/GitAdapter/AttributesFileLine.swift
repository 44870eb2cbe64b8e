import Annotations
import GitRules

/// One line of a gitattributes file as git's `attr.c` reads it: a pattern (or a macro's
/// `[attr]<name>`) and the attributes it gives, each set (`name`), unset (`-name`),
/// unspecified again (`!name`) or given a value (`name=value`).
struct AttributesFileLine: Equatable {
    /// The line's number, from 1.
    var number: Int
    /// The pattern's bytes (unquoted when written in double quotes).
    var pattern: [UInt8]
    /// The macro's name, when the line defines one (`[attr]binary -diff -merge -text`).
    var macroName: String?
    /// Each attribute named, in order, with the state the line gives it.
    var attributes: [(name: String, state: AttributeState)]

    static func == (left: Self, right: Self) -> Bool {
        left.number == right.number && left.pattern == right.pattern && left.macroName == right.macroName
            && left.attributes.map(\.name) == right.attributes.map(\.name) && left.attributes.map(\.state) == right.attributes.map(\.state)
    }

    /// Every line of `text` that gives attributes (comments, blank lines and negative
    /// patterns, which git ignores, left out).
    static func lines(of text: [UInt8]) -> [AttributesFileLine] {
        var lines: [AttributesFileLine] = []
        var number = 0
        for raw in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            if let line = parse(raw, number: number) { lines.append(line) }
        }
        return lines
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    private static func parse(_ raw: ArraySlice<UInt8>, number: Int) -> AttributesFileLine? {
        var rest = raw.drop(while: isBlank)
        guard let first = rest.first, first != UInt8(ascii: "#") else { return nil }
        var pattern: [UInt8]
        if first == UInt8(ascii: "\"") {
            var end = rest.index(after: rest.startIndex)
            while end < rest.endIndex, rest[end] != UInt8(ascii: "\"") {
                if rest[end] == UInt8(ascii: "\\") { end = rest.index(after: end) }
                end = min(rest.index(after: end), rest.endIndex)
            }
            guard end < rest.endIndex, let unquoted = CUnquoting.unquoted(rest[rest.startIndex...end]) else { return nil }
            pattern = unquoted
            rest = rest[rest.index(after: end)...]
        } else {
            let end = rest.firstIndex(where: isBlank) ?? rest.endIndex
            pattern = Array(rest[..<end])
            rest = rest[end...]
        }
        var macroName: String?
        let macroPrefix = Array("[attr]".utf8)
        if pattern.starts(with: macroPrefix) {
            macroName = String(decoding: pattern.dropFirst(macroPrefix.count), as: UTF8.self)
            pattern = []
        } else if pattern.first == UInt8(ascii: "!") {
            return nil
        }
        var attributes: [(name: String, state: AttributeState)] = []
        for token in rest.split(whereSeparator: isBlank) {
            let text = String(decoding: token, as: UTF8.self)
            if text.hasPrefix("-") {
                attributes.append((String(text.dropFirst()), .unset))
            } else if text.hasPrefix("!") {
                attributes.append((String(text.dropFirst()), .unspecified))
            } else if let equals = text.firstIndex(of: "=") {
                attributes.append((String(text[..<equals]), .value(String(text[text.index(after: equals)...]))))
            } else {
                attributes.append((text, .set))
            }
        }
        return AttributesFileLine(number: number, pattern: pattern, macroName: macroName, attributes: attributes)
    }

    /// Whether the line's pattern matches the file `path` (from the top) for an attributes
    /// file in `directory` (empty at the top), as `attr.c`'s `path_matches` decides: a
    /// pattern with no `/` but a trailing one matches the file's name, any other is anchored
    /// at the file's directory and matched with `WM_PATHNAME`; a pattern ending in `/` names
    /// directories only, so never a file.
    func matches(file path: [UInt8], in directory: [UInt8], caseFold: Bool) -> Bool {
        guard macroName == nil, !pattern.isEmpty, pattern.last != UInt8(ascii: "/") else { return false }
        let wildmatch = PathspecWildmatch(pathname: true, caseFold: caseFold)
        if !pattern.contains(UInt8(ascii: "/")) {
            let name = path.lastIndex(of: UInt8(ascii: "/")).map { path[($0 + 1)...] } ?? path[...]
            return wildmatch.matches(pattern[...], name)
        }
        let prefix = directory.isEmpty ? [] : directory + [UInt8(ascii: "/")]
        guard path.starts(with: prefix) else { return false }
        let anchored = pattern.first == UInt8(ascii: "/") ? pattern.dropFirst() : pattern[...]
        return wildmatch.matches(anchored, path.dropFirst(prefix.count))
    }
}
