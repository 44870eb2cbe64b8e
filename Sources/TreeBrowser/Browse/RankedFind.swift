import TreeModel

/// Ranked find over files and directories (Docs/TreeModel.md#ranked-find, as SettingsKit scores settings
/// search): every candidate is scored against the query (``FindQuery``), those that do not
/// match are dropped, and the rest are ordered by score, best first, then by tree order;
/// ``groups(for:)`` groups them by parent directory.
///
/// The candidates are stored flat (one byte arena of normalized texts, offsets per
/// candidate, tag lists kept once), not as ``FindCandidate`` values: a query reads them in
/// place (``matches(_:among:)``), and a result's path is made only when it is asked for.
public struct RankedFind: Sendable {
    let arena: FindArena

    /// Prepares `candidates`, given in tree order.
    public init(candidates: [FindCandidate]) {
        var arena = FindArena()
        arena.reserveCapacity(candidates.count)
        var directories: [TreePath: Int] = [:]
        for candidate in candidates {
            if let parent = candidate.parent, let parentIndex = directories[parent] {
                arena.append(name: candidate.path.normalized.basename, isDirectory: candidate.path.isDirectory,
                             parent: parentIndex, tags: candidate.tags)
            } else {
                arena.append(path: candidate.path, tags: candidate.tags)
            }
            if candidate.path.isDirectory { directories[candidate.path] = arena.count - 1 }
        }
        arena.seal()
        self.init(arena: arena)
    }

    init(arena: FindArena) {
        self.arena = arena
    }

    /// The number of candidates.
    public var count: Int { arena.count }

    /// The candidates in tree (depth-first) order: a candidate's index is its tree order.
    /// They are made again from the stored texts on each call: for comparing and testing,
    /// not for every key.
    public var candidates: [FindCandidate] {
        (0..<arena.count).map { index in
            FindCandidate(path: arena.path(of: index), parent: arena.parentPath(of: index), tags: arena.tags(of: index))
        }
    }

    /// The result for candidate `index` (its tree order), matched as `match`.
    public func result(_ index: Int, match: FindMatch) -> FindResult {
        FindResult(path: arena.path(of: index), parent: arena.parentPath(of: index), match: match, order: index)
    }

    /// The candidates matching `query`, by score descending, then tree order. Candidates are
    /// visited in tree order, so each score keeps it: ranking needs no sort.
    public func results(for query: FindQuery) -> [FindResult] {
        let matches = matches(query, among: nil)
        return (0..<matches.count).map { rank in
            let (candidate, match) = matches[rank: rank]
            return result(candidate, match: match)
        }
    }

    /// The results for `query` grouped by parent directory: groups in the order of their
    /// best-ranked member, members in rank order.
    public func groups(for query: FindQuery) -> [FindGroup] {
        FindGroup.grouping(results(for: query))
    }
}
