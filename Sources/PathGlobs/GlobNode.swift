/// The compiled form of a glob: a small regular-expression tree over UTF-16 code units, the
/// units JavaScript compares (picomatch's answer is a JavaScript `RegExp`'s).
indirect enum GlobNode: Sendable, Hashable {
    /// One code unit.
    case unit(UInt16)
    /// One code unit in (or, negated, not in) a set.
    case set(GlobUnitSet)
    /// JavaScript's `.`: any unit but a line terminator.
    case any
    /// Each in turn.
    case sequence([GlobNode])
    /// Any one of them.
    case choice([GlobNode])
    /// The node `minimum` to `maximum` times (`nil`: no upper bound).
    case repeated(GlobNode, minimum: Int, maximum: Int?)
    /// A lookahead: whether the node matches here, consuming nothing.
    case lookahead(GlobNode, negated: Bool)
    /// A zero-width test.
    case assertion(GlobAssertion)

    static let empty = GlobNode.sequence([])
    static let slash = GlobNode.unit(0x2F)
    static let notSlash = GlobNode.set(GlobUnitSet(ranges: [0x2F...0x2F], negated: true))
    /// `*` inside a segment: any units but `/`.
    static let star = GlobNode.repeated(notSlash, minimum: 0, maximum: nil)
    /// `**` as a whole segment: any units but line terminators, never entering a `.` or `..` segment.
    static let globstar = GlobNode.repeated(.sequence([.assertion(.notDotSegmentAtSlash), .any]), minimum: 0, maximum: nil)
}

/// The zero-width tests a glob needs.
enum GlobAssertion: Sendable, Hashable {
    case start, end, wordBoundary, notWordBoundary
    /// Not at `.` or `..` followed by `/` or the end.
    case notDotSegment
    /// Not at the end, `/`, or `.` followed by `/` or the end.
    case notDotOrEmptySegment
    /// Not where a `.` or `..` segment begins (at the start, or at a `/` before it).
    case notDotSegmentAtSlash
    /// A unit follows that is not a line terminator.
    case oneCharacter
}

/// A set of code units, as a character class reads them.
struct GlobUnitSet: Sendable, Hashable {
    var ranges: [ClosedRange<UInt16>]
    var negated: Bool

    func contains(_ unit: UInt16) -> Bool {
        var inside = false
        for range in ranges where range.contains(unit) {
            inside = true
            break
        }
        return inside != negated
    }
}

extension UInt16 {
    /// JavaScript's line terminators, which `.` does not match.
    var isLineTerminator: Bool { self == 0x0A || self == 0x0D || self == 0x2028 || self == 0x2029 }
    var isWordUnit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) || self == 0x5F
    }
}
