import TreeModel

/// Viewed marks: a file's ``FileChange/viewState`` changes in place, without a mutation.
/// Shape, roll-ups and ``revision`` stay (find's candidates and the rows' shape do not depend
/// on it); only the rows of those files are redecorated, unless the filter hides viewed
/// files: then the tree is projected again, as ``setFilter(_:)`` does (a new revision).
extension TreeBrowserModel {
    /// Gives the files at `paths` the view state `state`, those a filter hides too;
    /// directories and unknown paths are passed over.
    @discardableResult
    public mutating func setViewState(_ state: ViewState, of paths: [TreePath]) -> TreeUpdate {
        let projection = forest.projection
        forest.projection = nil
        let files = paths.compactMap { forest.slot(of: $0) }.filter { !forest.isDirectory($0) }
        forest.projection = projection
        return setViewState(state, ofFiles: files)
    }

    /// Gives the file at `path`, or every file shown below the directory at `path`, the view
    /// state `state` (the browser's `v`): no lookup per file, one walk below `path`.
    @discardableResult
    public mutating func setViewState(_ state: ViewState, ofFilesAt path: TreePath) -> TreeUpdate {
        guard let slot = forest.slot(of: path) else { return TreeUpdate() }
        return setViewState(state, ofFiles: forest.shownFiles(below: slot))
    }

    /// Sets the view state of the file slots `files`; costs a pass over the visible rows
    /// besides, whatever their number.
    private mutating func setViewState(_ state: ViewState, ofFiles files: [Int]) -> TreeUpdate {
        guard !files.isEmpty else { return TreeUpdate() }
        let before = forest.projection, focusRowBefore = focusedRowIndex, rowsBefore = visible
        var marked = [Bool](repeating: false, count: forest.nodes.count)
        for slot in files {
            forest.setViewState(of: slot, to: state)
            marked[slot] = true
        }
        guard let before, before.filter.hidesViewed else {
            guard let first = visible.firstIndex(where: { marked[$0.node] }),
                  let last = visible.lastIndex(where: { marked[$0.node] }) else { return TreeUpdate() }
            return TreeUpdate(decorations: first..<(last + 1))
        }
        forest.projection = ForestProjection(forest: forest, filter: before.filter)
        return settleProjection(hiddenBefore: before, rowsBefore: rowsBefore, focusBefore: focus,
                                focusRowBefore: focusRowBefore)
    }
}
