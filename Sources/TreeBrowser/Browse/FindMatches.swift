import TreeModel

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

/// How a candidate matched a ``FindQuery``, best first by ``score`` (SettingsKit's scores).
public enum FindMatch: Int, Hashable, Sendable, CaseIterable, Comparable {
    /// One of the candidate's tags contains the query.
    case tag = 100
    /// The candidate's full identity contains the query.
    case contains = 300
    /// The candidate's name starts with the query.
    case prefix = 500
    /// The candidate's name is the query.
    case exact = 1000

    /// The score: 1000, 500, 300 or 100.
    public var score: Int { rawValue }

    /// The kinds best first: exact, prefix, contains, tag.
    public static let ranked: [FindMatch] = [.exact, .prefix, .contains, .tag]

    public static func < (lhs: FindMatch, rhs: FindMatch) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One candidate found by ``RankedFind``.
public struct FindResult: Hashable, Sendable {
    /// The file or directory found.
    public let path: TreePath
    /// The directory containing it, or `nil` at the top level.
    public let parent: TreePath?
    /// How it matched.
    public let match: FindMatch
    /// Its position in tree (depth-first) order: its index among the candidates.
    public let order: Int

    /// A result.
    public init(path: TreePath, parent: TreePath?, match: FindMatch, order: Int) {
        self.path = path
        self.parent = parent
        self.match = match
        self.order = order
    }

    /// The score of its match.
    public var score: Int { match.score }
}

/// Ranked-find results that share a parent directory.
public struct FindGroup: Hashable, Sendable {
    /// The parent directory, or `nil` for top-level results.
    public let parent: TreePath?
    /// The results, best first.
    public let results: [FindResult]

    /// A group.
    public init(parent: TreePath?, results: [FindResult]) {
        self.parent = parent
        self.results = results
    }

    /// Groups ranked `results` by parent directory: groups in the order of their best-ranked
    /// member, members in rank order.
    public static func grouping(_ results: [FindResult]) -> [FindGroup] {
        var position: [TreePath?: Int] = [:]
        var members: [[FindResult]] = []
        for result in results {
            if let index = position[result.parent] {
                members[index].append(result)
            } else {
                position[result.parent] = members.count
                members.append([result])
            }
        }
        return members.map { FindGroup(parent: $0[0].parent, results: $0) }
    }
}
