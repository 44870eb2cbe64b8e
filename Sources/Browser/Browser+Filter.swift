import Background
import TreeBrowser
import TreeModel

/// The status filter (`f` and a letter, `F`) and hiding viewed files (`u`): the tree shows
/// only some files. The model keeps every change and the filter is a projection of it
/// (``TreeBrowserModel/setFilter(_:)``): expansion and focus survive for what is still shown.
extension Browser {
    /// The letters `f` takes, and the statuses they name.
    static let filterLetters: [(letter: Character, status: ChangeStatus)] = [
        ("a", .added), ("m", .modified), ("d", .deleted), ("r", .renamed), ("c", .copied),
        ("t", .typeChanged), ("u", .unmerged), ("?", .untracked),
    ]

    /// The letter typed after `f`: shows only the files of its status.
    mutating func chooseFilter(_ typed: Character?) {
        mode = .browsing
        guard let typed else { return }
        let letter = Character(typed.lowercased())
        guard let status = Self.filterLetters.first(where: { $0.letter == letter })?.status else {
            message = "no status '\(typed)': a m d r c t u ?"
            return
        }
        applyFilter(status)
    }

    /// Shows only the files of `status`, or every file for `nil`.
    mutating func applyFilter(_ status: ChangeStatus?) {
        guard status != statusFilter else { return }
        statusFilter = status
        showFilteredFiles()
        if let status, model.rowCount == 0 { message = "no file is \(Self.statusName(status))" }
    }

    /// `u`: hides the files marked viewed, or shows them again.
    mutating func toggleHidingViewed() {
        guard configuration.marks != nil else {
            message = "viewed marks are not available here"
            return
        }
        hidesViewed.toggle()
        showFilteredFiles()
        message = hidesViewed ? "viewed files hidden (u: show them)" : "viewed files shown"
    }

    /// The files the tree shows: those of ``statusFilter``, without the viewed ones while
    /// they are hidden, only those changed since the last review while `R` asks.
    var fileFilter: FileFilter {
        FileFilter(status: statusFilter, hidesViewed: hidesViewed, onlyChangedSinceReview: showsChangedSinceReview)
    }

    /// Makes the model show ``fileFilter``'s files of the changes it holds: a projection,
    /// whose cost follows the nodes, not a new tree (Docs/Browser.md, Filters). Find's
    /// candidates of every file are kept while fewer are shown.
    mutating func showFilteredFiles() {
        let focusBefore = model.focus
        if model.filter.showsEverything {
            unfilteredFinder = finderPreparation.flatMap { $0.revision == model.revision ? $0.readyFinder : nil } ?? finder
        }
        find = nil
        finder = nil
        finderPreparation = nil
        shownTree = nil
        model.setFilter(fileFilter)
        if model.filter.showsEverything { finder = unfilteredFinder.take() }
        settleAfterShowing(focusBefore: focusBefore)
    }

    /// Builds the model of every change again (after viewed marks changed, or when live
    /// refresh could not mutate it), showing ``fileFilter``'s files; returns whether it could.
    @discardableResult
    mutating func showChanges() -> Bool {
        let focusBefore = model.focus
        let previous = model
        defer { Self.letGo(previous) }
        find = nil
        finder = nil
        finderPreparation = nil
        shownTree = nil
        unfilteredFinder = nil
        do {
            let tree = ChangeTree(changes: allChanges, order: order)
            model.setFilter(fileFilter)
            try model.reset(changeTree: tree)
            if model.filter.showsEverything { shownTree = (tree, model.revision) }
        } catch {
            message = "cannot show the files: \(error)"
            return false
        }
        settleAfterShowing(focusBefore: focusBefore)
        return true
    }

    /// Keeps the header, focus, diff pane and scroll position in step with what is shown.
    mutating func settleAfterShowing(focusBefore: TreePath?) {
        painter.setTotal(model.total)
        if model.focus == nil {
            if let focusBefore { model.focus(nearestTo: focusBefore) }
            if model.focus == nil { model.focusFirst() }
        }
        if let diff, !model.contains(diff.path) { closeDiff() }
        countViewed()
        clampScroll()
        scrollToFocus()
        followFocusWithDiff()
    }

    /// Frees a model no longer shown on another thread (a large tree takes tens of
    /// milliseconds to free), unless that thread lets go of it before the caller does.
    private static func letGo(_ model: consuming TreeBrowserModel) {
        BackgroundThread.start { [model] in withExtendedLifetime(model) {} }
    }

    /// `added`, `type changed`: a status as the header words say it.
    static func statusName(_ status: ChangeStatus) -> String {
        status.words.description
    }
}
