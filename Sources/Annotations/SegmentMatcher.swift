/// One piece of a compiled pattern, matched against one path segment.
enum SegmentMatcher: Hashable, Sendable {
    /// `**` as a whole segment: zero or more whole segments.
    case anyPath
    /// `*` alone: any one segment.
    case anySegment
    /// A segment without wildcards.
    case literal([UInt8])
    /// A segment with `*` or `?` in it.
    case glob([GlobToken])

    /// Whether this matcher accepts the segment `bytes[range]`. `anyPath` is handled by
    /// the caller and never asked.
    func matches(_ bytes: [UInt8], _ range: Range<Int>, ignoringCase: Bool) -> Bool {
        switch self {
        case .anyPath, .anySegment:
            return true
        case .literal(let literal):
            guard literal.count == range.count else { return false }
            var index = range.lowerBound
            for byte in literal {
                guard Self.same(byte, bytes[index], ignoringCase) else { return false }
                index += 1
            }
            return true
        case .glob(let tokens):
            return Self.glob(tokens, bytes, range, ignoringCase)
        }
    }

    @inline(__always)
    static func same(_ a: UInt8, _ b: UInt8, _ ignoringCase: Bool) -> Bool {
        a == b || (ignoringCase && folded(a) == folded(b))
    }

    @inline(__always)
    static func folded(_ byte: UInt8) -> UInt8 {
        (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
    }

    /// The length of the character starting at `index`: a UTF-8 lead byte and its
    /// continuation bytes, or one byte for anything else.
    @inline(__always)
    static func characterLength(_ bytes: [UInt8], at index: Int, end: Int) -> Int {
        guard bytes[index] >= 0xC0 else { return 1 }
        var next = index + 1
        while next < end, next - index < 4, bytes[next] & 0xC0 == 0x80 { next += 1 }
        return next - index
    }

    /// Wildcard matching with one remembered `*` to fall back to: time proportional to
    /// pattern length × segment length at worst, never exponential.
    private static func glob(_ tokens: [GlobToken], _ bytes: [UInt8], _ range: Range<Int>, _ ignoringCase: Bool) -> Bool {
        let end = range.upperBound
        var token = 0, position = range.lowerBound
        var starToken = -1, starPosition = 0
        while position < end {
            if token < tokens.count {
                switch tokens[token] {
                case .byte(let byte) where same(byte, bytes[position], ignoringCase):
                    token += 1
                    position += 1
                    continue
                case .anyCharacter:
                    token += 1
                    position += characterLength(bytes, at: position, end: end)
                    continue
                case .anyRun:
                    starToken = token
                    starPosition = position
                    token += 1
                    continue
                case .byte:
                    break
                }
            }
            guard starToken >= 0 else { return false }
            starPosition += characterLength(bytes, at: starPosition, end: end)
            position = starPosition
            token = starToken + 1
        }
        while token < tokens.count, tokens[token] == .anyRun { token += 1 }
        return token == tokens.count
    }
}

/// A repository path split once into its `/`-separated segments, for matching many
/// patterns against it without copying.
struct PathSegments {
    /// The whole path's bytes.
    let bytes: [UInt8]
    /// Where each segment starts and ends in `bytes`; empty pieces (`a//b`) are left out.
    let ranges: [Range<Int>]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var ranges: [Range<Int>] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "/") {
            if index > start { ranges.append(start..<index) }
            start = index + 1
        }
        if bytes.count > start { ranges.append(start..<bytes.count) }
        self.ranges = ranges
    }

    /// The number of segments.
    var count: Int { ranges.count }

    /// The bytes of the first segment, or nothing for an empty path.
    var first: ArraySlice<UInt8> {
        guard let range = ranges.first else { return [] }
        return bytes[range]
    }
}

/// Bytes compared and hashed without regard to ASCII case, looked up without copying them
/// out of the path they belong to.
struct FoldedKey: Hashable, Sendable {
    let bytes: ArraySlice<UInt8>

    static func == (lhs: FoldedKey, rhs: FoldedKey) -> Bool {
        guard lhs.bytes.count == rhs.bytes.count else { return false }
        var other = rhs.bytes.startIndex
        for byte in lhs.bytes {
            guard SegmentMatcher.folded(byte) == SegmentMatcher.folded(rhs.bytes[other]) else { return false }
            other += 1
        }
        return true
    }

    func hash(into hasher: inout Hasher) {
        var word: UInt64 = 0
        for (offset, byte) in bytes.enumerated() {
            word = word << 8 | UInt64(SegmentMatcher.folded(byte))
            if offset % 8 == 7 {
                hasher.combine(word)
                word = 0
            }
        }
        hasher.combine(word)
        hasher.combine(bytes.count)
    }
}
