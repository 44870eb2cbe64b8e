import TreeModel

/// Expansion (Docs/TreeModel.md#expansion-and-depth): expanding or collapsing recomputes only the row and the
/// rows below it, reported as one contiguous range.
extension TreeBrowserModel {
    /// Whether the directory with this identity is expanded (its own state, whatever its
    /// ancestors' or chain's).
    public func isExpanded(_ path: TreePath) -> Bool {
        forest.slot(of: path).map(forest.isExpanded) ?? false
    }

    /// Every expanded directory.
    public var expandedPaths: Set<TreePath> {
        Set(forest.nodes.indices.dropFirst().lazy.filter { slot in
            forest.isAlive(slot) && forest.isDirectory(slot) && forest.isExpanded(slot) && forest.isShown(slot)
        }.map { forest.nodes[$0].path })
    }

    /// Opens the row showing `path`: every directory of its chain. Nested directories keep
    /// their own state. Unknown paths and files change nothing.
    @discardableResult
    public mutating func expand(_ path: TreePath) -> TreeUpdate {
        guard let slot = forest.slot(of: path), forest.nodes[slot].isDirectory else { return TreeUpdate() }
        let chain = isFlattened ? chain(containing: slot) : [slot]
        guard chain.contains(where: { !forest.isExpanded($0) }) else { return TreeUpdate() }
        for member in chain { forest.setExpanded(member, true) }
        return TreeUpdate(rows: refreshSubtree(ofSlot: slot))
    }

    /// Closes the row showing `path` (a chain closes at its last directory). Directories
    /// below keep their state; a focus inside moves to the closed row.
    @discardableResult
    public mutating func collapse(_ path: TreePath) -> TreeUpdate {
        guard let slot = forest.slot(of: path), forest.nodes[slot].isDirectory else { return TreeUpdate() }
        let target = isFlattened ? rowEnd(from: head(of: slot)).node : slot
        let wasOpen = isFlattened ? rowEnd(from: head(of: slot)).isExpanded : forest.isExpanded(slot)
        guard wasOpen else { return TreeUpdate() }
        let focusBefore = focus
        forest.setExpanded(target, false)
        let rows = refreshSubtree(ofSlot: slot)
        pullFocusToVisibleRow()
        return TreeUpdate(rows: rows, focus: Self.focusChange(focusBefore, focus))
    }

    /// Collapses the row showing `path` when it is open, expands it otherwise.
    @discardableResult
    public mutating func toggle(_ path: TreePath) -> TreeUpdate {
        guard let slot = forest.slot(of: path) else { return TreeUpdate() }
        let open = isFlattened ? rowEnd(from: head(of: slot)).isExpanded : forest.isExpanded(slot)
        return open ? collapse(path) : expand(path)
    }

    /// Opens every missing ancestor of `path` in one update, so that its row is visible,
    /// and focuses that row unless `focus` is false.
    @discardableResult
    public mutating func reveal(_ path: TreePath, focus: Bool = true) -> TreeUpdate {
        guard let slot = forest.slot(of: path) else { return TreeUpdate() }
        var topmostOpened: Int?
        var ancestor = forest.nodes[slot].parent
        while ancestor != PathForest.root {
            if !forest.isExpanded(ancestor) {
                forest.setExpanded(ancestor, true)
                topmostOpened = ancestor
            }
            ancestor = forest.nodes[ancestor].parent
        }
        var update = TreeUpdate(rows: topmostOpened.flatMap { refreshSubtree(ofSlot: $0) })
        if focus, let row = rowIndex(ofSlot: slot) { update.focus = moveFocus(to: identity(ofRow: row)) }
        return update
    }

    /// Expands every directory.
    @discardableResult
    public mutating func expandAll() -> TreeUpdate { setAllExpanded(true) }

    /// Collapses every directory; the focus moves to its top-level row.
    @discardableResult
    public mutating func collapseAll() -> TreeUpdate { setAllExpanded(false) }

    private mutating func setAllExpanded(_ expanded: Bool) -> TreeUpdate {
        let focusBefore = focus
        forest.setAllExpanded(expanded)
        let rows = refreshAll()
        pullFocusToVisibleRow()
        return TreeUpdate(rows: rows, focus: Self.focusChange(focusBefore, focus))
    }

    /// Shows directory-only chains as one row, or not. Identities and state stay as they are.
    @discardableResult
    public mutating func setFlattened(_ flatten: Bool) -> TreeUpdate {
        guard flatten != isFlattened else { return TreeUpdate() }
        forest.flattensChains = flatten
        return TreeUpdate(rows: refreshAll())
    }

    // MARK: Initial expansion

    /// Gives every directory of a new forest the expansion `known` says its path had, or else
    /// ``initialExpansion``. Slots are visited in increasing order, parents before their
    /// children (a new forest creates every ancestor first).
    mutating func applyExpansionToAll(known: (TreePath) -> Bool?) {
        let needsLevels = if case .depth = initialExpansion { true } else { false }
        var levels = needsLevels ? [Int](repeating: 0, count: forest.nodes.count) : []
        for slot in forest.nodes.indices.dropFirst() where forest.nodes[slot].isDirectory {
            var level = 0
            if needsLevels {
                let parent = forest.nodes[slot].parent
                level = forest.rowLevel(of: slot, parentRowLevel: parent == PathForest.root ? nil : levels[parent])
                levels[slot] = level
            }
            forest.setExpanded(slot, known(forest.nodes[slot].path) ?? initiallyExpanded(slot, level: level))
        }
    }

    /// Applies ``initialExpansion`` to newly created slots.
    mutating func applyInitialExpansion(to slots: [Int]) {
        for slot in slots where forest.nodes[slot].isDirectory {
            forest.setExpanded(slot, initiallyExpanded(slot, level: forest.rowLevel(of: slot)))
        }
    }

    func initiallyExpanded(_ slot: Int, level: Int) -> Bool {
        switch initialExpansion {
        case .depth(let depth): ExpansionDepth.opens(rowLevel: level, depth: depth)
        case .expanded: true
        case .collapsed: false
        case .identities(let open): open.contains(forest.nodes[slot].path)
        }
    }
}
