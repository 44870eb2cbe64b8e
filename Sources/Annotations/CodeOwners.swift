import TreeModel

/// A parsed CODEOWNERS file, answering who owns a path the way GitHub does: the last
/// matching rule wins (see `Docs/Annotations.md#codeowners`).
///
/// Rules whose pattern starts with a literal directory are indexed by it, so a lookup
/// tries only the rules that can match, newest first, and stops at the first match.
public struct CodeOwners: Sendable {
    /// The rules, in file order; lines with errors are not among them.
    public let rules: [CodeOwnersRule]
    /// The lines that were skipped, and why, in file order.
    public let errors: [CodeOwnersError]
    private let unindexed: [Int]
    private let byFirstSegment: [[UInt8]: [Int]]

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
        var unindexed: [Int] = []
        var byFirstSegment: [[UInt8]: [Int]] = [:]
        for (index, rule) in rules.enumerated() {
            if let first = rule.compiled.requiredFirstSegment {
                byFirstSegment[first, default: []].append(index)
            } else {
                unindexed.append(index)
            }
        }
        self.rules = rules
        self.errors = errors
        self.unindexed = unindexed
        self.byFirstSegment = byFirstSegment
    }

    /// Parses a CODEOWNERS file's text.
    public init(parsing text: String) {
        self.init(parsing: Array(text.utf8))
    }

    /// The rule that decides `path`'s owners: the last one matching it, if any.
    public func rule(for path: RawPath) -> CodeOwnersRule? {
        let segments = PathSegments(path.bytes)
        let indexed = byFirstSegment[Array(segments.first)] ?? []
        var nextIndexed = indexed.count - 1, nextUnindexed = unindexed.count - 1
        while nextIndexed >= 0 || nextUnindexed >= 0 {
            let candidate: Int
            if nextUnindexed < 0 || (nextIndexed >= 0 && indexed[nextIndexed] > unindexed[nextUnindexed]) {
                candidate = indexed[nextIndexed]
                nextIndexed -= 1
            } else {
                candidate = unindexed[nextUnindexed]
                nextUnindexed -= 1
            }
            if rules[candidate].compiled.matches(segments) { return rules[candidate] }
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
