import Foundation

extension LineCounter {
    /// A count that ``Worker/onlyStored`` asked for and the results cache does not hold.
    struct NotStored: Error {}

    /// The counts of `jobs` that the results cache holds (`nil` for the others), found on every
    /// core without reading any content; each one found is noted used, as a count finds it.
    func storedCounts(_ jobs: [Job]) throws -> [Count?] {
        guard let results else { return Array(repeating: nil, count: jobs.count) }
        let (readsIndex, attributes, location) = (readsIndex, attributes, location)
        let outcomes = try Parallel.map(count: jobs.count, chunk: 64, workers: location.workers, context: {
            let worker = Worker(try BlobReader(location, readsIndex: readsIndex), attributes: attributes, results: results)
            worker.onlyStored = true
            return worker
        }) { worker, index -> (Count?, CacheKey?) in
            do {
                return (try worker.count(jobs[index]), worker.key)
            } catch is NotStored {
                return (nil, nil)
            }
        }
        for case (_?, let key?) in outcomes { results.noteUsed(key) }
        return outcomes.map(\.0)
    }
}
