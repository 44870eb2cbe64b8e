import TreeModel

/// The filter (``FileFilter``): a projection of the tree already built, not a new tree.
/// Rows, chains, roll-ups, lookups and find see only the files it shows and the directories
/// above them, exactly as in a model built from those files alone. Expansion and focus are
/// carried as a reset carries them (Docs/TreeModel.md#mutations-and-resets): what stays
/// shown keeps its state, a directory shown again follows ``initialExpansion``, a hidden
/// focus goes to the nearest-to row.
extension TreeBrowserModel {
    /// The files shown.
    public var filter: FileFilter { forest.projection?.filter ?? .everything }

    /// Shows only the files `filter` shows (every file for ``FileFilter/everything``). Costs
    /// one pass over the nodes and one over the rows shown, whatever was shown before.
    @discardableResult
    public mutating func setFilter(_ filter: FileFilter) -> TreeUpdate {
        guard filter != self.filter else { return TreeUpdate() }
        let before = forest.projection, focusRowBefore = focusedRowIndex
        forest.projection = filter.showsEverything ? nil : ForestProjection(forest: forest, filter: filter)
        return settleProjection(hiddenBefore: before, rowsBefore: visible, focusBefore: focus,
                                focusRowBefore: focusRowBefore)
    }

    /// Runs `mutate` (mutations) on every node, the filter lifted, then filters again; the
    /// update then says every shown row may have changed its decoration.
    mutating func liftingFilter(
        _ mutate: (inout TreeBrowserModel) throws(TreeMutationError) -> TreeUpdate
    ) throws(TreeMutationError) -> TreeUpdate {
        defer { forest.indexChildren() }
        guard let before = forest.projection else {
            let update = try mutate(&self)
            compactIfNeeded()
            return update
        }
        let rowsBefore = visible, focusBefore = focus, focusRowBefore = focusedRowIndex
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
                                      focusRowBefore: focusRowBefore, lostFocus: focus == nil ? focusBefore : nil)
        if needsCompaction {
            forest.projection = nil
            compactIfNeeded()
            forest.projection = ForestProjection(forest: forest, filter: before.filter)
        }
        return update
    }

    /// After the projection changed from `hiddenBefore`: opens or closes the directories now
    /// shown that were hidden, makes the rows again, keeps the focus on what is shown (a hidden focus, or `lostFocus` removed by a mutation, goes to the
    /// nearest-to row), and reports the update.
    mutating func settleProjection(
        hiddenBefore before: ForestProjection?, rowsBefore: [ShownRow], focusBefore: TreePath?,
        focusRowBefore: Int?, lostFocus: TreePath? = nil
    ) -> TreeUpdate {
        if let before { applyInitialExpansion(toShownOutside: before) }
        visible = rows(below: PathForest.root, level: 0)
        removedRowPositions = [:]
        revision += 1
        if let focused = focus.map({ contains($0) ? nil : $0 }) ?? lostFocus {
            focus = nearestRow(to: focused, removedAt: focusRowBefore).map(identity(ofRow:))
            if let focusRowBefore { removedRowPositions[focused] = focusRowBefore }
        }
        let rows = RowReplacement.between(rowsBefore, visible)
        let outside = rows.map { $0.inserted.count < visible.count } ?? !visible.isEmpty
        return TreeUpdate(rows: rows, decorations: outside ? visible.indices : nil,
                          focus: Self.focusChange(focusBefore, focus))
    }

    /// Gives every shown directory that `before` hid (or that did not exist then) the
    /// ``initialExpansion``, its level counted in the rows shown now. One pass over the slots
    /// finds them; under a depth rule they start closed, and a walk down the shown rows above
    /// that depth (each row's level from its parent's) opens those the rule opens.
    private mutating func applyInitialExpansion(toShownOutside before: ForestProjection) {
        let now = forest.projection
        var shownAgain: [Int] = []
        forest.flags.withUnsafeBufferPointer { flags in
            for slot in flags.indices.dropFirst()
            where flags[slot].isSuperset(of: [.alive, .directory]) && !before.isShown(slot) && now?.isShown(slot) ?? true {
                shownAgain.append(slot)
            }
        }
        guard !shownAgain.isEmpty else { return }
        guard case .depth(let depth) = initialExpansion else {
            for slot in shownAgain { forest.setExpanded(slot, initiallyExpanded(slot, level: 0)) }
            return
        }
        for slot in shownAgain { forest.setExpanded(slot, false) }
        var opened: [Int] = []
        forest.withShownChildLists { isDirectory, children in
            var stack: [(slot: Int, level: Int)] = [(PathForest.root, 0)]
            while let (parent, level) = stack.popLast() {
                let below = children(parent)
                for child in below where isDirectory(child) {
                    let childLevel = parent == PathForest.root ? 0
                        : forest.flattensChains && below.count == 1 ? level : level + 1
                    guard ExpansionDepth.opens(rowLevel: childLevel, depth: depth) else { continue }
                    if !before.isShown(child) { opened.append(child) }
                    stack.append((child, childLevel))
                }
            }
        }
        for slot in opened { forest.setExpanded(slot, true) }
    }
}
