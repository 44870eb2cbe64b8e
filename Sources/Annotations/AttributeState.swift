/// One gitattribute's state for a path, as git reports it.
public enum AttributeState: Hashable, Sendable {
    /// No line sets it (`git check-attr` prints `unspecified`).
    case unspecified
    /// `attr` (`set`).
    case set
    /// `-attr` (`unset`).
    case unset
    /// `attr=value`.
    case value(String)

    /// Reads what `git check-attr` prints after `attr: `. A value spelled `set`, `unset`
    /// or `unspecified` cannot be told from those states there, as in git itself.
    public init(checkAttrOutput text: String) {
        switch text {
        case "set": self = .set
        case "unset": self = .unset
        case "unspecified": self = .unspecified
        default: self = .value(text)
        }
    }
}
