extension RenameDetector {
    /// git's same-basename pass: a source and a destination that are the only ones with
    /// their basename pair when they score at least the basename minimum.
    mutating func findBasenameMatches(among active: [Int], backend: some SimilarityBackend) throws {
        var sourceByName: [Basename: Int] = [:]
        sourceByName.reserveCapacity(active.count)
        let sourceNames = active.map { Basename(sources[$0].side.basename) }
        for (s, name) in zip(active, sourceNames) {
            sourceByName[name] = sourceByName[name] == nil ? s : -1
        }
        var destinationByName: [Basename: Int] = [:]
        destinationByName.reserveCapacity(destinations.count)
        for d in destinations.indices where destinations[d].match == nil {
            let name = Basename(destinations[d].side.basename)
            destinationByName[name] = destinationByName[name] == nil ? d : -1
        }
        var candidates: [(source: Int, destination: Int)] = []
        for (s, name) in zip(active, sourceNames) {
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

/// A basename as a dictionary key: hashed once, word by word, instead of byte by byte.
struct Basename: Hashable {
    let bytes: ArraySlice<UInt8>
    let hash: UInt64

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        hash = bytes.withUnsafeBytes { CacheChecksum.hash($0) }
    }

    static func == (a: Basename, b: Basename) -> Bool { a.hash == b.hash && a.bytes == b.bytes }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}
