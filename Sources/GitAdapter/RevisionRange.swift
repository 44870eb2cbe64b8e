/// A revision argument split into git's range forms.
enum RevisionRange: Equatable {
    /// One revision.
    case single(String)
    /// `A..B`: the tree of A against the tree of B.
    case twoDot(String, String)
    /// `A...B`: the merge base of A and B against B.
    case threeDot(String, String)

    /// Splits `text`; an empty side means HEAD, as in git. Throws on `..`, `...`, `a....b`.
    static func parse(_ text: String) throws -> RevisionRange {
        let separator: String
        if text.contains("...") {
            separator = "..."
        } else if text.contains("..") {
            separator = ".."
        } else {
            return .single(text)
        }
        guard let range = text.range(of: separator) else { return .single(text) }
        let left = String(text[..<range.lowerBound])
        let right = String(text[range.upperBound...])
        let malformed = (left.isEmpty && right.isEmpty)
            || right.hasPrefix(".") || left.hasSuffix(".") || right.contains("..")
        if malformed { throw AdapterError.malformedRange(text) }
        let a = left.isEmpty ? "HEAD" : left
        let b = right.isEmpty ? "HEAD" : right
        return separator == "..." ? .threeDot(a, b) : .twoDot(a, b)
    }
}
