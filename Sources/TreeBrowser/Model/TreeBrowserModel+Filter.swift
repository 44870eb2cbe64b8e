import TreeModel

/// The filter (``FileFilter``): a projection of the tree already built, not a new tree.
/// Rows, chains, roll-ups, lookups and find see only the files it shows and the directories
/// above them, exactly as in a model built from those files alone. Expansion, focus and
/// selection are carried as a reset carries them (Docs/TreeModel.md#mutations-and-resets):
/// what stays shown keeps its state, a directory shown again follows ``initialExpansion``,
/// the selection keeps what is still shown, a hidden focus goes to the nearest-to row.
extension TreeBrowserModel {
    /// The files shown.
    public var filter: FileFilter { forest.projection?.filter ?? .everything }

    /// Shows only the files `filter` shows (every file for ``FileFilter/everything``). Costs
    /// two passes over the nodes and one over the rows shown, whatever was shown before.
    @discardableResult
    public mutating func setFilter(_ filter: FileFilter) -> TreeUpdate {
        guard filter != self.filter else { return TreeUpdate() }
        let before = forest.projection, focusRowBefore = focusedRowIndex
        forest.projection = filter.showsEverything ? nil : ForestProjection(forest: forest, filter: filter)
        return settleProjection(hiddenBefore: before, rowsBefore: visible, focusBefore: focus,
                                focusRowBefore: focusRowBefore, selectionBefore: selection)
    }

    /// Runs `mutate` (mutations) on every node, the filter lifted, then filters again; the
    /// update then says every shown row may have changed its decoration.
    mutating func liftingFilter(
        _ mutate: (inout TreeBrowserModel) throws(TreeMutationError) -> TreeUpdate
    ) throws(TreeMutationError) -> TreeUpdate {
        guard let before = forest.projection else {
            let update = try mutate(&self)
            compactIfNeeded()
            return update
        }
        let rowsBefore = visible, focusBefore = focus, focusRowBefore = focusedRowIndex, selectionBefore = selection
        forest.projection = nil
        defersLostFocus = true
        defer { defersLostFocus = false }
        do { _ = try mutate(&self) } catch {
            forest.projection = before
            visible = rowsBefore
            throw error
        }
        forest.projection = ForestProjection(forest: forest, filter: before.filter)
        let update = settleProjection(hiddenBefore: before, rowsBefore: rowsBefore, focusBefore: focusBefore,
                                      focusRowBefore: focusRowBefore, selectionBefore: selectionBefore,
                                      lostFocus: focus == nil ? focusBefore : nil)
        if needsCompaction {
            forest.projection = nil
            compactIfNeeded()
            forest.projection = ForestProjection(forest: forest, filter: before.filter)
        }
        return update
    }

    /// After the projection changed from `hiddenBefore`: opens or closes the directories now
    /// shown that were hidden, makes the rows again, keeps the selection and the focus on
    /// what is shown (a hidden focus, or `lostFocus` removed by a mutation, goes to the
    /// nearest-to row), and reports the update.
    private mutating func settleProjection(
        hiddenBefore before: ForestProjection?, rowsBefore: [ShownRow], focusBefore: TreePath?,
        focusRowBefore: Int?, selectionBefore: Set<TreePath>, lostFocus: TreePath? = nil
    ) -> TreeUpdate {
        if let before { applyInitialExpansion(toShownOutside: before) }
        visible = rows(below: PathForest.root, level: 0)
        if !selection.isEmpty { selection = selection.filter(contains) }
        removedRowPositions = [:]
        revision += 1
        if let focused = focus.map({ contains($0) ? nil : $0 }) ?? lostFocus {
            focus = nearestRow(to: focused, removedAt: focusRowBefore).map(identity(ofRow:))
            if let focusRowBefore { removedRowPositions[focused] = focusRowBefore }
        }
        let rows = RowReplacement.between(rowsBefore, visible, equal: ==)
        let outside = rows.map { $0.inserted.count < visible.count } ?? !visible.isEmpty
        return TreeUpdate(rows: rows, decorations: outside ? visible.indices : nil,
                          focus: Self.focusChange(focusBefore, focus), selectionChanged: selection != selectionBefore)
    }

    /// Gives every shown directory that `before` hid (or that did not exist then) the
    /// ``initialExpansion``, its level counted in the rows shown now.
    private mutating func applyInitialExpansion(toShownOutside before: ForestProjection) {
        let needsLevels = if case .depth = initialExpansion { true } else { false }
        var levels = needsLevels ? [Int32](repeating: 0, count: forest.nodes.count) : []
        let now = forest.projection
        for slot in forest.nodes.indices.dropFirst()
        where forest.nodes[slot].isDirectory && forest.nodes[slot].isAlive && now?.isShown(slot) ?? true {
            var level = 0
            if needsLevels {
                let parent = forest.nodes[slot].parent
                level = forest.rowLevel(of: slot, parentRowLevel: parent == PathForest.root ? nil : Int(levels[parent]))
                levels[slot] = Int32(level)
            }
            if !before.isShown(slot) { forest.setExpanded(slot, initiallyExpanded(slot, level: level)) }
        }
    }
}
