import Dispatch
import Render
import Locking
import TerminalUI
import TreeBrowser
import TreeModel

/// Find (`/`, Docs/TreeModel.md#ranked-find): the results are ranked as the query is typed,
/// and the best one is shown in the tree (its directories opened); Enter keeps it, Esc puts
/// back the expansion, focus and scroll position from before.
extension Browser {
    mutating func startFind() {
        if finder == nil {
            if let finderPreparation, finderPreparation.revision == model.revision {
                finder = finderPreparation.finder()
            } else {
                finder = RankedFind(model: model, icons: configuration.style.render.iconResolver)
            }
        }
        find = FindSession(savedFocus: model.focus, savedTop: top)
        mode = .finding
    }

    /// Starts making ranked find's candidates on another thread, unless they are made or
    /// being made for the tree shown, or the tree changed since it was built (then `/`
    /// makes them from the model). The change tree is let go: only the thread needs it.
    mutating func prepareFinder() {
        guard finder == nil, let shownTree, shownTree.revision == model.revision,
              finderPreparation?.revision != model.revision else { return }
        finderPreparation = FinderPreparation(changeTree: shownTree.tree, icons: configuration.style.render.iconResolver,
                                              revision: model.revision)
        self.shownTree = nil
    }

    /// Whether find's candidates for the tree shown are neither made nor being made: the
    /// session then calls ``prepareFinderFromModel()`` once the user pauses.
    var awaitsFinder: Bool {
        finder == nil && finderPreparation?.revision != model.revision
    }

    /// Starts making find's candidates from the model on another thread (after a filter,
    /// which has no change tree of its own), unless they are made or being made.
    mutating func prepareFinderFromModel() {
        guard awaitsFinder else { return }
        finderPreparation = FinderPreparation(model: model, icons: configuration.style.render.iconResolver)
    }

    /// A key while typing (``KeyBinding/Section/typingFind``): its action on the query, and
    /// the result shown after; `typed` is the character typed, for ``KeyBinding/Action/typeInFind``.
    mutating func handleFindKey(_ action: KeyBinding.Action, typed: Character?) {
        guard var session = find else { return mode = .browsing }
        switch action {
        case .abandonFind:
            abandonFind()
            return
        case .acceptFind:
            session.isTyping = false
            find = session
            mode = .browsing
            if session.results.isEmpty { find = nil }
            clampScroll()
            scrollToFocus()
            return
        case .previousResult:
            session.step(by: -1)
        case .nextResult:
            session.step(by: 1)
        case .deleteFindCharacter:
            guard !session.text.isEmpty else { return abandonFind() }
            session.text.removeLast()
            if let finder { session.rank(with: finder) }
        case .clearFind:
            session.text = ""
            if let finder { session.rank(with: finder) }
        case .typeInFind:
            guard let typed else { return }
            session.text.append(typed)
            if let finder { session.rank(with: finder) }
        default:
            return
        }
        find = session
        showCurrentResult(closingPrevious: true)
    }

    /// `n`, `N`: the next or previous result of the last find.
    mutating func stepFind(by delta: Int) {
        guard var session = find, !session.results.isEmpty else {
            message = "no find: press / to find"
            return
        }
        session.step(by: delta)
        find = session
        showCurrentResult(closingPrevious: false)
        if let session = find {
            message = "match \(session.current + 1) of \(session.results.count)"
        }
    }

    /// Esc while typing: closes what the find opened, puts back the focus and scroll position.
    private mutating func abandonFind() {
        guard let session = find else { return }
        closeOpened(by: session)
        if let focus = session.savedFocus { model.focus(nearestTo: focus) }
        top = session.savedTop
        find = nil
        mode = .browsing
        clampScroll()
        scrollToFocus()
        followFocusWithDiff()
    }

    /// Shows the current result: its directories opened, focused, on the screen. While typing,
    /// the directories opened for the result shown before are closed again first.
    private mutating func showCurrentResult(closingPrevious: Bool) {
        guard var session = find else { return }
        if closingPrevious {
            closeOpened(by: session)
            session.opened = []
        }
        if let result = session.currentResult {
            session.opened += closedAncestors(of: result.path)
            model.reveal(result.path)
        } else if let focus = session.savedFocus {
            model.focus(nearestTo: focus)
        }
        find = session
        revealFocus()
        followFocusWithDiff()
    }

    /// The directories above `path` that are closed, outermost first.
    private func closedAncestors(of path: TreePath) -> [TreePath] {
        var closed: [TreePath] = []
        var ancestor = model.parent(of: path)
        while let directory = ancestor {
            if !model.isExpanded(directory) { closed.append(directory) }
            ancestor = model.parent(of: directory)
        }
        return closed.reversed()
    }

    /// Closes again the directories `session` opened, innermost first.
    private mutating func closeOpened(by session: FindSession) {
        for directory in session.opened.reversed() where model.isExpanded(directory) {
            model.collapse(directory)
        }
    }

