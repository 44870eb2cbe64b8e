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
        clampScroll()
        scrollToFocus()
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
