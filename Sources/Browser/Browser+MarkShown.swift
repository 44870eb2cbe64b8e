import TreeBrowser
import TreeModel

/// `V`: every file shown marked viewed at once (after a filter, or a find), with `v`'s
/// honesty: each file is marked with the new side the tree read, and nothing is marked when
/// the diff pane shows one of them as it was before a change. More than
/// ``markingsAskedFor`` files are marked only after `y`.
extension Browser {
    /// From how many files on `V` asks first.
    static let markingsAskedFor = 20

    /// `V`: the files shown (a find's file results, while they are highlighted), marked
    /// viewed, or not viewed when they all are; asks first when there are many.
    mutating func markShownViewed() {
        guard configuration.marks != nil else {
            message = "viewed marks are not available here"
            return
        }
        let positions = positionsOfShownFiles()
        guard !positions.isEmpty else {
            message = "no file shown to mark"
            return
        }
        let viewed = !positions.allSatisfy { allChanges[$0].viewState == .viewed }
        pendingMarking = (positions, viewed)
        guard positions.count <= Self.markingsAskedFor else {
            mode = .confirmingMarks
            return
        }
        confirmMarking()
    }

    /// `y` after `V` (or `V` on few files): marks the files it found.
    mutating func confirmMarking() {
        mode = .browsing
        guard let (positions, viewed) = pendingMarking.take() else { return }
        setViewed(viewed, at: positions, tree: positions.compactMap { try? TreePath(allChanges[$0].path) })
    }

    /// Any other key after `V`: nothing is marked.
    mutating func cancelMarking() {
        mode = .browsing
        pendingMarking = nil
        message = "nothing marked"
    }

    /// The question `V` asks in the footer.
    var markingQuestion: String {
        guard let (positions, viewed) = pendingMarking else { return "" }
        return "mark the \(positions.count) files shown \(viewed ? "viewed" : "not viewed")? y: yes, any other key: no"
    }

    /// Where the files `V` marks are in ``allChanges``: the files among the results of the
    /// find highlighted, else every file the filter shows, in path order.
    func positionsOfShownFiles() -> [Int] {
        guard let find, !find.results.isEmpty else {
            let shown = fileFilter.shows
            return allChanges.indices.filter { shown(allChanges[$0]) }
        }
        var positions: [Int] = []
        for result in find.results where !result.path.isDirectory {
            guard let change = model.change(of: result.path), let position = position(of: change.path) else { continue }
            positions.append(position)
        }
        return positions.sorted()
    }
}
