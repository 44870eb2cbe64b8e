import TreeBrowser

/// The scroll position of the tree: the focus always on a line of its own, below the
/// directories pinned at the top (Docs/TreeModel.md#sticky-ancestors).
extension Browser {
    /// The rows pinned above the tree at the scroll position `top`, root first.
    func pinnedRows(top: Int) -> [Int] {
        StickyWindow.pinned(in: model, top: top, height: layout.tree.rows)
    }

    /// The pinned rows now.
    var pinnedRows: [Int] { pinnedRows(top: top) }

    /// Keeps the scroll position within the rows: no blank lines below the last row when
    /// there are rows above the top.
    mutating func clampScroll() {
        let height = layout.tree.rows
        top = min(max(top, 0), max(model.rowCount - height, 0))
    }

    /// Scrolls as little as needed for the focused row to be on a line of its own: not below
    /// the last line, not under the pinned directories.
    mutating func scrollToFocus() {
        guard let focused = focusedRow else { return }
        let height = layout.tree.rows
        if focused >= top + height { top = focused - height + 1 }
        if focused < top { top = focused }
        while top > 0 && focused < top + pinnedRows(top: top).count { top -= 1 }
        clampScroll()
    }

    /// Scrolls the tree by `delta` lines (the mouse wheel), moving the focus along when it
    /// would leave the screen.
    mutating func scrollTree(by delta: Int) {
        top += delta
        clampScroll()
        guard let focused = focusedRow else { return }
        let height = layout.tree.rows
        let firstSeen = top + pinnedRows.count
        let target = min(max(focused, firstSeen), top + height - 1, model.rowCount - 1)
        if target != focused {
            let identity = model.identity(row: target)
            model.focus(nearestTo: identity)
            followFocusWithDiff()
        }
    }
}
