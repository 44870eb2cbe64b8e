import TreeModel

/// Ranked find over files and directories (Docs/TreeModel.md#ranked-find, as SettingsKit scores settings
/// search): every candidate is scored against the query (``FindQuery``), those that do not
/// match are dropped, and the rest are ordered by score, best first, then by tree order;
/// ``groups(for:)`` groups them by parent directory.
public struct RankedFind: Sendable {
    /// The candidates in tree (depth-first) order: a candidate's index is its tree order.
    public let candidates: [FindCandidate]

    /// Prepares `candidates`, given in tree order.
    public init(candidates: [FindCandidate]) {
        self.candidates = candidates
    }

    /// The candidates matching `query`, by score descending, then tree order. Candidates are
    /// visited in tree order, so each score keeps it: ranking needs no sort.
    public func results(for query: FindQuery) -> [FindResult] {
        var exact: [FindResult] = [], prefix: [FindResult] = [], contains: [FindResult] = [], tag: [FindResult] = []
        for (order, candidate) in candidates.enumerated() {
            guard let match = query.match(candidate) else { continue }
            let result = FindResult(path: candidate.path, parent: candidate.parent, match: match, order: order)
            switch match {
            case .exact: exact.append(result)
            case .prefix: prefix.append(result)
            case .contains: contains.append(result)
            case .tag: tag.append(result)
            }
        }
        return exact + prefix + contains + tag
    }

    /// The results for `query` grouped by parent directory: groups in the order of their
    /// best-ranked member, members in rank order.
    public func groups(for query: FindQuery) -> [FindGroup] {
        FindGroup.grouping(results(for: query))
    }
}
