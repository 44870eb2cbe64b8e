/// Reset (tree-model.md §9): new paths, same state for the identities that remain.
extension TreeBrowserModel {
    /// Replaces the paths. Expansion, focus and selection survive for identities that still
    /// exist; removed ones are pruned (a removed focus goes to the nearest-to row); new
    /// directories follow ``initialExpansion``. An invalid input changes nothing.
    @discardableResult
    public mutating func reset(paths: [RawPath]) throws(TreePathError) -> TreeUpdate {
        let old = self
        var next = self
        var newForest = try Self.buildForest(paths, order: order)
        newForest.flattensChains = isFlattened
        let oldForest = forest
        next.forest = newForest
        next.applyInitialExpansionToAll { oldForest.slot(of: newForest.nodes[$0].path) == nil }
        for slot in next.forest.nodes.indices.dropFirst() where next.forest.nodes[slot].isDirectory {
            if let known = oldForest.slot(of: next.forest.nodes[slot].path) {
                next.forest.setExpanded(slot, oldForest.nodes[known].isExpanded)
            }
        }
        next.visible = next.rows(below: PathForest.root, level: 0)
        next.selection = selection.filter(next.contains)
        next.removedRowPositions = [:]
        if let focused = focus, !next.contains(focused) {
            let before = focusedRowIndex
            next.focus = next.nearestRow(to: focused, removedAt: before).map(next.identity(ofRow:))
            if let before { next.removedRowPositions[focused] = before }
        }
        self = next
        let rows = RowReplacement.between(old.visible, visible) { a, b in
            a.level == b.level && a.isExpanded == b.isExpanded
                && old.forest.nodes[a.node].path == forest.nodes[b.node].path
                && old.forest.nodes[a.head].path == forest.nodes[b.head].path
        }
        return TreeUpdate(rows: rows, focus: Self.focusChange(old.focus, focus),
                          selectionChanged: selection != old.selection)
    }

    /// Replaces the paths, given as text.
    @discardableResult
    public mutating func reset(paths: [String]) throws(TreePathError) -> TreeUpdate {
        try reset(paths: paths.map(RawPath.init))
    }
}
