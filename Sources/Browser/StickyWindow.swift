import TreeBrowser

/// The sticky ancestors of a scroll position (Docs/TreeModel.md#sticky-ancestors), found
/// without preparing every row: ``StickyAncestors`` runs on a window of rows — the
/// ancestors of the top row, then the rows from the top on — which holds every row the
/// rule looks at, since any ancestor of a later row that lies above the top row is an
/// ancestor of the top row.
enum StickyWindow {
    /// The rows of `model` pinned when row `top` is drawn on the first of `height` lines,
    /// root first, as indices of the model's rows; a stack never takes the last line.
    /// A row being pushed out (``PinnedRow/isPushed``) is left out: the list row beneath
    /// shows through.
    static func pinned(in model: TreeBrowserModel, top: Int, height: Int) -> [Int] {
        guard top > 0, top < model.rowCount, height > 1 else { return [] }
        var ancestors: [Int] = []
        var parent = model.parentRow(ofRow: top)
        while let row = parent {
            ancestors.append(row)
            parent = model.parentRow(ofRow: row)
        }
        ancestors.reverse()
        let end = min(top + height + 1, model.rowCount)
        let window = ancestors + Array(top..<end)
        let rows = window.map { index in
            StickyRow(level: model.level(ofRow: index), isDirectory: model.isDirectory(row: index))
        }
        let pinned = StickyAncestors(rows: rows).pinned(top: ancestors.count)
        return pinned.prefix(height - 1).filter { !$0.isPushed }.map { window[$0.row] }
    }
}
