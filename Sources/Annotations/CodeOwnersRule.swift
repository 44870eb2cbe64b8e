/// One rule of a CODEOWNERS file: a pattern and the owners of what it matches.
public struct CodeOwnersRule: Hashable, Sendable {
    /// The line's number, counting from 1 (GitHub shows "from CODEOWNERS line N").
    public let line: Int
    /// The pattern as written (invalid UTF-8 replaced).
    public let pattern: String
    /// The owners as written, in order; empty when the rule un-owns what it matches.
    public let owners: [String]
    let compiled: PathPattern
}
