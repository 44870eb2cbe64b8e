import Dispatch
import TerminalUI
import TreeBrowser
import TreeModel

/// The status filter (`f` and a letter, `F`) and hiding viewed files (`u`): the tree shows
/// only some files. Expansion and focus survive for what is still shown (the model's reset).
extension Browser {
    /// The letters `f` takes, and the statuses they name.
    static let filterLetters: [(letter: Character, status: ChangeStatus)] = [
        ("a", .added), ("m", .modified), ("d", .deleted), ("r", .renamed), ("c", .copied),
        ("t", .typeChanged), ("u", .unmerged), ("?", .untracked),
    ]

    mutating func chooseFilter(_ key: KeyEvent) {
        mode = .browsing
        guard case .character(let typed) = key.key, key.modifiers.subtracting(.shift).isEmpty else { return }
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
        let before = statusFilter
        statusFilter = status
        if !showChanges() {
            statusFilter = before
            return
        }
        if let status, model.rowCount == 0 { message = "no file is \(Self.statusName(status))" }
    }

    /// `u`: hides the files marked viewed, or shows them again.
    mutating func toggleHidingViewed() {
        guard configuration.marks != nil else {
            message = "viewed marks are not available here"
            return
        }
        hidesViewed.toggle()
        if !showChanges() {
            hidesViewed.toggle()
            return
        }
        message = hidesViewed ? "viewed files hidden (u: show them)" : "viewed files shown"
    }

    /// Makes the tree show ``shownChanges`` again, keeping expansion and focus for what is
    /// still shown; returns whether it could.
    @discardableResult
    mutating func showChanges() -> Bool {
        let focusBefore = model.focus
        let readyFinder = finderPreparation.flatMap { $0.revision == model.revision ? $0.readyFinder : nil } ?? finder
        find = nil
        finder = nil
        finderPreparation = nil
        shownTree = nil
        guard rebuildModel(readyFinder: readyFinder) else { return false }
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
        return true
    }

    /// Builds the model of ``shownChanges``, or takes back the model of every change kept
    /// while fewer were shown (the same tree: Docs/Browser.md, Speed); returns whether it could.
    private mutating func rebuildModel(readyFinder: RankedFind?) -> Bool {
        let showsEverything = statusFilter == nil && !hidesViewed
        let previous = model
        defer { Self.letGo(previous) }
        if showsEverything, let unfiltered = unfilteredModel.take() {
            model.reset(restoring: unfiltered)
            unfilteredRevision = model.revision
            finder = unfilteredFinder.take()
            return true
        }
        if !showsEverything, unfilteredRevision == model.revision {
            unfilteredModel = model
            unfilteredFinder = readyFinder
        }
        do {
            let tree = ChangeTree(changes: shownChanges, order: configuration.order)
            try model.reset(changeTree: tree)
            shownTree = (tree, model.revision)
        } catch {
            if unfilteredRevision == model.revision { (unfilteredModel, unfilteredFinder) = (nil, nil) }
            message = "cannot show the files: \(error)"
            return false
        }
        unfilteredRevision = showsEverything ? model.revision : nil
        return true
    }

    /// Frees a model no longer shown on another thread (a large tree takes tens of
    /// milliseconds to free), unless that thread lets go of it before the caller does.
    private static func letGo(_ model: consuming TreeBrowserModel) {
        DispatchQueue.global(qos: .utility).async { [model] in withExtendedLifetime(model) {} }
    }

    /// `added`, `type changed`: a status as the header words say it.
    static func statusName(_ status: ChangeStatus) -> String {
        status == .typeChanged ? "type changed" : status.rawValue
    }
}
