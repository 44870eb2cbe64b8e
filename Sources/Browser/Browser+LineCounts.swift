import TreeBrowser
import TreeModel

/// Line counts that fill in after the first frame (``BrowserConfiguration/lineCounts``): the
/// tree, statuses and renames are shown at once, each file's `+/-` when it is counted, a
/// directory's roll-up once every file below it is, the header's totals once every file is
/// (until then it says how far the counting is). The counts change no row's shape, the
/// focus, the scroll position or a filter; in size order the tree is ranked again once they
/// are all in.
extension Browser {
    /// Whether line counts are still coming.
    public var isCountingLines: Bool { countProgress != nil }

    /// Takes the counts made since the last call (``LineCountFeed/take()``) into the tree and
    /// the changes. Returns whether anything shown changed.
    @discardableResult
    public mutating func takeLineCounts() -> Bool {
        guard var progress = countProgress, let feed = configuration.lineCounts else { return false }
        let delivery = feed.take()
        progress.counted += delivery.counted.count
        model.setLineCounts(recordCounts(delivery.counted))
        guard delivery.isFinished else {
            countProgress = progress
            painter.setTotal(model.total)
            return !delivery.counted.isEmpty
        }
        countProgress = nil
        if let failure = delivery.failure {
            lineCountFailure = failure
            message = "cannot count lines: \(failure)"
        } else {
            painter.setCountsPending(false)
            if order == .size { _ = showChanges() }
        }
        painter.setTotal(model.total)
        return true
    }

    /// Writes the counts of `counted` into ``allChanges``, for the files that have none yet
    /// (a file read again by live refresh has its own), keeping what else they hold; returns
    /// those files' changes. Find's candidates and the viewed tally do not depend on counts
    /// and are kept.
    private mutating func recordCounts(_ counted: [FileChange]) -> [FileChange] {
        guard !counted.isEmpty else { return [] }
        let (finder, tally) = (unfilteredFinder, viewedTally)
        defer { (unfilteredFinder, viewedTally) = (finder, tally) }
        var taken: [FileChange] = []
        taken.reserveCapacity(counted.count)
        var sortChecked = false
        for change in counted {
            var index = Self.firstIndex(notBefore: change.path.bytes, in: allChanges)
            if !(index < allChanges.count && allChanges[index].path == change.path) && !sortChecked {
                sortChecked = true
                guard zip(allChanges, allChanges.dropFirst()).contains(where: { $1.path < $0.path }) else { continue }
                allChanges.sort { $0.path < $1.path }
                index = Self.firstIndex(notBefore: change.path.bytes, in: allChanges)
            }
            guard index < allChanges.count, allChanges[index].path == change.path,
                  RowPainter.awaitsCount(allChanges[index]) else { continue }
            var updated = allChanges[index]
            updated.insertions = change.insertions
            updated.deletions = change.deletions
            updated.binary = change.binary
            allChanges[index] = updated
            taken.append(updated)
        }
        return taken
    }
}
