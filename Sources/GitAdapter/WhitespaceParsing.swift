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
