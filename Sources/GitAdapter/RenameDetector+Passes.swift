extension RenameDetector {
    /// git's same-basename pass: a source and a destination that are the only ones with
    /// their basename pair when they score at least the basename minimum.
    mutating func findBasenameMatches(among active: [Int], backend: some SimilarityBackend) throws {
        let candidates = basenameCandidates(among: active)
        let minimum = options.minimumBasenameScore
        let scores = try score(candidates, minimumScore: minimum, backend: backend)
        for (candidate, score) in zip(candidates, scores) where score >= minimum {
            record(destination: candidate.destination, source: candidate.source, score: score)
        }
    }

    /// The pairs of the same-basename pass: each source of `active` whose basename no other
    /// active source has, with the one unmatched destination of that basename, if just one.
    private func basenameCandidates(among active: [Int]) -> [(source: Int, destination: Int)] {
        let open = destinations.indices.filter { destinations[$0].match == nil }
        let sourceName = { (k: Int) in sources[active[k]].side.basename }
        let destinationName = { (k: Int) in destinations[open[k]].side.basename }
        let sourceHashes = active.indices.map { UniqueBasenames.hash(sourceName($0)) }
        let sourceNames = UniqueBasenames(count: active.count, hashes: sourceHashes, name: sourceName)
        let destinationNames = UniqueBasenames(count: open.count, hashes: open.indices.map { UniqueBasenames.hash(destinationName($0)) },
                                               name: destinationName)
        var candidates: [(source: Int, destination: Int)] = []
        for k in active.indices {
            let name = sourceName(k)
            guard sourceNames.unique(name, hash: sourceHashes[k], name: sourceName) == k,
                  let d = destinationNames.unique(name, hash: sourceHashes[k], name: destinationName) else { continue }
            candidates.append((active[k], open[d]))
        }
        return candidates
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
        let sizes = try backend.sizes(of: sides(of: regular, in: pairs))
        var wanted: [Int] = []   // indices into `pairs`
        for (k, index) in regular.enumerated()
        where Similarity.sizesCanMatch(sizes[2 * k], sizes[2 * k + 1], minimumScore: minimumScore) {
            wanted.append(index)
        }
        let prints = try backend.fingerprints(of: sides(of: wanted, in: pairs), keepContent: true)
        let computed = try Parallel.map(count: wanted.count, chunk: 64, workers: workers) { k in
            Similarity.score(source: prints[2 * k], destination: prints[2 * k + 1])
        }
        for (k, index) in wanted.enumerated() { scores[index] = computed[k] }
        return scores
    }

    /// The source and destination sides of `pairs[indices]`, in turn.
    private func sides(of indices: [Int], in pairs: [(source: Int, destination: Int)]) -> [FileSide] {
        var sides: [FileSide] = []
        sides.reserveCapacity(2 * indices.count)
        for index in indices {
            sides.append(sources[pairs[index].source].side)
            sides.append(destinations[pairs[index].destination].side)
        }
        return sides
    }
}

/// A basename as a dictionary key: hashed once, word by word, instead of byte by byte.
struct Basename: Hashable {
    let bytes: ArraySlice<UInt8>
    let hash: UInt64

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        hash = Self.hash(bytes)
    }

    /// The hash of a basename's bytes, word by word.
    static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBytes { CacheChecksum.hash($0) }
    }

    static func == (a: Basename, b: Basename) -> Bool { a.hash == b.hash && a.bytes == b.bytes }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

