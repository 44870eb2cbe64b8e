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

/// Single-segment rules, found by the segment they are to match: by the whole segment for a
/// literal rule, else by two literal bytes at the end (or the start) of a wildcard rule; each
/// rule found is still matched in full. Keys ignore ASCII case, so rules that ignore case
/// are found too, and are hashed into a few buckets without copying the segment: a bucket
/// may hold rules of other keys, which the full match turns down.
struct SegmentTable: Sendable {
    /// One rule: its segment matcher, and the kinds it gives.
    struct Entry: Sendable {
        let matcher: SegmentMatcher
        let ignoringCase: Bool
        /// Whether the rule is anchored: it applies to a path's first piece only.
        let onlyFirst: Bool
        let kinds: LinguistKinds
    }

    private let byName: SegmentBuckets
    private let byEnding: SegmentBuckets
    private let byStart: SegmentBuckets
    private let unindexed: [Entry]

    /// Whether no rule is in the table.
    let isEmpty: Bool

    init(_ entries: [Entry]) {
        var names: [(Int, Entry)] = [], endings: [(Int, Entry)] = [], starts: [(Int, Entry)] = []
        var unindexed: [Entry] = []
        for entry in entries {
            switch entry.matcher {
            case .literal(let bytes):
                names.append((Self.hash(bytes, 0..<bytes.count), entry))
            case .glob(let tokens):
                if let ending = Self.literalBytes(tokens.suffix(PatternIndex.affixLength)) {
                    endings.append((Self.hash(ending, 0..<ending.count), entry))
                } else if let start = Self.literalBytes(tokens.prefix(PatternIndex.affixLength)) {
                    starts.append((Self.hash(start, 0..<start.count), entry))
                } else {
                    unindexed.append(entry)
                }
            case .anySegment, .anyPath:
                unindexed.append(entry)
            }
        }
        byName = SegmentBuckets(names)
        byEnding = SegmentBuckets(endings)
        byStart = SegmentBuckets(starts)
        self.unindexed = unindexed
        isEmpty = entries.isEmpty
    }

    /// The kinds of the rules that match the segment `bytes[range]`, the path's first piece
    /// when `isFirst`.
    func kinds(of bytes: [UInt8], _ range: Range<Int>, isFirst: Bool) -> LinguistKinds {
        guard !isEmpty else { return [] }
        var kinds: LinguistKinds = []
        func add(_ entries: [Entry], _ found: Range<Int>) {
            for number in found {
                let entry = entries[number]
                guard isFirst || !entry.onlyFirst, !kinds.isSuperset(of: entry.kinds),
                      entry.matcher.matches(bytes, range, ignoringCase: entry.ignoringCase) else { continue }
                kinds.formUnion(entry.kinds)
            }
        }
        if !unindexed.isEmpty { add(unindexed, unindexed.indices) }
        add(byName.entries, byName.range(Self.hash(bytes, range)))
        let affix = PatternIndex.affixLength
        if range.count >= affix {
            add(byEnding.entries, byEnding.range(Self.hash(bytes, range.upperBound - affix..<range.upperBound)))
            add(byStart.entries, byStart.range(Self.hash(bytes, range.lowerBound..<range.lowerBound + affix)))
        }
        return kinds
    }

    /// A hash of `bytes[range]` that ignores ASCII case.
    @inline(__always)
    static func hash(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for index in range { hash = (hash ^ UInt64(SegmentMatcher.folded(bytes[index]))) &* 0x100_0000_01B3 }
        return Int(truncatingIfNeeded: hash ^ hash >> 29)
    }

    private static func literalBytes(_ tokens: ArraySlice<GlobToken>) -> [UInt8]? {
        guard tokens.count == PatternIndex.affixLength else { return nil }
        var bytes: [UInt8] = []
        for token in tokens {
            guard case .byte(let byte) = token else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}

/// Entries grouped by bucket, laid out flat: bucket `b` holds `entries[starts[b]..<starts[b + 1]]`.
struct SegmentBuckets: Sendable {
    let entries: [SegmentTable.Entry]
    private let starts: [Int32]
    private let mask: Int

    init(_ hashed: [(Int, SegmentTable.Entry)]) {
        var size = 16
        while size < hashed.count * 4 { size *= 2 }
        mask = size - 1
        let sorted = hashed.map { ($0.0 & (size - 1), $0.1) }.sorted { $0.0 < $1.0 }
        entries = sorted.map(\.1)
        var starts = [Int32](repeating: 0, count: size + 1)
        for (bucket, _) in sorted { starts[bucket + 1] += 1 }
        for bucket in 0..<size { starts[bucket + 1] += starts[bucket] }
        self.starts = starts
    }

    /// Where the entries of the bucket of `hash` are.
    @inline(__always)
    func range(_ hash: Int) -> Range<Int> {
        let bucket = hash & mask
        return Int(starts[bucket])..<Int(starts[bucket + 1])
    }
}
