import TreeModel

/// Selection (Docs/TreeModel.md#selection): a set of identities, separate from the focus. Selecting an
/// identity inside a flattened chain selects the chain's row.
extension TreeBrowserModel {
    /// Whether this identity is selected.
    public func isSelected(_ path: TreePath) -> Bool { selection.contains(path) }

    /// Selects the row showing `path`, replacing the selection unless `extending`.
    /// Unknown paths change nothing.
    @discardableResult
    public mutating func select(_ path: TreePath, extending: Bool = false) -> TreeUpdate {
        guard let identity = rowIdentity(of: path) else { return TreeUpdate() }
        let new: Set<TreePath> = extending ? selection.union([identity]) : [identity]
        return setSelection(new)
    }

    /// Deselects the row showing `path`.
    @discardableResult
    public mutating func deselect(_ path: TreePath) -> TreeUpdate {
        guard let identity = rowIdentity(of: path) else { return TreeUpdate() }
        return setSelection(selection.subtracting([identity]))
    }

    /// Selects the row showing `path` when it is not selected, deselects it otherwise.
    @discardableResult
    public mutating func toggleSelection(_ path: TreePath) -> TreeUpdate {
        guard let identity = rowIdentity(of: path) else { return TreeUpdate() }
        return setSelection(selection.symmetricDifference([identity]))
    }

    /// Deselects everything.
    @discardableResult
    public mutating func clearSelection() -> TreeUpdate { setSelection([]) }

    private mutating func setSelection(_ new: Set<TreePath>) -> TreeUpdate {
        guard new != selection else { return TreeUpdate() }
        selection = new
        return TreeUpdate(selectionChanged: true)
    }

    /// The identity of the row showing `path` in the current projection, hidden or not.
    func rowIdentity(of path: TreePath) -> TreePath? {
        guard let slot = forest.slot(of: path) else { return nil }
        return isFlattened ? forest.nodes[rowEnd(from: head(of: slot)).node].path : path
    }
}
