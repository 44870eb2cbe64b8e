import TreeBrowser
import TreeModel

/// A find in progress or done (`/`): the query typed, its ranked results, the result shown,
/// and what to put back when it is abandoned (Esc): the focus, the scroll position, and the
/// directories it opened.
struct FindSession {
    /// The text typed.
    var text = ""
    /// The results, best first, as ``RankedFind`` orders them.
    var results: [FindResult] = []
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
    private var pool: [Int]?
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
            results = []
            pool = nil
            return
        }
        let candidates = finder.candidates
        let indices: [Int] = pool != nil && text.hasPrefix(poolText) ? pool! : Array(candidates.indices)
        var buckets: [[FindResult]] = [[], [], [], []]
        var matched: [Int] = []
        for index in indices {
            let candidate = candidates[index]
            guard let match = query.match(candidate) else { continue }
            matched.append(index)
            let bucket = match == .exact ? 0 : match == .prefix ? 1 : match == .contains ? 2 : 3
            buckets[bucket].append(FindResult(path: candidate.path, parent: candidate.parent, match: match, order: index))
        }
        results = buckets.flatMap { $0 }
        pool = matched
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

extension RankedFind {
    /// The candidates of every file and directory of `model`, in its tree order, tagged as
    /// ``init(changeTree:icons:)`` tags them: a file by its status name and its icon name, a
    /// directory by the status all its files share.
    init(model: TreeBrowserModel, icons: IconResolver) {
        var candidates: [FindCandidate] = []
        candidates.reserveCapacity(model.count)
        for path in model.paths {
            var tags: [String] = []
            if path.isDirectory {
                if let status = model.summary(of: path)?.wholeStatus { tags.append(status.rawValue) }
            } else {
                let change = model.change(of: path)
                if let status = change?.status { tags.append(status.rawValue) }
                tags.append(icons.resolveFile(named: path.normalized.basename, mode: change?.newMode ?? change?.oldMode).name)
            }
            candidates.append(FindCandidate(path: path, tags: tags))
        }
        self.init(candidates: candidates)
    }
}
