import TreeModel

/// Reset (Docs/TreeModel.md#mutations-and-resets): a new tree, the same state for the
/// identities that remain.
extension TreeBrowserModel {
    /// Replaces the paths. Expansion and focus survive for identities that still
    /// exist; removed ones are pruned (a removed focus goes to the nearest-to row); new
    /// directories follow ``initialExpansion``. The ``filter`` stays: what it hid before
    /// counts as new. An invalid input changes nothing.
    @discardableResult
    public mutating func reset(paths: [RawPath]) throws(TreePathError) -> TreeUpdate {
        try reset(to: Self.buildForest(paths, order: order))
    }

    /// Replaces the paths, given as text.
    @discardableResult
    public mutating func reset(paths: [String]) throws(TreePathError) -> TreeUpdate {
        try reset(paths: paths.map(RawPath.init))
    }

    /// Replaces the tree with a change tree's, as ``reset(paths:)-([RawPath])`` does: the
    /// live refresh of a change set.
    @discardableResult
    public mutating func reset(changeTree: ChangeTree) throws(TreePathError) -> TreeUpdate {
        try reset(to: Self.buildForest(changeTree))
    }

    private mutating func reset(to newForest: consuming PathForest) -> TreeUpdate {
        let old = self
        var next = self
        let oldForest = forest
        next.forest = consume newForest
        next.forest.flattensChains = isFlattened
        next.forest.projection = filter.showsEverything ? nil : ForestProjection(forest: next.forest, filter: filter)
        next.applyExpansionToAll { path in
            oldForest.slot(of: path).map(oldForest.isExpanded)
        }
        next.visible = next.rows(below: PathForest.root, level: 0)
        next.removedRowPositions = [:]
        next.revision += 1
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
        return TreeUpdate(rows: rows, decorations: decorationsChanged(since: old, rows: rows),
                          focus: Self.focusChange(old.focus, focus))
    }

    /// The smallest range of rows outside `rows` (the reshaped ones) whose change or roll-up
    /// differs from the same row of `old`.
    private func decorationsChanged(since old: TreeBrowserModel, rows: RowReplacement?) -> Range<Int>? {
        var range: Range<Int>?
        for index in visible.indices {
            var oldIndex = index
            if let rows {
                if rows.inserted.contains(index) { continue }
                if index >= rows.inserted.upperBound { oldIndex = index - rows.inserted.count + rows.replaced.count }
            }
            let oldSlot = old.visible[oldIndex].node, newSlot = visible[index].node
            guard old.forest.nodes[oldSlot].change != forest.nodes[newSlot].change
                || old.forest.shownSummary(of: oldSlot) != forest.shownSummary(of: newSlot) else { continue }
            range = range.map { $0.lowerBound..<(index + 1) } ?? index..<(index + 1)
        }
        return range
    }
}
