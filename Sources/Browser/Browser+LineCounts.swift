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

    /// Starts the line counts (``LineCountFeed/start()``), when there are any to wait for.
    public func startLineCounts() {
        if isCountingLines { configuration.lineCounts?.start() }
    }

    /// Whether counts taken from the feed wait to be shown (more than one frame takes).
    public var hasCountsWaiting: Bool { countBacklog.count > countBacklogStart }

    /// Takes the counts made since the last call (``LineCountFeed/take()``) into the tree and
    /// the changes, at most `limit` of them (the rest wait for the next call:
    /// ``hasCountsWaiting``). Returns whether anything shown changed.
    @discardableResult
    public mutating func takeLineCounts(limit: Int = .max) -> Bool {
        guard var progress = countProgress, let feed = configuration.lineCounts else { return false }
        if countEnd == nil {
            let delivery = feed.take()
            countBacklog += delivery.counted
            countPositions += delivery.positions.count == delivery.counted.count
                ? delivery.positions : Array(repeating: -1, count: delivery.counted.count)
            if delivery.isFinished { countEnd = delivery.failure.map { .failed($0) } ?? .complete }
        }
        let batch = countBacklogStart..<min(countBacklog.count, countBacklogStart &+ max(limit, 1))
        let taken = recordCounts(countBacklog[batch], at: countPositions[batch])
        countBacklogStart = batch.upperBound
        if countBacklogStart == countBacklog.count { (countBacklog, countPositions, countBacklogStart) = ([], [], 0) }
        progress.counted += batch.count
        countsTaken += batch.count
        model.setLineCounts(taken)
        guard let end = countEnd, !hasCountsWaiting else {
            countProgress = progress
            painter.setTotal(model.total)
            return !batch.isEmpty
        }
        countProgress = nil
        if case .failed(let failure) = end {
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
    /// those files' changes. Each is looked for at its position's hint first, else by path.
    /// Find's candidates and the viewed tally do not depend on counts and are kept.
    private mutating func recordCounts(_ counted: ArraySlice<FileChange>, at positions: ArraySlice<Int>) -> [FileChange] {
        guard !counted.isEmpty else { return [] }
        let (finder, tally) = (unfilteredFinder, viewedTally)
        defer { (unfilteredFinder, viewedTally) = (finder, tally) }
        var taken: [FileChange] = []
        taken.reserveCapacity(counted.count)
        var sortChecked = false
        for (change, hint) in zip(counted, positions) {
            if hint >= 0, hint < allChanges.count, allChanges[hint].path == change.path {
                guard RowPainter.awaitsCount(allChanges[hint]) else { continue }
                taken.append(allChanges.withUnsafeMutableBufferPointer { Self.setCounts(of: &$0[hint], from: change) })
                continue
            }
            var index = Self.firstIndex(notBefore: change.path.bytes, in: allChanges)
            if !(index < allChanges.count && allChanges[index].path == change.path) && !sortChecked {
                sortChecked = true
                guard zip(allChanges, allChanges.dropFirst()).contains(where: { $1.path < $0.path }) else { continue }
                allChanges.sort { $0.path < $1.path }
                index = Self.firstIndex(notBefore: change.path.bytes, in: allChanges)
            }
            guard index < allChanges.count, allChanges[index].path == change.path,
                  RowPainter.awaitsCount(allChanges[index]) else { continue }
            taken.append(allChanges.withUnsafeMutableBufferPointer { Self.setCounts(of: &$0[index], from: change) })
        }
        return taken
    }

    /// Gives `target` the line counts and binary state of `counted`; returns it.
    private static func setCounts(of target: inout FileChange, from counted: FileChange) -> FileChange {
        target.insertions = counted.insertions
        target.deletions = counted.deletions
        target.binary = counted.binary
        return target
    }
}
