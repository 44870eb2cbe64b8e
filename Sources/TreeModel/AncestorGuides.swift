/// For each ancestor row of a row, whether a later sibling of that ancestor is shown: where
/// a tree drawing continues a vertical guide past the row (`│`) and where it leaves a blank.
///
/// Entry `level` is about the ancestor row on that level (0 is the top level). The first 64
/// levels are stored inline, so copying the guides of a row costs no allocation.
public struct AncestorGuides: Hashable, Sendable {
    /// How many ancestor levels are recorded: the row's level.
    public private(set) var count = 0
    @usableFromInline var inline: UInt64 = 0
    @usableFromInline var deeper: [UInt64] = []

    /// No ancestors: the guides of a top-level row.
    public init() {}

    /// Whether two rows have the same guides; cheap when they have no more than 64 levels.
    @inlinable
    public static func == (lhs: AncestorGuides, rhs: AncestorGuides) -> Bool {
        lhs.count == rhs.count && lhs.inline == rhs.inline && (lhs.count <= 64 || lhs.deeper == rhs.deeper)
    }

    /// Whether the ancestor on `level` has a later sibling shown.
    public subscript(level: Int) -> Bool {
        precondition(level >= 0 && level < count, "guide level out of range")
        let bit = UInt64(1) << UInt64(level % 64)
        return level < 64 ? inline & bit != 0 : deeper[level / 64 - 1] & bit != 0
    }

    /// Adds the next ancestor level below the recorded ones.
    public mutating func append(_ continues: Bool) {
        let level = count
        if level >= 64 && level % 64 == 0 { deeper.append(0) }
        if continues {
            let bit = UInt64(1) << UInt64(level % 64)
            if level < 64 { inline |= bit } else { deeper[level / 64 - 1] |= bit }
        }
        count += 1
    }

    /// Forgets the deepest recorded level.
    public mutating func removeLast() {
        precondition(count > 0, "no guide level to remove")
        count -= 1
        let level = count
        let keep = ~(UInt64(1) << UInt64(level % 64))
        if level < 64 {
            inline &= keep
        } else {
            deeper[level / 64 - 1] &= keep
            if level % 64 == 0 { deeper.removeLast() }
        }
    }
}
