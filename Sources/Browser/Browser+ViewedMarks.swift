import TreeBrowser
import TreeModel

/// `v` in place: the files' view states change in ``Browser/allChanges`` and in the model
/// (``TreeBrowserModel/setViewState(_:ofFilesAt:)``), which is not built again, and find's
/// candidates, which do not depend on them, are kept.
extension Browser {
    /// Gives the files `tree` names (a directory: the files shown below it), at `positions`
    /// of ``allChanges``, the view state `state`, in the changes and in the tree; the header
    /// (its tally counted on, not again), focus and diff pane follow.
    mutating func markViewState(_ state: ViewState, ofFiles tree: [TreePath], at positions: [Int]) {
        let focusBefore = model.focus
        let keptFinder = unfilteredFinder
        var tally = viewedTally
        for position in positions {
            tally?.note(allChanges[position].status, viewStateFrom: allChanges[position].viewState, to: state)
            allChanges[position].viewState = state
        }
        unfilteredFinder = keptFinder
        viewedTally = tally
        if tree.count == 1 { model.setViewState(state, ofFilesAt: tree[0]) } else { model.setViewState(state, of: tree) }
        if hidesViewed {
            find = nil
            finder = nil
            finderPreparation = nil
            shownTree = nil
        }
        settleAfterShowing(focusBefore: focusBefore)
    }

    /// Where the change at `path` is in ``allChanges``: by binary search, else one by one.
    func position(of path: RawPath) -> Int? {
        let position = Self.firstIndex(notBefore: path.bytes, in: allChanges)
        if position < allChanges.count, allChanges[position].path == path { return position }
        return allChanges.indices.first { allChanges[$0].path == path }
    }

    /// Marks the changes at `positions` of ``allChanges`` viewed (or not), the files `tree`
    /// names in the tree (a directory: the files shown below it) taking the view state; when
    /// the diff pane shows one of them as it was before a change, marks nothing and shows it
    /// as it is now.
    mutating func setViewed(_ viewed: Bool, at positions: [Int], tree: [TreePath]) {
        guard let marks = configuration.marks, !positions.isEmpty else { return }
        if viewed, let pane = diff, diffIsStale, positions.contains(where: { allChanges[$0].path == pane.change.path }) {
            reloadDiff()
            message = Self.changedSinceShown
            return
        }
        let changes = positions.map { allChanges[$0] }
        do {
            try marks.setViewed(viewed, for: changes)
        } catch {
            message = "cannot write the viewed marks: \(error)"
            return
        }
        markViewState(viewed ? .viewed : .notViewed, ofFiles: tree, at: positions)
        message = "\(changes.count) \(changes.count == 1 ? "file" : "files") marked \(viewed ? "viewed" : "not viewed")"
    }

    /// The footer's words when `v` marked nothing because the diff pane showed its file as
    /// it was before a change: the pane shows it as it is now.
    static let changedSinceShown = "the file changed since it was shown: shown again now, v marks it"

    /// Where the changes the row shows are in ``allChanges``: a file's; a directory's shown
    /// files below it. Changes come in path order, where a directory's are next to each
    /// other: a binary search finds them, checked against the number of files the tree
    /// shows there; changes in another order are looked for one by one.
    func positionsOfChanges(below row: TreeRow) -> [Int] {
        let shown = fileFilter.shows
        if let change = row.change { return position(of: change.path).map { [$0] } ?? [] }
        let prefix = row.identity.normalized.bytes + [UInt8(ascii: "/")]
        let start = Self.firstIndex(notBefore: prefix, in: allChanges)
        var end = start
        while end < allChanges.count, allChanges[end].path.bytes.starts(with: prefix) { end += 1 }
        let found = (start..<end).filter { shown(allChanges[$0]) }
        if found.count == row.summary.files { return found }
        return allChanges.indices.filter { allChanges[$0].path.bytes.starts(with: prefix) && shown(allChanges[$0]) }
    }
}

/// Where `v` writes viewed marks: the focused file, or every file below a focused directory,
/// marked viewed or not. The browser keeps each change's ``FileChange/viewState`` itself
/// (the tree's rows show it, the header counts `x of y viewed`).
///
/// The command gives the browser a value that writes the marks of the repository compared,
/// or none (a change list from standard input), and then `v` says marks are not available.
public protocol ReviewMarks: AnyObject {
    /// Marks every change of `changes` viewed as it is now, or unmarks them. The writing may
    /// go on after the call returns (off the key's path); its failure then comes from
    /// ``takeWriteFailure()``.
    /// - Throws: when the marks cannot be written; the footer shows the error.
    func setViewed(_ viewed: Bool, for changes: [FileChange]) throws

    /// The new-side id ``setViewed(_:for:)`` would mark the file at `path` with now: the one
    /// read with the change the tree shows (at the start, or by the last live refresh);
    /// `nil` when unknown. The diff pane compares it with the id its lines were made from.
    func newObject(at path: RawPath) -> ObjectHash?

    /// Why a write that went on after ``setViewed(_:for:)`` returned failed, once; `nil`
    /// when none did. The browser asks after every event and shows it in the footer.
    func takeWriteFailure() -> String?
}

extension ReviewMarks {
    /// Marks written before ``ReviewMarks/setViewed(_:for:)`` returns never fail later.
    public func takeWriteFailure() -> String? { nil }
}

/// How many changes there are of each status and how many of them are marked viewed, counted
/// in one pass so that the header's `x of y viewed` under a filter costs no pass of its own.
struct ViewedTally {
    /// Counts by the status's letter byte (0: no status).
    private var viewed = [Int](repeating: 0, count: 128)
    private var files = [Int](repeating: 0, count: 128)
    private var total = (viewed: 0, files: 0)

    /// The tally of `changes`.
    init(_ changes: [FileChange]) {
        for index in changes.indices {
            let slot = Self.slot(of: changes[index].status)
            files[slot] += 1
            if changes[index].viewState == .viewed {
                viewed[slot] += 1
                total.viewed += 1
            }
        }
        total.files = changes.count
    }

    /// Counts a change of `status` whose view state went from `before` to `after`.
    mutating func note(_ status: ChangeStatus?, viewStateFrom before: ViewState, to after: ViewState) {
        guard (before == .viewed) != (after == .viewed) else { return }
        let step = after == .viewed ? 1 : -1
        viewed[Self.slot(of: status)] += step
        total.viewed += step
    }

    /// How many changes of `status` (of any status for `nil`) are marked viewed, and how many
    /// there are.
    func counts(status: ChangeStatus?) -> (viewed: Int, files: Int) {
        guard let status else { return total }
        return (viewed[Self.slot(of: status)], files[Self.slot(of: status)])
    }

    private static func slot(of status: ChangeStatus?) -> Int {
        status.map { Int($0.letterByte & 0x7F) } ?? 0
    }
}
