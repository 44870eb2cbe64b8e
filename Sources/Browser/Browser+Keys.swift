import TerminalUI
import TreeBrowser
import TreeModel

/// The keys while browsing the tree (Docs/Browser.md lists them).
extension Browser {
    mutating func handleBrowsingKey(_ key: KeyEvent) -> BrowserEffect {
        switch key {
        case .character("q"): return .quit
        case .control("z"): return .suspend
        case .control("l"): return .redraw
        case .character("?"): mode = .help
        case .character("k"), KeyEvent(.up): move { $0.focusPrevious() }
        case .character("j"), KeyEvent(.down): move { $0.focusNext() }
        case .character("h"), KeyEvent(.left): collapseOrGoToParent()
        case .character("l"), KeyEvent(.right): expandOrGoToChild()
        case .character(" "): toggleFocused(opensDiff: true)
        case KeyEvent(.enter): enter()
        case .character("g"), KeyEvent(.home): move { $0.focusFirst() }
        case .character("G"), KeyEvent(.end): move { $0.focusLast() }
        case KeyEvent(.pageDown): moveFocus(by: layout.tree.rows - 1)
        case KeyEvent(.pageUp): moveFocus(by: -(layout.tree.rows - 1))
        case .control("d"): halfPage(down: true)
        case .control("u"): halfPage(down: false)
        case .character("*"): move { $0.expandAll() }
        case .character("-"): move { $0.collapseAll() }
        case .character("/"): startFind()
        case .character("n"): stepFind(by: 1)
        case .character("N"): stepFind(by: -1)
        case .character("f"): mode = .choosingFilter
        case .character("F"): applyFilter(nil)
        case .character("]"): goToFile(forward: true)
        case .character("["): goToFile(forward: false)
        case .character("o"): return pageFocused()
        case .character("v"): toggleViewedOfFocused()
        case .character("u"): toggleHidingViewed()
        case KeyEvent(.escape): escape()
        default: break
        }
        return .none
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
        guard let marks = configuration.marks else {
            message = "viewed marks are not available here"
            return
        }
        guard let index = focusedRow else { return }
        let row = model.row(at: index)
        let positions = positionsOfChanges(below: row)
        let changes = positions.map { allChanges[$0] }
        guard !changes.isEmpty else { return }
        let viewed = !changes.allSatisfy { $0.viewState == .viewed }
        do {
            try marks.setViewed(viewed, for: changes)
        } catch {
            message = "cannot write the viewed marks: \(error)"
            return
        }
        markViewState(viewed ? .viewed : .notViewed, ofFilesOf: row, at: positions)
        message = "\(changes.count) \(changes.count == 1 ? "file" : "files") marked \(viewed ? "viewed" : "not viewed")"
    }

    /// The changes of a file row, or of every file below a directory row.
    func changes(below row: TreeRow) -> [FileChange] {
        if let change = row.change { return [change] }
        return positionsOfChanges(below: row).map { allChanges[$0] }
    }
}
