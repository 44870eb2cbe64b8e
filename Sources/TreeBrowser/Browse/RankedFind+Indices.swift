import Dispatch
import TreeModel

extension RankedFind {
    /// From this many candidates to look at on, the look is split between two threads.
    static let candidatesPerThread = 16_384

    /// The candidates matching `query` among `pool` (indices in tree order; every candidate
    /// when `nil`), as indices: those of each match kind — exact, prefix, contains, tag — in
    /// tree order, so the four joined are ``results(for:)`` in its order; and every match in
    /// tree order, the pool of a longer query. Candidates are read in place, not copied; many
    /// are looked at in two halves at once, whose results are joined in order.
    public func matches(_ query: FindQuery, among pool: [Int32]?) -> (kinds: [[Int32]], matched: [Int32]) {
        let count = pool?.count ?? candidates.count
        guard count >= 2 * Self.candidatesPerThread else { return matches(query, among: pool, in: 0..<count) }
        let halves = [0..<(count / 2), (count / 2)..<count]
        nonisolated(unsafe) var found: [(kinds: [[Int32]], matched: [Int32])] = [([], []), ([], [])]
        found.withUnsafeMutableBufferPointer { found in
            nonisolated(unsafe) let results = found
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                results[half] = matches(query, among: pool, in: halves[half])
            }
        }
        return ((0..<4).map { found[0].kinds[$0] + found[1].kinds[$0] }, found[0].matched + found[1].matched)
    }

    /// ``matches(_:among:)`` for the positions `range` of the pool (of every candidate when
    /// `pool` is `nil`).
    private func matches(_ query: FindQuery, among pool: [Int32]?, in range: Range<Int>) -> (kinds: [[Int32]], matched: [Int32]) {
        var kinds: [[Int32]] = [[], [], [], []]
        var matched: [Int32] = []
        candidates.withUnsafeBufferPointer { candidates in
            func consider(_ index: Int32) {
                guard let match = query.match(candidates.baseAddress! + Int(index)) else { return }
                matched.append(index)
                kinds[match == .exact ? 0 : match == .prefix ? 1 : match == .contains ? 2 : 3].append(index)
            }
            if let pool {
                for position in range { consider(pool[position]) }
            } else {
                for index in range { consider(Int32(index)) }
            }
        }
        return (kinds, matched)
    }
}
