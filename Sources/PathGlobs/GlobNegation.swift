/// A pattern's leading `!`s, as picomatch reads them: an odd count negates the rest; a `!`
/// that opens `!(…)` is an extglob, not a negation.
public struct GlobNegation: Sendable, Equatable {
    /// Whether the pattern is negated.
    public let isNegated: Bool
    /// The pattern without its negating `!`s.
    public let body: String

    /// Splits `pattern` into its negation and the rest.
    public init(_ pattern: String) {
        var body = Substring(pattern)
        var count = 0
        while body.first == "!", body.dropFirst().first != "(" {
            body = body.dropFirst()
            count += 1
        }
        isNegated = count % 2 == 1
        self.body = String(body)
    }
}
