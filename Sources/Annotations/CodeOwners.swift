import TreeModel

/// A parsed CODEOWNERS file, answering who owns a path the way GitHub does: the last
/// matching rule wins (see `Docs/Annotations.md#codeowners`).
///
/// A ``PatternIndex`` narrows the rules to those that can match, so a lookup tries a few
/// rules, newest first, and stops at the first match.
public struct CodeOwners: Sendable {
    /// The rules, in file order; lines with errors are not among them.
    public let rules: [CodeOwnersRule]
    /// The lines that were skipped, and why, in file order.
    public let errors: [CodeOwnersError]
    private let index: PatternIndex

    /// Parses a CODEOWNERS file's bytes. Never fails: bad lines become ``errors``.
    public init(parsing bytes: [UInt8]) {
        var rules: [CodeOwnersRule] = []
        var errors: [CodeOwnersError] = []
        for (index, line) in Self.lines(of: bytes).enumerated() {
            switch CodeOwnersLine.parse(line, number: index + 1) {
            case .nothing: break
            case .rule(let rule): rules.append(rule)
            case .error(let error): errors.append(error)
            }
        }
        self.rules = rules
        self.errors = errors
        index = PatternIndex(rules.map(\.compiled))
    }

    /// Parses a CODEOWNERS file's text.
    public init(parsing text: String) {
        self.init(parsing: Array(text.utf8))
    }

    /// The rule that decides `path`'s owners: the last one matching it, if any.
    public func rule(for path: RawPath) -> CodeOwnersRule? {
        let segments = PathSegments(path.bytes)
        for candidate in index.candidates(for: segments) where rules[candidate].compiled.matches(segments) {
            return rules[candidate]
        }
        return nil
    }

    /// The owners of `path`: those of the last matching rule; empty when no rule matches
    /// or the last matching rule has no owners.
    public func owners(of path: RawPath) -> [String] {
        rule(for: path)?.owners ?? []
    }

    /// The owners of the path with these bytes.
    public func owners(of path: [UInt8]) -> [String] {
        owners(of: RawPath(bytes: path))
    }

    /// The file's lines: split at LF, a CR before it dropped, a UTF-8 byte order mark
    /// at the start dropped.
    private static func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        var lines = body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0 }
    }
}

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

/// Where GitHub looks for a repository's CODEOWNERS file, and how it loads it.
public enum CodeOwnersLocation {
    /// The places searched, in order; the first that exists is used, the others ignored.
    public static let searchOrder = [".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"]

    /// GitHub does not load a CODEOWNERS file of this many bytes (3 MiB) or more.
    public static let sizeLimit = 3 * 1024 * 1024

    /// Finds and parses the CODEOWNERS file. `read` returns a path's bytes, or nil when
    /// no file is there (for example, as of the pull request's base commit).
    public static func load(read: (String) throws -> [UInt8]?) rethrows -> CodeOwnersLookup {
        for path in searchOrder {
            guard let bytes = try read(path) else { continue }
            guard bytes.count < sizeLimit else { return .tooLarge(path: path, size: bytes.count) }
            return .loaded(path: path, CodeOwners(parsing: bytes))
        }
        return .notFound
    }
}

/// The outcome of looking for a CODEOWNERS file.
public enum CodeOwnersLookup: Sendable {
    /// None of the places in ``CodeOwnersLocation/searchOrder`` has one.
    case notFound
    /// The first file found is too large; GitHub ignores it (and does not look further).
    case tooLarge(path: String, size: Int)
    /// The first file found, parsed.
    case loaded(path: String, CodeOwners)

    /// The parsed file, if one was loaded.
    public var codeOwners: CodeOwners? {
        if case .loaded(_, let codeOwners) = self { return codeOwners }
        return nil
    }
}
