import Dispatch
import TreeModel

extension RankedFind {
    /// From this many candidates to look at on, the look is split between two threads.
    static let candidatesPerThread = 16_384

    /// The candidates matching `query` among `pool` (indices in tree order; every candidate
    /// when `nil`), as indices in tree order: by kind, ranked as ``results(for:)`` ranks
    /// them, and all together (``FindMatches/matched``), the pool of a longer query: a query
    /// whose normalized text starts with this one's matches only candidates this one matched.
    /// Candidates are read in place, not copied; many are looked at in two halves at once.
    public func matches(_ query: FindQuery, among pool: [Int32]?) -> FindMatches {
        matches(query, among: pool, splittingFrom: 2 * Self.candidatesPerThread)
    }

    /// ``matches(_:among:)``, split between two threads from `threshold` candidates to look at on.
    func matches(_ query: FindQuery, among pool: [Int32]?, splittingFrom threshold: Int) -> FindMatches {
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
        return FindMatches(parts: consume found)
    }
}
