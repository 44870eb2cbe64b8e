/// Which groups hold each of a list of changes: a row of bits per change, written by
/// ``GroupMatcher/memberships(of:workers:)``.
public struct GroupMemberships: Sendable, Equatable {
    /// The number of groups (the filters file's, in its order).
    public let groupCount: Int
    /// The number of changes.
    public let changeCount: Int
    let wordsPerChange: Int
    var words: [UInt64]

    init(groupCount: Int, changeCount: Int) {
        self.groupCount = groupCount
        self.changeCount = changeCount
        wordsPerChange = max(1, (groupCount + 63) / 64)
        words = [UInt64](repeating: 0, count: wordsPerChange * changeCount)
    }

    /// Whether the group at `group` holds the change at `change`.
    public func contains(change: Int, group: Int) -> Bool {
        words[change * wordsPerChange + group / 64] & (1 << UInt64(group % 64)) != 0
    }

    /// Whether some group holds the change at `change`.
    public func isGrouped(_ change: Int) -> Bool {
        let start = change * wordsPerChange
        return words[start..<start + wordsPerChange].contains { $0 != 0 }
    }

    /// The memberships of the changes at `indices`, in that order.
    public func selecting(_ indices: [Int]) -> GroupMemberships {
        var selected = GroupMemberships(groupCount: groupCount, changeCount: indices.count)
        for (row, index) in indices.enumerated() {
            for word in 0..<wordsPerChange {
                selected.words[row * wordsPerChange + word] = words[index * wordsPerChange + word]
            }
        }
        return selected
    }

    /// For each group, the positions in `order` of the changes it holds: `order[p]` names
    /// the change shown at position `p` (every change once, by default in their own order).
    public func members(in order: [Int]? = nil) -> [[Int]] {
        var members = [[Int]](repeating: [], count: groupCount)
        words.withUnsafeBufferPointer { words in
            for position in 0..<(order?.count ?? changeCount) {
                let start = (order?[position] ?? position) * wordsPerChange
                for word in 0..<wordsPerChange {
                    var bits = words[start + word]
                    while bits != 0 {
                        members[word * 64 + bits.trailingZeroBitCount].append(position)
                        bits &= bits - 1
                    }
                }
            }
        }
        return members
    }
}
