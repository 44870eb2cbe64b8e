import Foundation

/// git 2.39's rename and copy pairing (diffcore-rename): exact matches by blob id, the
/// same-basename pass, the limit, then the 4-slot candidate matrix. Its input is the list of
/// changes in path order with renames off; it reads content only through a backend.
struct RenameDetector {
    let options: RenameOptions

    struct Source {
        var entry: Int
        var side: FileSide
        var used: Int
        var unmodified: Bool
    }

    struct Destination {
        var entry: Int
        var side: FileSide
        var match: (source: Int, score: Int)?
    }

    /// One candidate slot of the matrix.
    struct Candidate {
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

    /// How many threads scoring may use.
    let workers: Int
    var sources: [Source] = []
    var destinations: [Destination] = []
    private var warnings: [String] = []

    init(options: RenameOptions, workers: Int) {
        self.options = options
        self.workers = workers
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
        if options.exceedsLimit(destinations: open.count, sources: active.count) {
            let needed = max(open.count, active.count)
            let advice = "warning: you may want to set your diff.renameLimit variable to at least \(needed) and retry the command."
            let modified = active.filter { !sources[$0].unmodified }
            if options.harder && !options.exceedsLimit(destinations: open.count, sources: modified.count) {
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
        // Each id's sources in source order: the first by id, each next one chained from it.
        var firstWithID: [ObjectID: Int] = [:]
        firstWithID.reserveCapacity(sources.count)
        var nextWithSameID = [Int](repeating: -1, count: sources.count)
        for s in sources.indices.reversed() {
            if let next = firstWithID.updateValue(s, forKey: sources[s].side.id) { nextWithSameID[s] = next }
        }
        for d in destinations.indices {
            guard !destinations[d].side.id.isZero, var next = firstWithID[destinations[d].side.id] else { continue }
            let target = destinations[d].side
            var best = -1, bestRank = -1, budget = 100
            while next >= 0 {
                let s = next
                next = nextWithSameID[s]
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

    mutating func record(destination: Int, source: Int, score: Int) {
        sources[source].used += 1
        destinations[destination].match = (source, score)
    }

    // MARK: Result

    private func result(_ entries: [ChangeEntry]) -> RenameResult {
        var removed = [Bool](repeating: false, count: entries.count)
        var usesLeft = [Int](repeating: 0, count: entries.count)   // by entry index of a source
        for source in sources where source.used > 0 {
            usesLeft[source.entry] = source.used
            if entries[source.entry].kind == .deleted { removed[source.entry] = true }
        }
        var pairs: [RenamePair] = []
        for destination in destinations {   // already in path order
            guard let match = destination.match else { continue }
            let source = sources[match.source].entry
            usesLeft[source] -= 1
            pairs.append(RenamePair(destination: destination.entry, source: source, score: match.score,
                                    isCopy: usesLeft[source] > 0))
        }
        return RenameResult(pairs: pairs, removed: removed, warnings: warnings)
    }
}

/// A destination paired with its source.
struct RenamePair: Sendable, Equatable {
    /// Index of the destination entry (an addition).
    var destination: Int
    /// Index of the source entry (a deletion, or in copy mode any surviving path).
    var source: Int
    /// 0...60000.
    var score: Int
    /// Whether git prints it as a copy (`C`) rather than a rename (`R`).
    var isCopy: Bool
}

/// What rename detection decided.
struct RenameResult: Sendable {
    /// Pairs in destination (path) order.
    var pairs: [RenamePair]
    /// By entry index, whether the entry disappears from the output: a deletion used as a
    /// source. (Unmodified entries, copy sources only, never appear.)
    var removed: [Bool]
    /// git's warnings for the limit, exact text.
    var warnings: [String]

    /// Whether entry `index` disappears from the output (see ``removed``).
    func isRemoved(_ index: Int) -> Bool {
        index < removed.count && removed[index]
    }
}

/// How rename and copy detection runs, with everything resolved: flags, then config, then
/// git's defaults.
struct RenameOptions: Sendable, Equatable {
    /// Whether copies are looked for as well (`-C`, `diff.renames=copies`).
    var copies: Bool
    /// Whether unmodified files are copy sources too (`--find-copies-harder`).
    var harder: Bool
    /// The minimum score, 0...60000 (git's default 30000).
    var minimumScore: Int
    /// `-l` / `diff.renameLimit`: the matrix runs when sources × destinations ≤ limit²;
    /// 0 or less means no limit.
    var limit: Int
    /// The same-basename pass accepts `minimum + factor% × (60000 − minimum)`
    /// (`GIT_BASENAME_FACTOR`, default 50).
    var basenameFactor: Int = 50

    /// git's default `diff.renameLimit`.
    static let defaultLimit = 1000

    /// The options for a setting, or `nil` when detection is off.
    init?(_ setting: RenameSetting, limit: Int?, environment: [String: String] = [:]) {
        switch setting {
        case .off:
            return nil
        case .renames(let threshold):
            copies = false
            harder = false
            minimumScore = threshold ?? RenameSetting.defaultThreshold
        case .copies(let threshold, let harder):
            copies = true
            self.harder = harder
            minimumScore = threshold ?? RenameSetting.defaultThreshold
        }
        // git treats a score of 0 as "not given".
        if minimumScore == 0 { minimumScore = RenameSetting.defaultThreshold }
        self.limit = limit ?? Self.defaultLimit
        if let factor = environment["GIT_BASENAME_FACTOR"].flatMap(Self.leadingInteger) {
            basenameFactor = min(max(factor, 0), 100)
        }
    }

    /// Whether `destinations` × `sources` candidates exceed the limit's square, git's test for
    /// skipping the matrix. Safe for any limit: one whose square no `Int` holds never is exceeded.
    func exceedsLimit(destinations: Int, sources: Int) -> Bool {
        guard limit > 0 else { return false }
        let (square, squareOverflows) = limit.multipliedReportingOverflow(by: limit)
        if squareOverflows { return false }
        let (candidates, candidatesOverflow) = destinations.multipliedReportingOverflow(by: sources)
        return candidatesOverflow || candidates > square
    }

    /// The score a same-basename pair must reach.
    var minimumBasenameScore: Int {
        minimumScore + Int(Double(basenameFactor) / 100.0 * Double(Similarity.maximumScore - minimumScore))
    }

    /// `strtol`'s reading of a number, as git reads `GIT_BASENAME_FACTOR`: leading blanks, a
    /// sign, digits (saturating), anything after ignored; 0 when there are no digits.
    private static func leadingInteger(_ text: String) -> Int? {
        text.withCString { strtol($0, nil, 10) }
    }
}
