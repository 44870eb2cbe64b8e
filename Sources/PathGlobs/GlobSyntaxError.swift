/// A pattern that is not a glob: what was wrong with it, in words.
public struct GlobSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    /// What is wrong, as a phrase ("an empty pattern").
    public let reason: String

    /// The pattern and its fault.
    public init(pattern: String, reason: String) {
        self.pattern = pattern
        self.reason = reason
    }

    public var description: String { "'\(pattern)' is not a glob: \(reason)" }
}
