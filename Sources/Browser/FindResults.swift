import TreeBrowser
import TreeModel

/// The results of one ranking, best first: candidate indices per match kind (exact, prefix,
/// contains, tag), each in tree order, read as ``FindResult`` values only when asked for, so
/// a query matching most of a large tree costs no result per match.
struct FindResults: RandomAccessCollection {
    private let finder: RankedFind?
    private let order: [Int32]
    /// Where the prefix, contains and tag results start in ``order``.
    private let starts: (prefix: Int, contains: Int, tag: Int)

    /// No result.
    init() {
        finder = nil
        order = []
        starts = (0, 0, 0)
    }

    /// The results of `buckets`: the indices of the exact, prefix, contains and tag matches.
    init(finder: RankedFind, buckets: [[Int32]]) {
        self.finder = finder
        var order: [Int32] = []
        order.reserveCapacity(buckets.reduce(0) { $0 + $1.count })
        for bucket in buckets { order.append(contentsOf: bucket) }
        self.order = order
        let prefix = buckets[0].count
        starts = (prefix, prefix + buckets[1].count, prefix + buckets[1].count + buckets[2].count)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { order.count }

    subscript(position: Int) -> FindResult {
        let index = Int(order[position])
        let match: FindMatch = position < starts.prefix ? .exact
            : position < starts.contains ? .prefix : position < starts.tag ? .contains : .tag
        return finder!.result(index, match: match)
    }
}
