/// Narrows a list of patterns to those that can match a path, so a path is tried against a
/// handful of patterns, not all of them.
///
/// A pattern with a literal segment can only match a path that has that segment; one with
/// a segment like `*.js` only a path with a segment ending in `js`, one like `.pnp.*` only a
/// path with a segment starting with `.p`. Keys ignore ASCII case, so patterns that ignore
/// case are found too; every candidate is still matched in full.
struct PatternIndex: Sendable {
    /// How many literal bytes at a wildcard segment's end or start make a key.
    static let affixLength = 2

    private var bySegment: [FoldedKey: [Int]] = [:]
    private var byEnding: [FoldedKey: [Int]] = [:]
    private var byStart: [FoldedKey: [Int]] = [:]
    private var unindexed: [Int] = []

    init(_ patterns: [PathPattern]) {
        for (index, pattern) in patterns.enumerated() {
            if let literal = Self.lastLiteral(pattern) {
                bySegment[FoldedKey(bytes: literal[...]), default: []].append(index)
            } else if let ending = Self.affix(pattern, atEnd: true) {
                byEnding[FoldedKey(bytes: ending[...]), default: []].append(index)
            } else if let start = Self.affix(pattern, atEnd: false) {
                byStart[FoldedKey(bytes: start[...]), default: []].append(index)
            } else {
                unindexed.append(index)
            }
        }
    }

    /// The indices of the patterns that may match `path`, highest first, each once.
    func candidates(for path: PathSegments) -> [Int] {
        var found = unindexed
        for range in path.ranges {
            let segment = path.bytes[range]
            if let hits = bySegment[FoldedKey(bytes: segment)] { found += hits }
            guard segment.count >= Self.affixLength else { continue }
            if let hits = byEnding[FoldedKey(bytes: segment.suffix(Self.affixLength))] { found += hits }
            if let hits = byStart[FoldedKey(bytes: segment.prefix(Self.affixLength))] { found += hits }
        }
        guard found.count > 1 else { return found }
        found.sort(by: >)
        var unique: [Int] = []
        unique.reserveCapacity(found.count)
        for index in found where unique.last != index { unique.append(index) }
        return unique
    }

    private static func lastLiteral(_ pattern: PathPattern) -> [UInt8]? {
        for segment in pattern.segments.reversed() {
            if case .literal(let bytes) = segment { return bytes }
        }
        return nil
    }

    /// The literal bytes a wildcard segment of the pattern ends (or starts) with, when
    /// there are at least ``affixLength`` of them: a matching segment ends (starts) so too.
    private static func affix(_ pattern: PathPattern, atEnd: Bool) -> [UInt8]? {
        for segment in pattern.segments.reversed() {
            guard case .glob(let tokens) = segment else { continue }
            let edge = atEnd ? Array(tokens.suffix(affixLength)) : Array(tokens.prefix(affixLength))
            let bytes = edge.compactMap { token -> UInt8? in
                if case .byte(let byte) = token { return byte }
                return nil
            }
            if bytes.count == affixLength { return bytes }
        }
        return nil
    }
}
