extension RenameDetector {
    /// git's same-basename pass: a source and a destination that are the only ones with
    /// their basename pair when they score at least the basename minimum.
    mutating func findBasenameMatches(among active: [Int], backend: some SimilarityBackend) throws {
        var sourceByName: [ArraySlice<UInt8>: Int] = [:]
        for s in active {
            let name = sources[s].side.basename
            sourceByName[name] = sourceByName[name] == nil ? s : -1
        }
        var destinationByName: [ArraySlice<UInt8>: Int] = [:]
        for d in destinations.indices where destinations[d].match == nil {
            let name = destinations[d].side.basename
            destinationByName[name] = destinationByName[name] == nil ? d : -1
        }
        var candidates: [(source: Int, destination: Int)] = []
        for s in active {
            let name = sources[s].side.basename
            guard sourceByName[name] == s, let d = destinationByName[name], d >= 0 else { continue }
            candidates.append((s, d))
        }
        let minimum = options.minimumBasenameScore
        let scores = try score(candidates, minimumScore: minimum, backend: backend)
        for (candidate, score) in zip(candidates, scores) where score >= minimum {
            record(destination: candidate.destination, source: candidate.source, score: score)
        }
    }

    /// Scores independent pairs: sizes first, content only where the sizes allow a match.
    /// Pairs that are not two regular files, or whose sizes rule them out, score 0.
    private func score(_ pairs: [(source: Int, destination: Int)], minimumScore: Int,
                       backend: some SimilarityBackend) throws -> [Int] {
        let regular = pairs.indices.filter {
            sources[pairs[$0].source].side.isRegularFile && destinations[pairs[$0].destination].side.isRegularFile
        }
        var scores = [Int](repeating: 0, count: pairs.count)
        if regular.isEmpty { return scores }
        let sizes = try backend.sizes(of: regular.flatMap {
            [sources[pairs[$0].source].side, destinations[pairs[$0].destination].side]
        })
        var wanted: [Int] = []   // indices into `pairs`
        for (k, index) in regular.enumerated()
        where Similarity.sizesCanMatch(sizes[2 * k], sizes[2 * k + 1], minimumScore: minimumScore) {
            wanted.append(index)
        }
        let prints = try backend.fingerprints(of: wanted.flatMap {
            [sources[pairs[$0].source].side, destinations[pairs[$0].destination].side]
        }, keepContent: true)
        let computed = try Parallel.map(count: wanted.count, chunk: 64, workers: workers) { k in
            Similarity.score(source: prints[2 * k], destination: prints[2 * k + 1])
        }
        for (k, index) in wanted.enumerated() { scores[index] = computed[k] }
        return scores
    }
}
