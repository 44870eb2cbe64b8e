/// The key of one result cache record: what was computed (``Kind``), the flags it was
/// computed under, and the ids of the objects it was computed from. Everything a result
/// depends on is in its key, so a record never needs to be invalidated, only evicted.
struct CacheKey: Hashable, Sendable, Comparable {
    /// What a record holds.
    enum Kind: UInt8, Sendable {
        /// A blob's similarity ``Fingerprint``.
        case fingerprint = 1
        /// `--numstat` of one blob against nothing (an added or deleted file).
        case lineCountOfBlob = 2
        /// Whether one blob on both sides of a pair is binary (a pure rename, a mode change).
        case binaryOfBlob = 3
        /// `--numstat` of an old blob against a new one.
        case lineCountOfPair = 4
        /// The entries between an old tree and a new one (``TreeWalk``).
        case treeDiff = 5
        /// The new trees an old tree was last compared with.
        case recentTrees = 6
        /// The entries between an old tree and a new one as a step from another new tree:
        /// that tree's id, then the entries between it and the new one.
        case treeDiffStep = 7
        /// The `.gitattributes` files of a tree in the directories of a list of paths: the
        /// tree's id, then a digest of the directories (``AttributeLookup``).
        case attributeFiles = 8
        /// The `.gitattributes` files of a tree last found, with the directories they were
        /// found along, by the tree's id alone (``AttributeCoverage``).
        case attributeCoverage = 9
    }

    /// The first word: kind, flags and the options byte, as stored.
    var head: UInt64
    /// The first object id (big-endian words).
    var first: ObjectID
    /// The second object id, zero when there is none.
    var second: ObjectID

    /// The size of a key in a segment file.
    static let storedSize = 48

    init(_ kind: Kind, flags: UInt8 = 0, _ first: ObjectID, _ second: ObjectID = .zero) {
        head = UInt64(kind.rawValue) << 56 | UInt64(flags) << 48
        self.first = first
        self.second = second
    }

    init(head: UInt64, first: ObjectID, second: ObjectID) {
        self.head = head
        self.first = first
        self.second = second
    }

    var kind: Kind? { Kind(rawValue: UInt8(truncatingIfNeeded: head >> 56)) }

    /// The key's six words, in the order keys sort by.
    var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) {
        (head, first.high, first.middle, UInt64(first.low) << 32 | second.high >> 32,
         second.high << 32 | second.middle >> 32, second.middle << 32 | UInt64(second.low))
    }

    /// The key made of six stored words (the inverse of ``words``).
    init(words w: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)) {
        head = w.0
        first = ObjectID(high: w.1, middle: w.2, low: UInt32(truncatingIfNeeded: w.3 >> 32))
        second = ObjectID(high: w.3 << 32 | w.4 >> 32, middle: w.4 << 32 | w.5 >> 32,
                          low: UInt32(truncatingIfNeeded: w.5))
    }

    static func < (a: CacheKey, b: CacheKey) -> Bool {
        a.words < b.words
    }
}

/// Flags of a fingerprint key: how the blob was judged text or binary.
extension CacheKey {
    /// The key of a blob's fingerprint; `binaryByAttribute` is what the `diff` attribute
    /// said (`nil`: nothing, the content decides).
    static func fingerprint(_ id: ObjectID, binaryByAttribute: Bool?) -> CacheKey {
        CacheKey(.fingerprint, flags: attributeFlag(binaryByAttribute), id)
    }

    /// 0: the content decides; 1: the attribute says binary; 2: the attribute says text.
    static func attributeFlag(_ binary: Bool?) -> UInt8 {
        switch binary {
        case nil: 0
        case true?: 1
        case false?: 2
        }
    }
}

private func < (a: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64),
                b: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)) -> Bool {
    if a.0 != b.0 { return a.0 < b.0 }
    if a.1 != b.1 { return a.1 < b.1 }
    if a.2 != b.2 { return a.2 < b.2 }
    if a.3 != b.3 { return a.3 < b.3 }
    if a.4 != b.4 { return a.4 < b.4 }
    return a.5 < b.5
}
