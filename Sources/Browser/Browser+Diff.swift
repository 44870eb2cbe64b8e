import Render
import TerminalUI
import TreeBrowser
import TreeModel

/// The diff pane: a file's diff beside the tree (below it on a narrow terminal), following
/// the focus from file to file while open.
extension Browser {
    mutating func openDiff(forRow index: Int) {
        let row = model.row(at: index)
        guard let change = row.change else { return }
        let width = BrowserLayout(size: size, diffOpen: true).diff.columns
        diff = DiffPane.load(change, path: row.identity, width: width, from: configuration.diffSource)
        clampScroll()
        scrollToFocus()
    }

    mutating func closeDiff() {
        diff = nil
        clampScroll()
        scrollToFocus()
    }

    /// With the pane open, shows the diff of the focused file when the focus moved to another.
    mutating func followFocusWithDiff() {
        guard let pane = diff, let index = focusedRow else { return }
        let identity = model.identity(row: index)
        guard identity != pane.path, !model.isDirectory(row: index) else { return }
        openDiff(forRow: index)
    }

    /// Makes the lines again when the pane's width changed.
    mutating func reloadDiffForWidth() {
        guard let pane = diff else { return }
        let width = layout.diff.columns
        guard width != pane.width else { return }
        var fresh = DiffPane.load(pane.change, path: pane.path, width: width, from: configuration.diffSource,
                                  reusingLast: true)
        fresh.scroll = pane.scroll
        fresh.scroll(by: 0, height: layout.diff.rows)
        diff = fresh
    }

    /// Reads the pane's file again (its change as the tree has it now), keeping the scroll
    /// position; closes the pane when the file is no longer shown.
    mutating func reloadDiff() {
        guard let pane = diff else { return }
        guard model.contains(pane.path), let index = model.rowIndex(of: pane.path) else { return closeDiff() }
        openDiff(forRow: index)
        let height = layout.diff.rows
        diff?.scroll(by: pane.scroll, height: height)
    }

    /// Whether the pane shows its file as it was before a change (by its change, or its new
    /// side's id) that the tree has read since.
    var diffIsStale: Bool {
        guard let pane = diff else { return false }
        return pane.isStale(current: model.change(of: pane.path),
                            currentObject: configuration.marks?.newObject(at: pane.change.path))
    }

    mutating func scrollDiff(by delta: Int) {
        let height = layout.diff.rows
        diff?.scroll(by: delta, height: height)
    }

    /// `]`, `[`: focuses the next or previous file in tree order, opening directories on the
    /// way; the diff pane, when open, follows.
    mutating func goToFile(forward: Bool) {
        guard let start = model.focus ?? (model.rowCount > 0 ? model.identity(row: 0) : nil) else { return }
        guard let file = forward ? nextFile(after: start) : previousFile(before: start) else {
            message = forward ? "no file after this one" : "no file before this one"
            return
        }
        model.reveal(file)
        clampScroll()
        scrollToFocus()
        followFocusWithDiff()
    }

    /// The first file after `path` in tree order (below it first, when a directory).
    func nextFile(after path: TreePath) -> TreePath? {
        if path.isDirectory, let first = firstFile(in: path) { return first }
        var current = path
        while true {
            let parent = model.parent(of: current)
            let siblings = model.children(of: parent)
            guard let position = siblings.firstIndex(of: current) else { return nil }
            for sibling in siblings[(position + 1)...] {
                if !sibling.isDirectory { return sibling }
                if let file = firstFile(in: sibling) { return file }
            }
            guard let parent else { return nil }
            current = parent
        }
    }

    /// The last file before `path` in tree order.
    func previousFile(before path: TreePath) -> TreePath? {
        var current = path
        while true {
            let parent = model.parent(of: current)
            let siblings = model.children(of: parent)
            guard let position = siblings.firstIndex(of: current) else { return nil }
            for sibling in siblings[..<position].reversed() {
                if !sibling.isDirectory { return sibling }
                if let file = lastFile(in: sibling) { return file }
            }
            guard let parent else { return nil }
            current = parent
        }
    }

    private func firstFile(in directory: TreePath) -> TreePath? {
        for child in model.children(of: directory) {
            if !child.isDirectory { return child }
            if let file = firstFile(in: child) { return file }
        }
        return nil
    }

    private func lastFile(in directory: TreePath) -> TreePath? {
        for child in model.children(of: directory).reversed() {
            if !child.isDirectory { return child }
            if let file = lastFile(in: child) { return file }
        }
        return nil
    }

    /// `o`: the diff of the focused file (or of every file below the focused directory) for
    /// the pager.
    mutating func pageFocused() -> BrowserEffect {
        guard let index = focusedRow else { return .none }
        let changes = changes(below: model.row(at: index))
        do {
            let text = try configuration.diffSource.pagerText(for: changes, width: size.columns)
            guard !text.isEmpty else {
                message = "no diff to page"
                return .none
            }
            return .page(text)
        } catch {
            message = "no diff: \(error)"
            return .none
        }
    }
}
