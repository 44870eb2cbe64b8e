import Browser
import GitAdapter
import Render
import TreeModel

/// The browser's line counts from a comparison that returned before them
/// (``ChangeSet/pendingCounts``): each count made so far, as its change with the count.
final class PendingCountsFeed: LineCountFeed {
    private let pending: PendingLineCounts
    private let changes: [FileChange]

    /// The counts `pending` makes for `changes` (the comparison's, in its order).
    init(_ pending: PendingLineCounts, changes: [FileChange]) {
        self.pending = pending
        self.changes = changes
    }

    var total: Int { pending.total }

    func take() -> LineCountDelivery {
        let batch = pending.take()
        let counted = batch.counts.map { count in
            var change = changes[count.index]
            change.insertions = count.insertions
            change.deletions = count.deletions
            change.binary = count.binary
            return change
        }
        return LineCountDelivery(counted: counted, isFinished: batch.isFinished,
                                 failure: batch.failure.map { TerminalText.escaped(Self.words(for: $0)) })
    }

    /// What the command line says of `error`.
    static func words(for error: any Error) -> String {
        (error as? AdapterError)?.description ?? "\(error)"
    }
}