    /// Whether the row is a result of the find shown (highlighted): its tags are made only
    /// when its name and path do not match.
    func isFindMatch(_ path: TreePath, query: FindQuery?) -> Bool {
        guard let query else { return false }
        return query.match(path: path) {
            var tags: [String] = []
            if path.isDirectory {
                if let status = model.summary(of: path)?.wholeStatus { tags.append(status.rawValue) }
            } else {
                let change = model.change(of: path)
                if let status = change?.status { tags.append(status.rawValue) }
                tags.append(configuration.style.render.iconResolver.resolveFile(
                    named: path.normalized.basename, mode: change?.newMode ?? change?.oldMode).name)
            }
            return tags
        } != nil
    }
}

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

/// While a find is typed, its best results over the bottom of the tree: the result shown in
/// the tree marked, each with how it matched.
enum FindResultsOverlay {
    /// How many results are listed at most.
    static let maximumLines = 6

    /// The overlay's lines, each exactly `width` columns: a rule, then the results around the
    /// one shown; at most a third of `height`.
    static func lines(_ find: FindSession, width: Int, height: Int, color: Bool) -> [Line] {
        guard !find.text.isEmpty, height > 2 else { return [] }
        let shown = shownResults(find, treeRows: height)
        var lines: [Line] = []
        var rule = Line(ascii: find.results.isEmpty ? "-- no match" : "-- \(find.results.count) \(find.results.count == 1 ? "match" : "matches") ")
        rule.append(Line(ascii: String(repeating: "-", count: max(width - rule.width, 0))))
        lines.append(LineFitting.exactly(rule, width: width))
        guard !find.results.isEmpty else { return lines }
        let first = min(max(find.current - shown / 2, 0), max(find.results.count - shown, 0))
        for index in first..<min(first + shown, find.results.count) {
            let result = find.results[index]
            var bytes = Array((index == find.current ? "> " : "  ").utf8)
            var used = 2 + TerminalText.append(result.path.identity, to: &bytes)
            let kind = "  (\(name(of: result.match)))"
            bytes += Array(kind.utf8)
            used += kind.count
            var line = LineFitting.exactly(Line(bytes: bytes, width: used), width: width)
            if index == find.current && color {
                var styled = Line()
                styled.appendStyle("1")
                styled.append(line)
                styled.appendStyle("0")
                line = styled
            }
            lines.append(line)
        }
        return lines.map { LineFitting.exactly($0, width: width) }
    }

    /// How many of the tree's `treeRows` lines the overlay takes: none with nothing typed,
    /// else the rule and the results listed.
    static func height(_ find: FindSession, treeRows: Int) -> Int {
        guard !find.text.isEmpty, treeRows > 2 else { return 0 }
        return 1 + (find.results.isEmpty ? 0 : shownResults(find, treeRows: treeRows))
    }

    /// How many results are listed: at most a third of the tree's lines (with the rule).
    private static func shownResults(_ find: FindSession, treeRows: Int) -> Int {
        let room = min(maximumLines, max(treeRows / 3, 1))
        return max(min(room - 1, find.results.count), 1)
    }

    private static func name(of match: FindMatch) -> String {
        switch match {
        case .exact: "exact"
        case .prefix: "prefix"
        case .contains: "path"
        case .tag: "tag"
        }
    }
}

/// Ranked find's candidates for one tree, made on another thread while the user browses, so
/// that the first `/` finds them ready (Docs/Browser.md, Speed): from the change tree the
/// browser starts with, or from the model once the user pauses after a filter. They hold
/// for the model's ``TreeBrowserModel/revision`` they were started at.
final class FinderPreparation: Sendable {
    /// The model revision the candidates describe.
    let revision: Int
    private let prepared = Locked<RankedFind?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts preparing the candidates of `changeTree`, the tree the model shows at `revision`.
    init(changeTree: ChangeTree, icons: IconResolver, revision: Int) {
        self.revision = revision
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let finder = RankedFind(browsing: changeTree, icons: icons)
            prepared.withLock { $0 = finder }
            done.signal()
        }
    }

    /// Starts preparing the candidates of the files `model` shows (a filter's), as `/` would
    /// make them from it. The thread lets go of its copy of the model when done.
    init(model: TreeBrowserModel, icons: IconResolver) {
        revision = model.revision
        DispatchQueue.global(qos: .userInitiated).async { [self, model] in
            let finder = RankedFind(model: model, icons: icons)
            prepared.withLock { $0 = finder }
            done.signal()
        }
    }

    /// The candidates if they are ready, without waiting.
    var readyFinder: RankedFind? { prepared.withLock { $0 } }

    /// The candidates, waiting for them when they are not ready yet.
    func finder() -> RankedFind {
        if let finder = prepared.withLock({ $0 }) { return finder }
        done.wait()
        done.signal()
        return prepared.withLock { $0! }
    }
}