extension RenameDetector {
    /// git's matrix: each destination keeps its four best sources, then all candidates are
    /// taken best first (in copy mode a second walk lets used sources be copied again).
    mutating func findInexactRenames(open: [Int], active: [Int], backend: some SimilarityBackend) throws {
        let minimum = options.minimumScore
        // Sizes of every regular file taking part, then fingerprints of those that have a
        // partner whose size allows a match.
        let regularSources = active.filter { sources[$0].side.isRegularFile }
        let regularDestinations = open.filter { destinations[$0].side.isRegularFile }
        let sizes = try backend.sizes(of: regularSources.map { sources[$0].side } + regularDestinations.map { destinations[$0].side })
        let sourceSizes = Array(sizes[..<regularSources.count])
        let destinationSizes = Array(sizes[regularSources.count...])
        let sortedSources = sourceSizes.sorted()
        let sortedDestinations = destinationSizes.sorted()
        func hasPartner(_ size: Int, in sorted: [Int]) -> Bool {
            // The partners a size can match form one interval of sizes: y·60000 ≥ x·min and y·min ≤ x·60000.
            var low = 0, high = sorted.count
            while low < high {
                let mid = (low + high) / 2
                if sorted[mid] * Similarity.maximumScore >= size * minimum { high = mid } else { low = mid + 1 }
            }
            return low < sorted.count && sorted[low] * minimum <= size * Similarity.maximumScore
        }
        var sourceSlot = [Int](repeating: -1, count: sources.count)
        var destinationSlot = [Int](repeating: -1, count: destinations.count)
        var sizeOfSource = [Int](repeating: 0, count: sources.count)
        var sizeOfDestination = [Int](repeating: 0, count: destinations.count)
        var sides: [FileSide] = []
        for (k, s) in regularSources.enumerated() {
            sizeOfSource[s] = sourceSizes[k]
            if hasPartner(sourceSizes[k], in: sortedDestinations) {
                sourceSlot[s] = sides.count
                sides.append(sources[s].side)
            }
        }
        for (k, d) in regularDestinations.enumerated() {
            sizeOfDestination[d] = destinationSizes[k]
            if hasPartner(destinationSizes[k], in: sortedSources) {
                destinationSlot[d] = sides.count
                sides.append(destinations[d].side)
            }
        }
        let prints = try backend.fingerprints(of: sides, keepContent: false)

        // Basenames as numbers, so that comparing two is one integer compare.
        var nameIDs: [Basename: Int] = [:]
        func nameID(_ side: FileSide) -> Int {
            let name = Basename(side.basename)
            if let id = nameIDs[name] { return id }
            nameIDs[name] = nameIDs.count
            return nameIDs.count - 1
        }
        let sourceNames = active.map { nameID(sources[$0].side) }
        let destinationNames = open.map { nameID(destinations[$0].side) }

        // Each destination's four best candidates, computed in parallel; a worker spreads the
        // destination's histogram over a table indexed by key, so a source costs one pass over its keys.
        let sourceList = self.sources
        let destinationList = self.destinations
        let rows: [[Candidate]] = try Parallel.map(
            count: open.count, chunk: 4, workers: workers, context: { KeyTable() }
        ) { table, row in
            let d = open[row]
            let target = destinationList[d].side
            let targetSlot = destinationSlot[d]
            if targetSlot >= 0 { table.load(prints[targetSlot]) }
            defer { if targetSlot >= 0 { table.clear(prints[targetSlot]) } }
            var slots = [Candidate](repeating: .empty, count: 4)
            for (k, s) in active.enumerated() {
                var score = 0
                if targetSlot >= 0, sourceSlot[s] >= 0, sourceList[s].side.isRegularFile, target.isRegularFile,
                   Similarity.sizesCanMatch(sizeOfSource[s], sizeOfDestination[d], minimumScore: minimum) {
                    score = table.score(source: prints[sourceSlot[s]], destinationSize: sizeOfDestination[d])
                }
                let candidate = Candidate(destination: d, source: s, score: score,
                                          nameScore: sourceNames[k] == destinationNames[row] ? 1 : 0)
                var worst = 0
                for k in 1..<4 where slots[k].isWorse(than: slots[worst]) { worst = k }
                if slots[worst].isWorse(than: candidate) { slots[worst] = candidate }
            }
            return slots
        }
        // A stable sort of all slots, best first.
        var all: [Candidate] = rows.flatMap { $0 }
        let order = all.indices.sorted { a, b in
            if all[b].isWorse(than: all[a]) { return true }
            if all[a].isWorse(than: all[b]) { return false }
            return a < b
        }
        all = order.map { all[$0] }
        walk(all, minimum: minimum, allowUsed: false)
        if options.copies { walk(all, minimum: minimum, allowUsed: true) }
    }

    private mutating func walk(_ candidates: [Candidate], minimum: Int, allowUsed: Bool) {
        for candidate in candidates {
            if candidate.destination < 0 || candidate.score < minimum { break }
            if destinations[candidate.destination].match != nil { continue }
            if !allowUsed && sources[candidate.source].used > 0 { continue }
            record(destination: candidate.destination, source: candidate.source, score: candidate.score)
        }
    }
}
