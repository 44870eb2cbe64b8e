import TreeBrowser
import TreeModel

/// A find in progress or done (`/`): the query typed, its ranked results, the result shown,
/// and what to put back when it is abandoned (Esc): the focus, the scroll position, and the
/// directories it opened.
struct FindSession {
    /// The text typed.
    var text = ""
    /// The results, best first, as ``RankedFind`` orders them.
    var results = FindResults()
    /// The result focused (by typing, Up and Down, `n` and `N`).
    var current = 0
    /// The focus and the scroll position before the find.
    let savedFocus: TreePath?
    let savedTop: Int
    /// Directories the find opened to show a result, in the order it opened them.
    var opened: [TreePath] = []
    /// Whether the prompt is open (typing); after Enter the results stay for `n` and `N`.
    var isTyping = true
    /// The candidates the last query matched, as indices in tree order: a query that only
    /// adds to the last one matches a subset of them.
    private var pool: [Int32]?
    private var poolText = ""

    init(savedFocus: TreePath?, savedTop: Int) {
        self.savedFocus = savedFocus
        self.savedTop = savedTop
    }

    /// The parsed query, or `nil` when nothing is typed that can match.
    var query: FindQuery? { FindQuery(text) }

    /// Ranks `finder`'s candidates for the text typed: scored as ``FindQuery`` scores, by
    /// score and then tree order, as ``RankedFind/results(for:)`` orders them. When the text
    /// only grew since the last ranking, only the last matches are looked at again.
    mutating func rank(with finder: RankedFind) {
        current = 0
        guard let query else {
            results = FindResults()
            pool = nil
            return
        }
        let matches = finder.matches(query, among: text.hasPrefix(poolText) ? pool : nil)
        results = FindResults(finder: finder, matches: matches)
        pool = matches.matched
        poolText = text
    }

    /// The result focused, if any.
    var currentResult: FindResult? { results.indices.contains(current) ? results[current] : nil }

    /// Moves to the next result (`by: 1`) or the previous (`by: -1`), wrapping around.
    mutating func step(by delta: Int) {
        guard !results.isEmpty else { return }
        current = ((current + delta) % results.count + results.count) % results.count
    }
}
