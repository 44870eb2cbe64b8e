import TreeModel

/// git's readings of whitespace settings: `core.whitespace` and the `whitespace` attribute
/// (its `parse_whitespace_rule`), and `diff.wsErrorHighlight`.
enum WhitespaceParsing {
    typealias Rule = PatchText.WhitespaceRule
    typealias Errors = Rule.Errors

    /// The rule names git knows, in its order (a name matches by prefix: `trailing` is `trailing-space`).
    private static let names: [(name: String, errors: Errors)] = [
        ("trailing-space", [.blankAtEndOfLine, .blankAtEndOfFile]),
        ("space-before-tab", .spaceBeforeTab),
        ("indent-with-non-tab", .indentWithNonTab),
        ("cr-at-eol", .carriageReturnAtEndOfLine),
        ("blank-at-eol", .blankAtEndOfLine),
        ("blank-at-eof", .blankAtEndOfFile),
        ("tab-in-indent", .tabInIndent),
    ]

    /// The rule `text` sets, starting from git's default; the default when `nil`.
    static func rule(_ text: String?) -> Rule {
        var rule = Rule.gitDefault
        guard let text else { return rule }
        let separators: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")]
        for token in Array(text.utf8).split(separator: UInt8(ascii: ",")) {
            var word = token.drop { separators.contains($0) }
            var negated = false
            if word.first == UInt8(ascii: "-") {
                negated = true
                word = word.dropFirst()
            }
            if word.isEmpty { continue }
            if let match = names.first(where: { Array($0.name.utf8).starts(with: word) }) {
                if negated { rule.errors.subtract(match.errors) } else { rule.errors.formUnion(match.errors) }
            }
            if word.starts(with: Array("tabwidth=".utf8)) {
                let digits = word.dropFirst(9).prefix { $0 >= 0x30 && $0 <= 0x39 }
                if let width = Int(String(decoding: digits, as: UTF8.self)), width > 0, width < 64 { rule.tabWidth = width }
            }
        }
        return rule
    }

    /// The rule for a file whose `whitespace` attribute is `attribute` (`nil` unspecified,
    /// `true` set, `false` unset, else its value), given the configured rule.
    static func rule(attribute: AttributeValue, configured: Rule) -> Rule {
        switch attribute {
        case .unspecified:
            return configured
        case .set:
            var rule = Rule(errors: [.blankAtEndOfLine, .blankAtEndOfFile, .spaceBeforeTab, .indentWithNonTab],
                            tabWidth: configured.tabWidth)
            rule.highlighted = configured.highlighted
            return rule
        case .unset:
            return Rule(errors: [], tabWidth: configured.tabWidth, highlighted: configured.highlighted)
        case .value(let text):
            var rule = rule(text)
            rule.highlighted = configured.highlighted
            return rule
        }
    }

    /// An attribute's state for one path.
    enum AttributeValue: Equatable {
        case unspecified, set, unset
        case value(String)
    }

    /// `diff.wsErrorHighlight`: a comma-separated list of `none`, `default`, `all`, `old`,
    /// `new`, `context`; `nil` when git would refuse it.
    static func highlighted(_ text: String) -> Rule.Highlighted? {
        var value: Rule.Highlighted = []
        if text.isEmpty { return value }
        var words = text.split(separator: ",", omittingEmptySubsequences: false)
        if words.count > 1 && words.last == "" { words.removeLast() }
        for word in words {
            switch word {
            case "none": value = []
            case "default": value = .new
            case "all": value = [.old, .new, .context]
            case "new": value.insert(.new)
            case "old": value.insert(.old)
            case "context": value.insert(.context)
            default: return nil
            }
        }
        return value
    }
}

/// Which added lines are blank lines at the end of the file, as git's diff decides it for its
/// `blank-at-eof` whitespace error (`check_blank_at_eof`, `new_blank_line_at_eof`): when the
/// new content ends in more blank lines than the old, an added blank line at or after the
/// first of them is one. Line numbers are followed through the hunks as git follows them.
struct BlankLinesAtEnd {
    /// The first trailing blank line of each side, 1-based; 0 when the new side adds none.
    private var firstInOld = 0
    private var firstInNew = 0
    private var lineInOld = 0
    private var lineInNew = 0

    init(rule: PatchText.WhitespaceRule, old: [UInt8], new: [UInt8]) {
        guard rule.errors.contains(.blankAtEndOfFile) else { return }
        let oldBlank = Self.trailingBlankLines(old), newBlank = Self.trailingBlankLines(new)
        guard newBlank > oldBlank else { return }
        firstInOld = Self.lineCount(old) - oldBlank + 1
        firstInNew = Self.lineCount(new) - newBlank + 1
    }

    /// Starts counting at the hunk's first old and new line numbers.
    mutating func startHunk(_ header: [UInt8]) {
        lineInOld = 0
        lineInNew = 0
        guard let minus = header.firstIndex(of: UInt8(ascii: "-")) else { return }
        lineInOld = Self.number(in: header, after: minus)
        guard let plus = header[minus...].firstIndex(of: UInt8(ascii: "+")) else { return }
        lineInNew = Self.number(in: header, after: plus)
    }

    /// Counts an added line; whether it is a blank line at the end of the file.
    mutating func addedLineIsBlankAtEnd(_ body: [UInt8]) -> Bool {
        lineInNew += 1
        guard firstInOld > 0, firstInNew > 0, firstInOld <= lineInOld, firstInNew <= lineInNew else { return false }
        return body.allSatisfy(Self.isSpace)
    }

    mutating func removedLine() { lineInOld += 1 }

    mutating func contextLine() {
        lineInOld += 1
        lineInNew += 1
    }

    /// A line git's consumer does not recognize (the no-newline marker): git counts it as old.
    mutating func incompleteLine() { lineInOld += 1 }

    /// git's `isspace`: space, tab, LF, CR.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func number(in header: [UInt8], after index: Int) -> Int {
        var value = 0
        for byte in header[(index + 1)...] {
            guard byte >= 0x30 && byte <= 0x39 else { break }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// The number of lines, a last line without LF included (git's `count_lines`).
    static func lineCount(_ bytes: [UInt8]) -> Int {
        guard !bytes.isEmpty else { return 0 }
        let newlines = bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return bytes.last == 0x0A ? newlines : newlines + 1
    }

    /// The number of blank lines at the end, the first line never counted (git's `count_trailing_blank`).
    static func trailingBlankLines(_ bytes: [UInt8]) -> Int {
        guard !bytes.isEmpty else { return 0 }
        var end = bytes.count - 1
        if bytes[end] == 0x0A { end -= 1 }
        var count = 0
        while 0 < end {
            var previousNewline = end
            while previousNewline >= 0 && bytes[previousNewline] != 0x0A { previousNewline -= 1 }
            guard bytes[(previousNewline + 1)..<(end + 1)].allSatisfy(isSpace) else { break }
            count += 1
            end = previousNewline - 1
        }
        return count
    }
}
