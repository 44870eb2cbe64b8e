/// `--affects-all` patterns: a changed file matching one makes every package affected.
///
/// A pattern is matched against the whole path from the top of the repository, piece by
/// piece: `*` and `?` stay within a piece and do not match a leading `.`, a piece `**`
/// matches any number of pieces; anything else is literal (`pnpm-lock.yaml`,
/// `.github/workflows/*`, `**/Cargo.lock`).
public struct AffectsAllRules: Sendable {
    /// The patterns as given.
    public let patterns: [String]
    private let globs: [DirectoryGlob]

    public init(_ patterns: [String]) {
        self.patterns = patterns
        globs = patterns.map(DirectoryGlob.init)
    }

    /// The first pattern `path` matches.
    public func pattern(matching path: some Collection<UInt8>) -> String? {
        globs.firstIndex { $0.matches(path) }.map { patterns[$0] }
    }

    /// Whether there are none.
    public var isEmpty: Bool { patterns.isEmpty }
}
