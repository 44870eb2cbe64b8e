import TreeModel

/// The default rule of linguist's that classifies a path: what `treereview explain` says of
/// a file no gitattribute decides (see `Docs/Annotations.md#linguists-defaults`).
public struct LinguistRuleMatch: Hashable, Sendable {
    /// What the rule makes a path.
    public enum Kind: String, Hashable, Sendable {
        /// From linguist's `vendor.yml`.
        case vendored
        /// From linguist's `generated.rb`.
        case generated
    }

    /// The rule's pattern, as `Docs/Annotations.md` lists it (`vendor/`, `*.min.js`).
    public var pattern: String
    /// Whether the rule compares letters without regard to ASCII case.
    public var ignoringCase: Bool
    /// What it makes the path.
    public var kind: Kind

    /// A match of `pattern` (`ignoringCase` as the rule compares), making a path `kind`.
    public init(pattern: String, ignoringCase: Bool = false, kind: Kind) {
        self.pattern = pattern
        self.ignoringCase = ignoringCase
        self.kind = kind
    }
}

extension LinguistDefaults {
    /// The first rule of `kind`'s table (in the order `Docs/Annotations.md` lists them) that
    /// matches `path`; `nil` when none does, so the defaults do not make it `kind`. Agrees
    /// with ``isGenerated(_:)`` and ``isVendored(_:)``, which answer the same by an index.
    public static func matchingRule(of kind: LinguistRuleMatch.Kind, for path: RawPath) -> LinguistRuleMatch? {
        let segments = PathSegments(path.bytes)
        let table = kind == .vendored ? vendored : generated
        return table.first { $0.compiled.matches(segments) }
            .map { LinguistRuleMatch(pattern: $0.pattern, ignoringCase: $0.ignoringCase, kind: kind) }
    }

    /// The rules that match `path`: the generated table's first match, then the vendored
    /// table's (each at most one).
    public static func matchingRules(for path: RawPath) -> [LinguistRuleMatch] {
        [matchingRule(of: .generated, for: path), matchingRule(of: .vendored, for: path)].compactMap { $0 }
    }
}
