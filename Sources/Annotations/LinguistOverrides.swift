/// What a path's `linguist-generated` and `linguist-vendored` attributes say, as linguist
/// reads them: nil when unspecified (the defaults decide), false when unset (`-attr`) or
/// set to `false`, true for any other state (`attr`, `attr=true`, `attr=1`, ...).
public struct LinguistOverrides: Hashable, Sendable {
    /// Whether the attributes mark the path generated; nil leaves it to the defaults.
    public var generated: Bool?
    /// Whether the attributes mark the path vendored; nil leaves it to the defaults.
    public var vendored: Bool?

    /// Overrides as given; nil for an attribute that is not specified.
    public init(generated: Bool? = nil, vendored: Bool? = nil) {
        self.generated = generated
        self.vendored = vendored
    }

    /// The overrides the two attributes' states make.
    public init(generated: AttributeState, vendored: AttributeState) {
        self.init(generated: Self.boolean(generated), vendored: Self.boolean(vendored))
    }

    /// linguist's reading of an attribute as a boolean.
    public static func boolean(_ state: AttributeState) -> Bool? {
        switch state {
        case .unspecified: return nil
        case .unset, .value("false"): return false
        case .set, .value: return true
        }
    }
}

/// How the `diff` attribute asks for a path's changes to be shown.
public enum DiffTreatment: Hashable, Sendable {
    /// `-diff` (or the `binary` macro): as a binary file, without line counts.
    case binary
    /// `diff`: as text, even if it looks binary.
    case text
    /// `diff=name`: with the named diff driver.
    case driver(String)

    /// The treatment `state` asks for; nil when the attribute is unspecified.
    public init?(_ state: AttributeState) {
        switch state {
        case .unspecified: return nil
        case .unset: self = .binary
        case .set: self = .text
        case .value(let name): self = .driver(name)
        }
    }
}
