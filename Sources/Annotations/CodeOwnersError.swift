/// A CODEOWNERS line GitHub would reject: it is skipped, and the rest of the file still
/// applies, as GitHub does. A warning to show, never a failure.
public struct CodeOwnersError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the line.
    public enum Reason: Hashable, Sendable {
        /// `!pattern`: GitHub does not support negation.
        case negationNotSupported
        /// `[...]`: GitHub does not support character ranges.
        case characterRangeNotSupported
        /// `\#pattern`: GitHub does not support escaping a leading `#`.
        case escapedCommentNotSupported
        /// The pattern ends in a `\` that escapes nothing.
        case trailingBackslash
        /// The pattern is only slashes (`/`) and would match nothing.
        case matchesNothing
        /// The pattern has more segments than treereview handles (62).
        case tooManySegments
        /// An owner that is neither `@user`, `@org/team` nor an email address.
        case invalidOwner(String)
    }

    /// The line's number, counting from 1.
    public let line: Int
    /// What is wrong.
    public let reason: Reason
    /// The line as written (invalid UTF-8 replaced).
    public let source: String

    /// An error for line `line` (counting from 1), whose text is `source`.
    public init(line: Int, reason: Reason, source: String) {
        self.line = line
        self.reason = reason
        self.source = source
    }

    /// `line 3: negation with "!" is not supported; the line is skipped`.
    public var description: String {
        "line \(line): \(explanation); the line is skipped"
    }

    private var explanation: String {
        switch reason {
        case .negationNotSupported: return "negation with \"!\" is not supported"
        case .characterRangeNotSupported: return "character ranges with \"[ ]\" are not supported"
        case .escapedCommentNotSupported: return "escaping a leading \"#\" with \"\\\" is not supported"
        case .trailingBackslash: return "the pattern ends with a lone \"\\\""
        case .matchesNothing: return "the pattern matches nothing"
        case .tooManySegments: return "the pattern has more than \(PathPattern.segmentLimit) segments"
        case .invalidOwner(let owner): return "invalid owner \"\(owner)\" (expected @user, @org/team or an email address)"
        }
    }
}
