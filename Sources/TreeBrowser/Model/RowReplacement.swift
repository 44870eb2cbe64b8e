import TreeModel

/// One contiguous range of visible rows replaced by another; both start at the same row.
public struct RowReplacement: Equatable, Sendable {
    /// The replaced rows, as indices into the rows before the update.
    public let replaced: Range<Int>
    /// The rows that took their place, as indices into the rows after the update.
    public let inserted: Range<Int>

    /// A replacement; both ranges start at the same row.
    public init(replaced: Range<Int>, inserted: Range<Int>) {
        precondition(replaced.lowerBound == inserted.lowerBound)
        self.replaced = replaced
        self.inserted = inserted
    }

    /// The smallest replacement turning `old` into `new`, or `nil` when they are equal.
    static func between<Row>(_ old: [Row], _ new: [Row], equal: (Row, Row) -> Bool) -> RowReplacement? {
        let limit = min(old.count, new.count)
        var prefix = 0
        while prefix < limit && equal(old[prefix], new[prefix]) { prefix += 1 }
        if prefix == old.count && prefix == new.count { return nil }
        var suffix = 0
        while suffix < limit - prefix && equal(old[old.count - 1 - suffix], new[new.count - 1 - suffix]) {
            suffix += 1
        }
        return RowReplacement(replaced: prefix..<(old.count - suffix), inserted: prefix..<(new.count - suffix))
    }

    /// ``between(_:_:equal:)`` for stored rows, each compared as two 8-byte words.
    static func between(_ old: [ShownRow], _ new: [ShownRow]) -> RowReplacement? {
        old.withUnsafeBytes { old in
            new.withUnsafeBytes { new in
                let stride = MemoryLayout<ShownRow>.stride
                let oldCount = old.count / stride, newCount = new.count / stride, limit = min(oldCount, newCount)
                func same(_ oldRow: Int, _ newRow: Int) -> Bool {
                    let (a, b) = (oldRow * stride, newRow * stride)
                    return old.loadUnaligned(fromByteOffset: a, as: UInt64.self) == new.loadUnaligned(fromByteOffset: b, as: UInt64.self)
                        && old.loadUnaligned(fromByteOffset: a + 8, as: UInt64.self)
                            == new.loadUnaligned(fromByteOffset: b + 8, as: UInt64.self)
                }
                var prefix = 0
                while prefix < limit && same(prefix, prefix) { prefix += 1 }
                if prefix == oldCount && prefix == newCount { return nil }
                var suffix = 0
                while suffix < limit - prefix && same(oldCount - 1 - suffix, newCount - 1 - suffix) { suffix += 1 }
                return RowReplacement(replaced: prefix..<(oldCount - suffix), inserted: prefix..<(newCount - suffix))
            }
        }
    }
}
