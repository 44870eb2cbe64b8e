import TreeModel

/// Viewed marks: a file's ``FileChange/viewState`` changes in place, without a mutation.
extension TreeBrowserModel {
    /// Gives the files at `paths` the view state `state`. Shape, roll-ups and
    /// ``revision`` stay (find's candidates and the rows do not depend on it); only the rows
    /// of those files are redecorated, unless the filter hides viewed files: then it
    /// projects the tree again, as ``setFilter(_:)`` does (a new revision). Files a filter
    /// hides take the state too; directories and unknown paths are passed over. Costs a pass over the visible rows, whatever the number of files.
    @discardableResult
    public mutating func setViewState(_ state: ViewState, of paths: [TreePath]) -> TreeUpdate {
        let hiding = forest.projection.map(\.filter.hidesViewed) ?? false
        let before = forest.projection, focusRowBefore = focusedRowIndex, rowsBefore = visible
        forest.projection = nil
        var marked = [Bool](repeating: false, count: forest.nodes.count)
        var any = false
        for path in paths {
            guard let slot = forest.slot(of: path), forest.nodes[slot].change != nil else { continue }
            forest.setViewState(of: slot, to: state)
            marked[slot] = true
            any = true
        }
        guard let before, hiding else {
            forest.projection = before
            let rows = visible.indices.filter { marked[visible[$0].node] }
            return TreeUpdate(decorations: any ? rows.first.map { $0..<(rows.last! + 1) } : nil)
        }
        forest.projection = ForestProjection(forest: forest, filter: before.filter)
        return settleProjection(hiddenBefore: before, rowsBefore: rowsBefore, focusBefore: focus,
                                focusRowBefore: focusRowBefore, selectionBefore: selection)
    }
}
