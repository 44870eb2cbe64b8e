import Annotations

/// Whether a file is generated, vendored or documentation, and what decided each: a
/// gitattribute's line, else (generated and vendored) one of linguist's default rules.
public struct KindsExplanation: Hashable, Sendable {
    /// What decided one kind.
    public enum Reason: Hashable, Sendable {
        /// A gitattribute that says either way (`linguist-generated`, `-linguist-vendored`).
        case attribute(AttributeOrigin)
        /// One of linguist's default rules (no attribute said).
        case linguistDefault(LinguistRuleMatch)
        /// Nothing: no attribute, and no default rule matches.
        case nothing
    }

    /// One kind's answer.
    public struct Decision: Hashable, Sendable {
        /// Whether the file is of the kind.
        public var isKind: Bool
        /// What decided it.
        public var reason: Reason

        /// A decision as given.
        public init(isKind: Bool, reason: Reason) {
            self.isKind = isKind
            self.reason = reason
        }

        /// No attribute and no default rule: not of the kind.
        public static let no = Decision(isKind: false, reason: .nothing)
    }

    /// `linguist-generated`, else linguist's generated rules.
    public var generated: Decision
    /// `linguist-vendored`, else linguist's vendored paths.
    public var vendored: Decision
    /// `linguist-documentation` (linguist's own documentation paths are not among the
    /// defaults treereview reads).
    public var documentation: Decision

    /// An explanation as given; each kind's answer `no` by default.
    public init(generated: Decision = .no, vendored: Decision = .no, documentation: Decision = .no) {
        self.generated = generated
        self.vendored = vendored
        self.documentation = documentation
    }

    /// The decision `origin` (a specified attribute) makes, else `fallback`'s.
    public static func decision(_ origin: AttributeOrigin?, else fallback: LinguistRuleMatch?) -> Decision {
        if let origin, let value = LinguistOverrides.boolean(origin.state) {
            return Decision(isKind: value, reason: .attribute(origin))
        }
        if let fallback { return Decision(isKind: true, reason: .linguistDefault(fallback)) }
        return .no
    }
}
