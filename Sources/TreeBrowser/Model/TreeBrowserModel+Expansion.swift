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
