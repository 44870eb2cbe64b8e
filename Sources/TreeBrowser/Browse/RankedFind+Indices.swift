import TreeModel

extension RankedFind {
    /// The candidates matching `query` among `pool` (indices in tree order; every candidate
    /// when `nil`), as indices: those of each match kind — exact, prefix, contains, tag — in
    /// tree order, so the four joined are ``results(for:)`` in its order; and every match in
    /// tree order, the pool of a longer query. Candidates are read in place, not copied.
    public func matches(_ query: FindQuery, among pool: [Int32]?) -> (kinds: [[Int32]], matched: [Int32]) {
        var kinds: [[Int32]] = [[], [], [], []]
        var matched: [Int32] = []
        candidates.withUnsafeBufferPointer { candidates in
            func consider(_ index: Int32) {
                guard let match = query.match(candidates.baseAddress! + Int(index)) else { return }
                matched.append(index)
                kinds[match == .exact ? 0 : match == .prefix ? 1 : match == .contains ? 2 : 3].append(index)
            }
            if let pool {
                for index in pool { consider(index) }
            } else {
                for index in candidates.indices { consider(Int32(index)) }
            }
        }
        return (kinds, matched)
    }
}
