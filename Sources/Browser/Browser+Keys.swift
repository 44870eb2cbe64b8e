import TerminalUI
import TreeBrowser
import TreeModel

/// What the keys do: each key is looked up in ``KeyBinding/table`` for the mode, and the
/// action found runs here.
extension Browser {
    /// A key: its action in the mode now, if the table binds it.
    mutating func handle(_ key: KeyEvent) -> BrowserEffect {
        guard let action = KeyBinding.action(for: key, in: mode) else { return .none }
        return perform(action, typed: key.typedCharacter)
    }

    /// Runs `action`; `typed` is the key's character, for the actions of typed characters.
    mutating func perform(_ action: KeyBinding.Action, typed: Character?) -> BrowserEffect {
        switch action {
        case .quit: return .quit
        case .suspend: return .suspend
        case .redraw:
            reloadDiff()
            return .redraw
        case .page: return pageFocused()
        case .showKeys: mode = .help
        case .focusPrevious: move { $0.focusPrevious() }
        case .focusNext: move { $0.focusNext() }
        case .collapseOrGoToParent: collapseOrGoToParent()
        case .expandOrGoToChild: expandOrGoToChild()
        case .toggle: toggleFocused(opensDiff: true)
        case .enter: enter()
        case .focusFirst: move { $0.focusFirst() }
        case .focusLast: move { $0.focusLast() }
        case .pageDown: page(down: true)
        case .pageUp: page(down: false)
        case .halfPageDown: halfPage(down: true)
        case .halfPageUp: halfPage(down: false)
        case .expandAll: move { $0.expandAll() }
        case .collapseAll: move { $0.collapseAll() }
        case .startFind: startFind()
        case .nextMatch: stepFind(by: 1)
        case .previousMatch: stepFind(by: -1)
        case .chooseFilter: mode = .choosingFilter
        case .showEveryStatus: applyFilter(nil)
        case .nextFile: goToFile(forward: true)
        case .previousFile: goToFile(forward: false)
        case .toggleViewed: toggleViewedOfFocused()
        case .toggleHidingViewed: toggleHidingViewed()
        case .toggleChangedSinceReview: toggleChangedSinceReview()
        case .markShownViewed: markShownViewed()
        case .confirmMarking: confirmMarking()
        case .cancelMarking: cancelMarking()
        case .cycleOrder: cycleOrder()
        case .escape: escape()
        case .filterByLetter: chooseFilter(typed)
        case .cancelFilter: mode = .browsing
        case .typeInFind, .previousResult, .nextResult, .deleteFindCharacter, .clearFind, .acceptFind, .abandonFind,
             .ignoreInFind:
            handleFindKey(action, typed: typed)
        case .keyListDown: scrollKeyList(by: 1)
        case .keyListUp: scrollKeyList(by: -1)
        case .keyListPageDown: scrollKeyList(by: keyListHeight - 1)
        case .keyListPageUp: scrollKeyList(by: -(keyListHeight - 1))
        case .closeKeyList:
            mode = .browsing
            helpScroll = 0
        }
        return .none
    }

    /// How many lines of the key list the screen shows.
    private var keyListHeight: Int { max(size.rows - 2, 1) }

    /// Scrolls the key list by `delta` lines, within it.
    private mutating func scrollKeyList(by delta: Int) {
        helpScroll = HelpOverlay.clampedScroll(helpScroll + delta, height: keyListHeight)
    }

    /// Runs a model operation, then keeps the focus on the screen and the diff on it.
    mutating func move(_ operation: (inout TreeBrowserModel) -> TreeUpdate) {
        _ = operation(&model)
        clampScroll()
        scrollToFocus()
        followFocusWithDiff()
    }

    private mutating func collapseOrGoToParent() {
        guard let index = focusedRow else { return move { $0.focusFirst() } }
        let row = model.row(at: index)
        if row.isDirectory && row.isExpanded {
            move { $0.collapse(row.identity) }
        } else {
            move { $0.focusParent() }
        }
    }

    private mutating func expandOrGoToChild() {
        guard let index = focusedRow else { return move { $0.focusFirst() } }
        let row = model.row(at: index)
        guard row.isDirectory else { return }
        if row.isExpanded {
            move { $0.focusNext() }
        } else {
            move { $0.expand(row.identity) }
        }
    }

    /// Space: a directory opens or closes; a file's diff opens or closes.
    mutating func toggleFocused(opensDiff: Bool) {
        guard let index = focusedRow else { return }
        let row = model.row(at: index)
        if row.isDirectory {
            move { $0.toggle(row.identity) }
        } else if opensDiff {
            if diff?.path == row.identity { closeDiff() } else { openDiff(forRow: index) }
        }
    }

    private mutating func enter() {
        guard let index = focusedRow else { return }
        if model.isDirectory(row: index) {
            toggleFocused(opensDiff: false)
        } else {
            openDiff(forRow: index)
        }
    }

    /// Moves the focus `delta` rows, stopping at the ends.
    mutating func moveFocus(by delta: Int) {
        guard model.rowCount > 0 else { return }
        let current = focusedRow ?? 0
        let target = min(max(current + delta, 0), model.rowCount - 1)
        let identity = model.identity(row: target)
        move { $0.focus(nearestTo: identity) }
    }

