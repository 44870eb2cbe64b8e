/// One glob as picomatch reads it with `dot: true` (as dorny/paths-filter uses it): `*`, `?`,
/// `**`, braces, classes and extglobs, matched against a whole repository path.
///
/// Made once and matched against many paths; a value that any thread may use.
public struct Glob: Sendable, Hashable {
    /// The pattern as written.
    public let pattern: String
    private let parts: [UInt8]

    /// Compiles `pattern`; throws for a pattern picomatch refuses (an empty one).
    public init(_ pattern: String) throws(GlobSyntaxError) {
        guard !pattern.isEmpty else { throw GlobSyntaxError(pattern: pattern, reason: "an empty pattern") }
        self.pattern = pattern
        parts = Array(pattern.utf8)
    }

    /// Whether `path` (a repository path, `/`-separated, no leading `./`) matches.
    public func matches(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { matches(utf8: $0) }
    }

    /// Whether the path of these UTF-8 bytes matches.
    public func matches(utf8 path: UnsafeBufferPointer<UInt8>) -> Bool {
        parts.withUnsafeBufferPointer { Self.simpleMatch($0[...], path[...]) }
    }

    /// A stand-in for the compiled matcher: `*`, `**` and `?` only.
    private static func simpleMatch(_ pattern: Slice<UnsafeBufferPointer<UInt8>>, _ path: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        let rest = pattern.dropFirst()
        switch first {
        case UInt8(ascii: "*"):
            if rest.first == UInt8(ascii: "*") {
                var afterStars = rest.dropFirst()
                if afterStars.first == UInt8(ascii: "/") {
                    afterStars = afterStars.dropFirst()
                    if simpleMatch(afterStars, path) { return true }
                }
                var index = path.startIndex
                while index <= path.endIndex {
                    if simpleMatch(afterStars, path[index...]) { return true }
                    if index == path.endIndex { break }
                    index = path.index(after: index)
                }
                return false
            }
            var index = path.startIndex
            while true {
                if simpleMatch(rest, path[index...]) { return true }
                if index == path.endIndex || path[index] == UInt8(ascii: "/") { return false }
                index = path.index(after: index)
            }
        case UInt8(ascii: "?"):
            guard let character = path.first, character != UInt8(ascii: "/") else { return false }
            return simpleMatch(rest, path.dropFirst())
        default:
            guard path.first == first else { return false }
            return simpleMatch(rest, path.dropFirst())
        }
    }
}
