/// Ranked find over files and directories (tree-model.md §9, as SettingsKit scores settings
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

    /// The candidates matching `query`, by score descending, then tree order.
    public func results(for query: FindQuery) -> [FindResult] {
        var results: [FindResult] = []
        for (order, candidate) in candidates.enumerated() {
            guard let match = query.match(candidate) else { continue }
            results.append(FindResult(path: candidate.path, parent: candidate.parent, match: match, order: order))
        }
        return results.sorted { $0.match != $1.match ? $0.match > $1.match : $0.order < $1.order }
    }

    /// The results for `query` grouped by parent directory: groups in the order of their
    /// best-ranked member, members in rank order.
    public func groups(for query: FindQuery) -> [FindGroup] {
        FindGroup.grouping(results(for: query))
    }
}
