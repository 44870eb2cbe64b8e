/// One glob as picomatch reads it with `dot: true` (as dorny/paths-filter uses it): `*`, `?`,
/// `**`, braces, classes and extglobs, matched against a whole repository path.
///
/// Made once and matched against many paths; a value that any thread may use. Two globs are
/// equal when their patterns are.
public struct Glob: Sendable, Hashable {
    /// The pattern as written.
    public let pattern: String
    let matcher: GlobMatcher

    /// Compiles `pattern`; throws for a pattern picomatch refuses (an empty one, or one
    /// longer than 65,536 UTF-16 units).
    public init(_ pattern: String) throws(GlobSyntaxError) {
        guard !pattern.isEmpty else { throw GlobSyntaxError(pattern: pattern, reason: "an empty pattern") }
        let units = Array(pattern.utf16)
        guard units.count <= 65_536 else {
            throw GlobSyntaxError(pattern: pattern, reason: "longer than 65536 characters")
        }
        self.pattern = pattern
        matcher = GlobMatcher(units)
    }

    public static func == (left: Glob, right: Glob) -> Bool { left.pattern == right.pattern }
    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }

    /// Whether `path` (a repository path, `/`-separated, no leading `./`) matches.
    public func matches(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { matches(utf8: $0) }
    }

    /// Whether the path of these UTF-8 bytes matches.
    public func matches(utf8 path: UnsafeBufferPointer<UInt8>) -> Bool { matcher.matches(path) }

    /// ``matches(utf8:)`` for a path already known to be ``isPlainPath(utf8:)`` (`plain`
    /// true), as ``GlobSet`` tries one path against many globs (for the differential test).
    func matches(utf8 path: UnsafeBufferPointer<UInt8>, plain: Bool) -> Bool { matcher.matches(path, plain: plain) }

    /// Whether the path has no `.` or `..` segment and no line terminator (LF, CR, U+2028,
    /// U+2029): the paths of almost every repository, for which `**` matches any run of
    /// segments without looking at them.
    public static func isPlainPath(utf8 path: UnsafeBufferPointer<UInt8>) -> Bool { GlobFastPath.isPlain(path) }

    /// The answer of the compiled program alone (no fast path): for tests.
    func matchesByProgram(_ path: UnsafeBufferPointer<UInt8>) -> Bool { matcher.matchesByProgram(path) }
}

extension Glob {
    /// Whether matching takes one of the byte-level fast paths (for the benchmark and tests).
    var usesFastPath: Bool { matcher.fastPath != nil }
}
