import TreeBrowser
import TreeModel

/// The results of one ranking, best first: the matches as ``RankedFind/matches(_:among:)``
/// found them (candidate indices by kind), read as ``FindResult`` values only when asked
/// for, so a query matching most of a large tree costs no result per match.
struct FindResults: RandomAccessCollection {
    private let finder: RankedFind?
    private let matches: FindMatches

    /// No result.
    init() {
        finder = nil
        matches = FindMatches()
    }

    /// The results of `matches`, made by `finder`.
    init(finder: RankedFind, matches: FindMatches) {
        self.finder = finder
        self.matches = matches
    }

    var startIndex: Int { 0 }
    var endIndex: Int { matches.count }

    subscript(position: Int) -> FindResult {
        let (candidate, match) = matches[rank: position]
        return finder!.result(candidate, match: match)
    }
}
