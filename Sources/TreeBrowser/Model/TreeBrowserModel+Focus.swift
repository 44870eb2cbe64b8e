import TreeModel

/// Focus (Docs/TreeModel.md#focus): one row. Moving past either end
/// stays put.
extension TreeBrowserModel {
    /// The focused row: the row showing ``focus``, else its nearest visible ancestor's.
    public var focusedRowIndex: Int? {
        focus.flatMap(forest.slot(of:)).flatMap(nearestVisibleRow(ofSlot:))
    }

    /// Focuses the first row.
    @discardableResult
    public mutating func focusFirst() -> TreeUpdate { focusRow(visible.isEmpty ? nil : 0) }

    /// Focuses the last row.
    @discardableResult
    public mutating func focusLast() -> TreeUpdate { focusRow(visible.isEmpty ? nil : visible.count - 1) }

    /// Focuses the row below; stays on the last row. Without a focus, focuses the first row.
    @discardableResult
    public mutating func focusNext() -> TreeUpdate {
        guard let current = focusedRowIndex else { return focusFirst() }
        return focusRow(min(current + 1, visible.count - 1))
    }

    /// Focuses the row above; stays on the first row. Without a focus, focuses the last row.
    @discardableResult
    public mutating func focusPrevious() -> TreeUpdate {
        guard let current = focusedRowIndex else { return focusLast() }
        return focusRow(max(current - 1, 0))
    }

    /// Focuses the row of the directory containing the focused row; stays at the top level.
    @discardableResult
    public mutating func focusParent() -> TreeUpdate {
        guard let current = focusedRowIndex else { return TreeUpdate() }
        let parent = forest.nodes[visible[current].head].parent
        guard parent != PathForest.root else { return focusRow(current) }
        return focusRow(rowIndex(ofSlot: parent))
    }

    /// Focuses the row showing `path`; else the row of its nearest visible ancestor; else,
    /// when `path` was removed by the last mutation, the row now at its last visible
    /// position. Changes nothing when none applies.
    @discardableResult
    public mutating func focus(nearestTo path: TreePath) -> TreeUpdate {
        guard let row = nearestRow(to: path, removedAt: removedRowPositions[path]) else { return TreeUpdate() }
        return focusRow(row)
    }

    /// Removes the focus.
    @discardableResult
    public mutating func clearFocus() -> TreeUpdate { TreeUpdate(focus: moveFocus(to: nil)) }

    // MARK: Helpers

    private mutating func focusRow(_ index: Int?) -> TreeUpdate {
        TreeUpdate(focus: moveFocus(to: index.map(identity(ofRow:))))
    }

    /// Sets the focus and tells how it moved.
    mutating func moveFocus(to path: TreePath?) -> FocusChange? {
        let before = focus
        focus = path
        return Self.focusChange(before, path)
    }

    static func focusChange(_ before: TreePath?, _ after: TreePath?) -> FocusChange? {
        before == after ? nil : FocusChange(from: before, to: after)
    }

    /// The row for `path` by the nearest-to rule; `removedAt` is its last visible position.
    func nearestRow(to path: TreePath, removedAt: Int?) -> Int? {
        if let slot = forest.slot(of: path) { return nearestVisibleRow(ofSlot: slot) }
        var prefix = path.normalized.parent
        while !prefix.isEmpty {
            let normalized = RawPath(bytes: Array(prefix))
            if let slot = forest.directory(normalized: normalized.bytes), let row = nearestVisibleRow(ofSlot: slot) {
                return row
            }
            prefix = normalized.parent
        }
        guard let removedAt, !visible.isEmpty else { return nil }
        return min(removedAt, visible.count - 1)
    }

    /// Moves a focus that is no longer visible to the row of its nearest visible ancestor.
    mutating func pullFocusToVisibleRow() {
        guard let slot = focus.flatMap(forest.slot(of:)), rowIndex(ofSlot: slot) == nil,
              let row = nearestVisibleRow(ofSlot: slot) else { return }
        focus = identity(ofRow: row)
    }
}