    /// PgDn, PgUp: the open diff scrolls a page; else the focus moves a page.
    private mutating func page(down: Bool) {
        if diff != nil {
            let page = max(layout.diff.rows - 1, 1)
            scrollDiff(by: down ? page : -page)
        } else {
            moveFocus(by: down ? layout.tree.rows - 1 : -(layout.tree.rows - 1))
        }
    }

    private mutating func halfPage(down: Bool) {
        let half = max(layout.tree.rows / 2, 1)
        if diff != nil {
            scrollDiff(by: down ? max(layout.diff.rows / 2, 1) : -max(layout.diff.rows / 2, 1))
        } else {
            moveFocus(by: down ? half : -half)
        }
    }

    /// Esc: closes the diff; else ends the find's highlighting.
    private mutating func escape() {
        if diff != nil {
            closeDiff()
        } else if find != nil {
            find = nil
        }
    }

    /// `v`: marks the focused file viewed, or every file below the focused directory; when
    /// they all are already, unmarks them.
    private mutating func toggleViewedOfFocused() {
        guard configuration.marks != nil else {
            message = "viewed marks are not available here"
            return
        }
        guard let index = focusedRow else { return }
        let row = model.row(at: index)
        let positions = positionsOfChanges(below: row)
        let changes = positions.map { allChanges[$0] }
        guard !changes.isEmpty else { return }
        setViewed(!changes.allSatisfy { $0.viewState == .viewed }, at: positions, tree: [row.identity])
    }

    /// The changes of a file row, or of every file below a directory row.
    func changes(below row: TreeRow) -> [FileChange] {
        if let change = row.change { return [change] }
        return positionsOfChanges(below: row).map { allChanges[$0] }
    }
}

/// The mouse: the wheel scrolls what is under it; a click on a row focuses it and toggles it
/// (a directory opens or closes, a file's diff opens); a click on a pinned directory jumps
/// to it.
extension Browser {
    /// How many lines one turn of the wheel scrolls.
    static let wheelLines = 3

    mutating func handle(_ mouse: MouseEvent) {
        if mode == .help {
            if case .press = mouse.action { mode = .browsing }
            return
        }
        let layout = layout
        switch mouse.action {
        case .scroll(let direction):
            let delta = direction == .up ? -Self.wheelLines : direction == .down ? Self.wheelLines : 0
            if diff != nil && layout.diff.contains(row: mouse.row, column: mouse.column) {
                scrollDiff(by: delta)
            } else {
                scrollTree(by: delta)
            }
        case .press(.left) where layout.tree.contains(row: mouse.row, column: mouse.column):
            click(line: mouse.row - layout.tree.row)
        default:
            break
        }
    }

    /// A click on line `line` of the tree.
    private mutating func click(line: Int) {
        let pinned = pinnedRows
        if line < pinned.count {
            let identity = model.identity(row: pinned[line])
            move { $0.focus(nearestTo: identity) }
            return
        }
        let index = top + line
        guard index < model.rowCount else { return }
        let identity = model.identity(row: index)
        model.focus(nearestTo: identity)
        if model.isDirectory(row: index) {
            move { $0.toggle(identity) }
        } else {
            openDiff(forRow: index)
        }
    }
}

/// The key list `?` shows over the screen: the help of ``KeyBinding/table``, by section.
enum HelpOverlay {
    /// The overlay's lines from line `first` on, each exactly `width` columns, `height` of them.
    static func lines(width: Int, height: Int, color: Bool, from first: Int = 0) -> [Line] {
        var lines = text.dropFirst(max(first, 0)).prefix(max(height, 0)).map { entry in
            var line = Line()
            if entry.bold && color { line.appendStyle("1") }
            line.append(Line(ascii: entry.text))
            if entry.bold && color { line.appendStyle("0") }
            return LineFitting.exactly(line, width: width)
        }
        while lines.count < height { lines.append(LineFitting.exactly(Line(), width: width)) }
        return lines
    }

    /// The first line shown when the list is scrolled to `first` for a screen `height` lines tall.
    static func clampedScroll(_ first: Int, height: Int) -> Int {
        min(max(first, 0), max(text.count - height, 0))
    }

    /// The text of the overlay, line by line: titles bold; the lines of the sections with a
    /// title, from ``KeyBinding/helpLines``.
    static let text: [(text: String, bold: Bool)] = {
        var text: [(text: String, bold: Bool)] = [("Keys (j k scroll this list, any other key closes it)", true)]
        let shown = KeyBinding.helpLines.filter { $0.section.title != nil }
        let keyColumn = (shown.map(\.keys.count).max() ?? 0) + 2
        for section in KeyBinding.Section.allCases {
            guard let title = section.title else { continue }
            text.append(("", false))
            text.append((title, true))
            for line in shown where line.section == section {
                let padding = String(repeating: " ", count: keyColumn - line.keys.count)
                text.append(("  " + line.keys + padding + line.text, false))
            }
        }
        return text
    }()
}
