import Browser
import GitAdapter
import Render
import TreeModel

/// The browser's line counts from a comparison that returned before them
/// (``ChangeSet/pendingCounts``): each count made so far, as its change with the count, for
/// the changes the browser shows.
final class PendingCountsFeed: LineCountFeed {
    private let pending: PendingLineCounts
    private let changes: [FileChange]
    /// For each change of the comparison, its position among the browser's changes (-1 for
    /// one the browser does not show); `nil` when the browser shows every change.
    private let positions: [Int]?
    let total: Int

    /// The counts `pending` makes for `changes` (the comparison's, in its order), of which the
    /// browser shows those `shows` accepts (every one for `nil`), in the same order.
    init(_ pending: PendingLineCounts, changes: [FileChange], shows: ((FileChange) -> Bool)?) {
        self.pending = pending
        self.changes = changes
        guard let shows else {
            (positions, total) = (nil, pending.total)
            return
        }
        var positions = [Int](repeating: -1, count: changes.count)
        var shown = 0, total = 0
        for (index, change) in changes.enumerated() where shows(change) {
            positions[index] = shown
            shown += 1
            if change.status != .untracked && change.status != .unmerged { total += 1 }
        }
        self.positions = positions
        self.total = total
    }

    func start() { pending.start() }

    func take() -> LineCountDelivery {
        let batch = pending.take()
        var counted: [FileChange] = []
        var shownAt: [Int] = []
        counted.reserveCapacity(batch.counts.count)
        shownAt.reserveCapacity(batch.counts.count)
        for count in batch.counts {
            let position = positions.map { $0[count.index] } ?? count.index
            guard position >= 0 else { continue }
            var change = changes[count.index]
            change.insertions = count.insertions
            change.deletions = count.deletions
            change.binary = count.binary
            counted.append(change)
            shownAt.append(position)
        }
        return LineCountDelivery(counted: counted, positions: shownAt, isFinished: batch.isFinished,
                                 failure: batch.failure.map { TerminalText.escaped(Self.words(for: $0)) })
    }

    /// What the command line says of `error`.
    static func words(for error: any Error) -> String {
        (error as? AdapterError)?.description ?? "\(error)"
    }
}
