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
        matches(query, among: pool, splittingFrom: 2 * Self.candidatesPerThread)
    }

    /// ``matches(_:among:)``, split between two threads from `threshold` candidates to look at on.
    func matches(_ query: FindQuery, among pool: [Int32]?, splittingFrom threshold: Int) -> (kinds: [[Int32]], matched: [Int32]) {
        let count = pool?.count ?? arena.count
        let tagMatches = arena.tagSets.matches(query)
        let looked = UnsafeMutablePointer<UInt8>.allocate(capacity: max(arena.count, 1))
        looked.initialize(repeating: 0, count: max(arena.count, 1))
        defer { looked.deallocate() }
        let found: [FindArena.Found] = (pool ?? []).withUnsafeBufferPointer { poolBuffer in
            let pool = pool == nil ? nil : poolBuffer
            guard count >= max(threshold, 2) else {
                return [arena.scan(query, tagMatches: tagMatches, pool: pool, positions: 0..<count, looked: looked)]
            }
            let halves = [0..<(count / 2), (count / 2)..<count]
            nonisolated(unsafe) var found = [FindArena.Found(), FindArena.Found()]
            nonisolated(unsafe) let looked = looked
            nonisolated(unsafe) let shared = pool
            found.withUnsafeMutableBufferPointer { found in
                nonisolated(unsafe) let results = found
                DispatchQueue.concurrentPerform(iterations: 2) { half in
                    results[half] = arena.scan(query, tagMatches: tagMatches, pool: shared, positions: halves[half],
                                               looked: looked)
                }
            }
            return found
        }
        func joined(_ list: KeyPath<FindArena.Found, [Int32]>) -> [Int32] {
            guard found.count > 1 else { return found[0][keyPath: list] }
            var all = found[0][keyPath: list]
            all.append(contentsOf: found[1][keyPath: list])
            return all
        }
        return ([joined(\.exact), joined(\.prefix), joined(\.contains), joined(\.tag)], joined(\.matched))
    }
}
