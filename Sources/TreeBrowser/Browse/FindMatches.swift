/// The candidates one query matched (``RankedFind/matches(_:among:)``), as indices in tree
/// order: by kind, for the ranking, and all together, the pool of a longer query. The lists
/// of each part of the look (two halves when it was split) are kept as they are: a rank is
/// found among them, not in one list joined from them.
public struct FindMatches: Sendable {
    private let parts: [FindArena.Found]
    /// Every match in tree order: the pool of a longer query.
    public let matched: [Int32]
    /// Where each list ends in rank order: for each kind, best first, each part's list.
    private let ends: [Int]

    /// No match.
    public init() {
        self.init(parts: [])
    }

    init(parts found: consuming [FindArena.Found]) {
        var parts = found
        var matched = parts.first?.matched ?? []
        if !parts.isEmpty { parts[0].matched = [] }
        for index in parts.indices.dropFirst() {
            matched.append(contentsOf: parts[index].matched)
            parts[index].matched = []
        }
        self.parts = parts
        self.matched = matched
        var ends: [Int] = []
        var end = 0
        for kind in FindMatch.ranked {
            for part in parts {
                end += part[kind].count
                ends.append(end)
            }
        }
        self.ends = ends
    }

    /// The number of matches.
    public var count: Int { matched.count }

    /// The candidate (its index in tree order) and how it matched, at `rank` (0 the best).
    public subscript(rank rank: Int) -> (candidate: Int, match: FindMatch) {
        precondition(rank >= 0 && rank < count, "rank out of range")
        var list = 0
        while ends[list] <= rank { list += 1 }
        let start = list == 0 ? 0 : ends[list - 1]
        let kind = FindMatch.ranked[list / parts.count]
        return (Int(parts[list % parts.count][kind][rank - start]), kind)
    }

    /// The indices of each kind of match — exact, prefix, contains, tag — each in tree order,
    /// joined into one list each: ``RankedFind/results(for:)``'s order, kind by kind.
    public var kinds: [[Int32]] {
        FindMatch.ranked.map { kind in parts.flatMap { $0[kind] } }
    }
}
