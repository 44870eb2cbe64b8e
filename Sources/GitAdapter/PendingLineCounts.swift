import Foundation
import Locking

/// The line counts of a comparison made after it returned (``ComparisonRequest/countsLater``):
/// the same ``LineCounter`` run, on the same jobs, as the comparison would have run before
/// returning, on threads of its own, each count handed over as soon as it is made. The
/// results cache gets what it would have got, and is saved once every count is made
/// (``ChangeSet/pendingSave``).
///
/// Any thread may ask for the counts made so far (``take()``); each count is taken once.
public final class PendingLineCounts: Sendable {
    /// The count of one change: its index in ``ChangeSet/changes`` and what
    /// `git diff --numstat` shows for it (a binary file has no line counts).
    public struct Count: Sendable, Equatable {
        public let index: Int
        public let insertions: Int?
        public let deletions: Int?
        public let binary: Bool

        /// The count of change `index`.
        public init(index: Int, insertions: Int?, deletions: Int?, binary: Bool) {
            self.index = index
            self.insertions = insertions
            self.deletions = deletions
            self.binary = binary
        }
    }

    /// What ``take()`` hands over: the counts made since the last call, whether every count
    /// is made now, and what stopped the counting, if anything did.
    public struct Batch: Sendable {
        public var counts: [Count]
        public var isFinished: Bool
        public var failure: (any Error)?
    }

    private struct State {
        var made: [Count] = []
        var finished = false
        var failure: (any Error)?
    }

    /// How many changes get a count.
    public let total: Int
    /// For each job, the index of its change in ``ChangeSet/changes``.
    private let positions: [Int]
    private let state = Locked(State())
    private let done = DispatchSemaphore(value: 0)

    /// Counts for the changes at `positions`, one per job, in the jobs' order.
    init(positions: [Int]) {
        self.positions = positions
        total = positions.count
    }

    /// The counts made since the last call, and whether the counting has ended.
    public func take() -> Batch {
        state.withLock { state in
            defer { state.made = [] }
            return Batch(counts: state.made, isFinished: state.finished, failure: state.failure)
        }
    }

    /// What stopped the counting before every count was made, once it has ended; `nil`
    /// while it runs and when every count was made.
    public var failure: (any Error)? { state.withLock { $0.failure } }

    /// Returns once every count is made (or the counting failed).
    public func waitUntilFinished() {
        done.wait()
        done.signal()
    }

    /// Starts `counter` on `jobs` on a thread of its own (its workers on every core, as the
    /// comparison runs it); the results cache `results` is saved, as the comparison would
    /// save it, once every count is made, unless the counting failed. Returns that save.
    func start(_ counter: LineCounter, jobs: [LineCounter.Job], results: ResultCache?) -> PendingCacheSave? {
        Thread { [self] in
            do {
                _ = try counter.countWithHunks(jobs) { [self] job, count in record(job, count) }
                finish(failure: nil)
            } catch {
                finish(failure: error)
            }
        }.start()
        return results.map { results in
            PendingCacheSave { [self] in
                waitUntilFinished()
                if failure == nil { results.save() }
            }
        }
    }

    private func record(_ job: Int, _ count: LineCounter.Count) {
        let made = Count(index: positions[job], insertions: count.binary ? nil : count.insertions,
                         deletions: count.binary ? nil : count.deletions, binary: count.binary)
        state.withLock { $0.made.append(made) }
    }

    private func finish(failure: (any Error)?) {
        state.withLock { state in
            state.finished = true
            state.failure = failure
        }
        done.signal()
    }
}
