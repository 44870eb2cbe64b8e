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

/// Why a pattern text cannot become a ``PathPattern``.
enum PatternError: Error, Hashable, Sendable {
    /// Nothing is left once the slashes are taken off (`/`): it would match no path.
    case matchesNothing
    /// The pattern ends in a `\` that escapes nothing.
    case trailingBackslash
    /// More segments than ``PathPattern/segmentLimit``.
    case tooManySegments
}

/// How a pattern without a trailing slash applies to what is below a matching directory.
enum PatternFlavor: Sendable {
    /// As CODEOWNERS does: a matching directory owns everything below it, except that a
    /// last segment of a lone `*` matches files only (`docs/*`).
    case codeOwners
    /// As linguist's path rules: a pattern without a trailing slash names files only.
    case linguistFile
}

extension PathPattern {
    /// Compiles gitignore-style pattern text: `\` escapes the next byte, a leading `/`
    /// anchors, a trailing `/` names directories, a pattern with no other `/` matches at
    /// any depth, `**` as a whole segment is any number of segments (a trailing `/**`
    /// everything inside, a trailing `/**/` every directory inside), `*` any run within a
    /// segment, `?` one character.
    init(compiling text: [UInt8], flavor: PatternFlavor, ignoringCase: Bool = false) throws(PatternError) {
        var characters = try Self.unescape(text)
        let slash = PatternCharacter(byte: UInt8(ascii: "/"), escaped: false)
        let rooted = characters.first == slash
        if rooted { characters.removeFirst() }
        var directoryOnly = false
        while characters.last == slash {
            characters.removeLast()
            directoryOnly = true
        }
        let pieces = characters.split(separator: slash, omittingEmptySubsequences: true)
        guard !pieces.isEmpty else { throw .matchesNothing }
        var segments: [SegmentMatcher] = rooted || pieces.count > 1 ? [] : [.anyPath]
        for piece in pieces {
            let segment = Self.segment(piece)
            if segment == .anyPath, segments.last == .anyPath { continue }
            segments.append(segment)
        }
        if segments.count > 1, segments.last == .anyPath {
            if directoryOnly {
                segments.append(.anySegment)
            } else {
                segments.removeLast()
                directoryOnly = true
            }
        }
        guard segments.count <= Self.segmentLimit else { throw .tooManySegments }
        let matchesDescendants: Bool
        switch flavor {
        case .codeOwners: matchesDescendants = directoryOnly || segments.last != .anySegment
        case .linguistFile: matchesDescendants = directoryOnly
        }
        self.init(segments: segments, matchesItself: !directoryOnly,
                  matchesDescendants: matchesDescendants, ignoringCase: ignoringCase)
    }

    private static func unescape(_ text: [UInt8]) throws(PatternError) -> [PatternCharacter] {
        var characters: [PatternCharacter] = []
        var index = 0
        while index < text.count {
            if text[index] == UInt8(ascii: "\\") {
                guard index + 1 < text.count else { throw .trailingBackslash }
                characters.append(PatternCharacter(byte: text[index + 1], escaped: true))
                index += 2
            } else {
                characters.append(PatternCharacter(byte: text[index], escaped: false))
                index += 1
            }
        }
        return characters
    }

    private static func segment(_ piece: ArraySlice<PatternCharacter>) -> SegmentMatcher {
        let star = PatternCharacter(byte: UInt8(ascii: "*"), escaped: false)
        if piece.count == 2, piece.allSatisfy({ $0 == star }) { return .anyPath }
        var tokens: [GlobToken] = []
        for character in piece {
            switch (character.escaped, character.byte) {
            case (false, UInt8(ascii: "*")):
                if tokens.last != .anyRun { tokens.append(.anyRun) }
            case (false, UInt8(ascii: "?")):
                tokens.append(.anyCharacter)
            default:
                tokens.append(.byte(character.byte))
            }
        }
        if tokens == [.anyRun] { return .anySegment }
        var literal: [UInt8] = []
        for token in tokens {
            guard case .byte(let byte) = token else { return .glob(tokens) }
            literal.append(byte)
        }
        return .literal(literal)
    }
}

/// One byte of pattern text, and whether a backslash made it literal.
struct PatternCharacter: Hashable {
    let byte: UInt8
    let escaped: Bool
}

/// One element of a segment pattern that has wildcards.
enum GlobToken: Hashable, Sendable {
    /// This byte, exactly (or ignoring ASCII case, when the pattern says so).
    case byte(UInt8)
    /// `*`: any run of bytes within one segment, the empty run included.
    case anyRun
    /// `?`: any one character (one UTF-8 sequence, or one stray byte).
    case anyCharacter
}
