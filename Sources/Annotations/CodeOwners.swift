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
