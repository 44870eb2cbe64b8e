/// A compiled gitignore-style path pattern (see `Docs/Annotations.md#pattern-matching`).
///
/// A pattern is a list of segment matchers run as a small automaton over the path's
/// segments, one bit per pattern position, so matching takes time proportional to
/// path segments × pattern segments: no regular expressions, no backtracking blow-up.
struct PathPattern: Hashable, Sendable {
    /// The most segments a pattern may have (one bit each, plus the accepting bit).
    static let segmentLimit = 62

    /// The segments, `**` pieces included; an unanchored pattern starts with `anyPath`.
    let segments: [SegmentMatcher]
    /// Whether a path equal to the pattern matches (false for `dir/`).
    let matchesItself: Bool
    /// Whether everything below a directory the pattern matches matches too.
    let matchesDescendants: Bool
    /// Whether letters compare without regard to ASCII case.
    let ignoringCase: Bool
    /// The bits of the `anyPath` positions.
    private let anyPathMask: UInt64

    init(segments: [SegmentMatcher], matchesItself: Bool, matchesDescendants: Bool, ignoringCase: Bool) {
        self.segments = segments
        self.matchesItself = matchesItself
        self.matchesDescendants = matchesDescendants
        self.ignoringCase = ignoringCase
        var mask: UInt64 = 0
        for (index, segment) in segments.enumerated() where segment == .anyPath { mask |= 1 << UInt64(index) }
        anyPathMask = mask
    }

    /// Whether `path` matches.
    func matches(_ path: PathSegments) -> Bool {
        let accepting: UInt64 = 1 << UInt64(segments.count)
        var states = closure(1)
        for (index, range) in path.ranges.enumerated() {
            var next: UInt64 = 0
            var pending = states & ~accepting
            while pending != 0 {
                let position = pending.trailingZeroBitCount
                pending &= pending - 1
                let segment = segments[position]
                if segment == .anyPath {
                    next |= 1 << UInt64(position)
                } else if segment.matches(path.bytes, range, ignoringCase: ignoringCase) {
                    next |= 1 << UInt64(position + 1)
                }
            }
            states = closure(next)
            if states == 0 { return false }
            if states & accepting != 0 {
                let isWholePath = index == path.count - 1
                if isWholePath ? matchesItself : matchesDescendants { return true }
            }
        }
        return false
    }

    /// `states` plus every position reachable by letting a `**` match no segment.
    @inline(__always)
    private func closure(_ states: UInt64) -> UInt64 {
        var result = states
        var pending = states & anyPathMask
        while pending != 0 {
            let position = pending.trailingZeroBitCount
            pending &= pending - 1
            let next: UInt64 = 1 << UInt64(position + 1)
            if result & next == 0 {
                result |= next
                pending |= next & anyPathMask
            }
        }
        return result
    }
}
