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
        var states = initialStates
        for (index, range) in path.ranges.enumerated() {
            states = advance(states, over: path.bytes, range)
            if states == 0 { return false }
            if states & acceptingState != 0 {
                let isWholePath = index == path.count - 1
                if isWholePath ? matchesItself : matchesDescendants { return true }
            }
        }
        return false
    }

    /// The automaton's states before the first segment.
    var initialStates: UInt64 { closure(1) }

    /// The bit of the state reached once every segment has matched.
    var acceptingState: UInt64 { 1 << UInt64(segments.count) }

    /// The states after the segment `bytes[range]`, from `states`.
    func advance(_ states: UInt64, over bytes: [UInt8], _ range: Range<Int>) -> UInt64 {
        var next: UInt64 = 0
        var pending = states & ~acceptingState
        while pending != 0 {
            let position = pending.trailingZeroBitCount
            pending &= pending - 1
            if anyPathMask & 1 << UInt64(position) != 0 {
                next |= 1 << UInt64(position)
            } else if segments[position].matches(bytes, range, ignoringCase: ignoringCase) {
                next |= 1 << UInt64(position + 1)
            }
        }
        return closure(next)
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
