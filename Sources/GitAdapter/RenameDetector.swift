/// git 2.39's rename and copy pairing (diffcore-rename): exact matches by blob id, the
/// same-basename pass, the limit, then the 4-slot candidate matrix. Its input is the list of
/// changes in path order with renames off; it reads content only through a backend.
struct RenameDetector {
    let options: RenameOptions

    private struct Source {
        var entry: Int
        var side: FileSide
        var used: Int
        var unmodified: Bool
    }

    private struct Destination {
        var entry: Int
        var side: FileSide
        var match: (source: Int, score: Int)?
    }

    /// One candidate slot of the matrix.
    private struct Candidate {
        var destination: Int   // index into `destinations`, -1 for an empty slot
        var source: Int        // index into `sources`
        var score: Int
        var nameScore: Int

        static let empty = Candidate(destination: -1, source: -1, score: 0, nameScore: 0)

        /// git's score_compare: whether `self` sorts after `other` (worse).
        func isWorse(than other: Candidate) -> Bool {
            if destination < 0 { return other.destination >= 0 }
            if other.destination < 0 { return false }
            if score != other.score { return score < other.score }
            return nameScore < other.nameScore
        }
    }

    private var sources: [Source] = []
    private var destinations: [Destination] = []
    private var warnings: [String] = []

    init(options: RenameOptions) {
        self.options = options
    }

    /// Pairs the additions of `entries` with their sources.
    mutating func detect(_ entries: [ChangeEntry], backend: some SimilarityBackend) throws -> RenameResult {
        sources = []
        destinations = []
        warnings = []
        for (index, entry) in entries.enumerated() {
            switch entry.kind {
            case .added:
                if let new = entry.new { destinations.append(Destination(entry: index, side: new)) }
            case .deleted:
                if let old = entry.old { sources.append(Source(entry: index, side: old, used: 0, unmodified: false)) }
            case .modified, .typeChanged:
                if options.copies, let old = entry.old {
                    sources.append(Source(entry: index, side: old, used: 1, unmodified: false))
                }
            case .unmodified:
                if options.copies && options.harder, let old = entry.old {
                    sources.append(Source(entry: index, side: old, used: 1, unmodified: true))
                }
            case .untracked, .unmerged:
                break
            }
        }
        if !destinations.isEmpty && !sources.isEmpty {
            try pair(backend: backend)
        }
        return result(entries)
    }

    private mutating func pair(backend: some SimilarityBackend) throws {
        findExactRenames()
        if options.minimumScore >= Similarity.maximumScore { return }
        var active = Array(sources.indices)
        if !options.copies {
            active.removeAll { sources[$0].used > 0 }
            try findBasenameMatches(among: active, backend: backend)
            active.removeAll { sources[$0].used > 0 }
        }
        let open = destinations.indices.filter { destinations[$0].match == nil }
        if open.isEmpty || active.isEmpty { return }
        let limit = options.limit
        if limit > 0 && open.count * active.count > limit * limit {
            let needed = max(open.count, active.count)
            let advice = "warning: you may want to set your diff.renameLimit variable to at least \(needed) and retry the command."
            let modified = active.filter { !sources[$0].unmodified }
            if options.harder && open.count * modified.count <= limit * limit {
                warnings = ["warning: only found copies from modified paths due to too many files.", advice]
                active = modified
            } else {
                warnings = ["warning: exhaustive rename detection was skipped due to too many files.", advice]
                return
            }
        }
        try findInexactRenames(open: open, active: active, backend: backend)
    }

    // MARK: Exact renames

    private mutating func findExactRenames() {
        var byID: [ObjectID: [Int]] = [:]
        for (index, source) in sources.enumerated() {
            byID[source.side.id, default: []].append(index)
        }
        for d in destinations.indices {
            let target = destinations[d].side
            guard !target.id.isZero, let candidates = byID[target.id] else { continue }
            var best = -1, bestRank = -1, budget = 100
            for s in candidates {
                let source = sources[s]
                if !(source.side.isRegularFile && target.isRegularFile) && source.side.mode != target.mode { continue }
                if source.used > 0 && !options.copies { continue }
                let rank = (source.used == 0 ? 1 : 0) + (source.side.basename == target.basename ? 1 : 0)
                if rank > bestRank {
                    best = s
                    bestRank = rank
                    if rank == 2 { break }
                }
                budget -= 1
                if budget == 0 { break }
            }
            if best >= 0 { record(destination: d, source: best, score: Similarity.maximumScore) }
        }
    }

    private mutating func record(destination: Int, source: Int, score: Int) {
        sources[source].used += 1
        destinations[destination].match = (source, score)
    }

    // MARK: Same basename

    private mutating func findBasenameMatches(among active: [Int], backend: some SimilarityBackend) throws {
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
        let computed = try Parallel.map(count: wanted.count, chunk: 64) { k in
            Similarity.score(source: prints[2 * k], destination: prints[2 * k + 1])
        }
        for (k, index) in wanted.enumerated() { scores[index] = computed[k] }
        return scores
    }

    // MARK: The matrix

    private mutating func findInexactRenames(open: [Int], active: [Int], backend: some SimilarityBackend) throws {
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
        var nameIDs: [ArraySlice<UInt8>: Int] = [:]
        func nameID(_ side: FileSide) -> Int {
            let name = side.basename
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
            count: open.count, chunk: 4, context: { KeyTable() }
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

    // MARK: Result

    private func result(_ entries: [ChangeEntry]) -> RenameResult {
        var removed = Set<Int>()
        var uses = [Int: Int]()   // entry index of a source → remaining use count
        for source in sources where source.used > 0 {
            uses[source.entry] = source.used
            if entries[source.entry].kind == .deleted { removed.insert(source.entry) }
        }
        for (index, entry) in entries.enumerated() where entry.kind == .unmodified {
            removed.insert(index)
        }
        var pairs: [RenamePair] = []
        for destination in destinations {   // already in path order
            guard let match = destination.match else { continue }
            let source = sources[match.source].entry
            let left = uses[source, default: 1] - 1
            uses[source] = left
            pairs.append(RenamePair(destination: destination.entry, source: source, score: match.score, isCopy: left > 0))
        }
        return RenameResult(pairs: pairs, removed: removed, warnings: warnings)
    }
}
