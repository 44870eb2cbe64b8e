import TreeBrowser
import TreeModel

/// `v` in place: the files' view states change in ``Browser/allChanges`` and in the model
/// (``TreeBrowserModel/setViewState(_:ofFilesAt:)``), which is not built again, and find's
/// candidates, which do not depend on them, are kept.
extension Browser {
    /// Gives the files `row` shows (at `positions` of ``allChanges``) the view state
    /// `state`, in the changes and in the tree; the header (its tally counted on, not
    /// again), focus and diff pane follow.
    mutating func markViewState(_ state: ViewState, ofFilesOf row: TreeRow, at positions: [Int]) {
        let focusBefore = model.focus
        let keptFinder = unfilteredFinder
        var tally = viewedTally
        for position in positions {
            tally?.note(allChanges[position].status, viewStateFrom: allChanges[position].viewState, to: state)
            allChanges[position].viewState = state
        }
        unfilteredFinder = keptFinder
        viewedTally = tally
        model.setViewState(state, ofFilesAt: row.identity)
        if hidesViewed {
            find = nil
            finder = nil
            finderPreparation = nil
            shownTree = nil
        }
        settleAfterShowing(focusBefore: focusBefore)
    }

    /// Where the changes the row shows are in ``allChanges``: a file's; a directory's shown
    /// files below it. Changes come in path order, where a directory's are next to each
    /// other: a binary search finds them, checked against the number of files the tree
    /// shows there; changes in another order are looked for one by one.
    func positionsOfChanges(below row: TreeRow) -> [Int] {
        let shown = fileFilter.shows
        if let change = row.change {
            let position = Self.firstIndex(notBefore: change.path.bytes, in: allChanges)
            if position < allChanges.count, allChanges[position].path == change.path { return [position] }
            return allChanges.indices.first { allChanges[$0].path == change.path }.map { [$0] } ?? []
        }
        let prefix = row.identity.normalized.bytes + [UInt8(ascii: "/")]
        let start = Self.firstIndex(notBefore: prefix, in: allChanges)
        var end = start
        while end < allChanges.count, allChanges[end].path.bytes.starts(with: prefix) { end += 1 }
        let found = (start..<end).filter { shown(allChanges[$0]) }
        if found.count == row.summary.files { return found }
        return allChanges.indices.filter { allChanges[$0].path.bytes.starts(with: prefix) && shown(allChanges[$0]) }
    }
}
