import TreeModel

/// The shape of a visible row, without making its ``TreeRow``: its level, whether it is a
/// directory, its parent row, whether it is the last of its siblings, and its ancestors'
/// guides, as a tree drawing and sticky ancestors need them. None costs more than the
/// row's depth, whatever the number of rows.
extension TreeBrowserModel {
    /// The level of visible row `index`.
    public func level(ofRow index: Int) -> Int { visible[index].level }

    /// Whether visible row `index` is a directory (or a chain of them).
    public func isDirectory(row index: Int) -> Bool { forest.nodes[visible[index].node].isDirectory }

    /// The identity of visible row `index`.
    public func identity(row index: Int) -> TreePath { identity(ofRow: index) }

    /// The visible row of the directory containing visible row `index`, or `nil` for a
    /// top-level row.
    public func parentRow(ofRow index: Int) -> Int? {
        let parent = forest.nodes[visible[index].head].parent
        return parent == PathForest.root ? nil : rowIndex(ofSlot: parent)
    }

    /// Whether visible row `index` is the last child of its directory (or of the top level).
    public func isLastSibling(row index: Int) -> Bool { isLastChild(visible[index].head) }

    /// For each ancestor row of visible row `index`, top level first, whether a later
    /// sibling of it follows (where a drawing continues a vertical guide); as many entries as
    /// the row's level.
    public func guides(ofRow index: Int) -> AncestorGuides {
        var continues: [Bool] = []
        var slot = forest.nodes[visible[index].head].parent
        while slot != PathForest.root {
            let head = head(of: slot)
            continues.append(!isLastChild(head))
            slot = forest.nodes[head].parent
        }
        var guides = AncestorGuides()
        for flag in continues.reversed() { guides.append(flag) }
        return guides
    }

    private func isLastChild(_ slot: Int) -> Bool {
        forest.shownChildren(of: forest.nodes[slot].parent).last == slot
    }
}
