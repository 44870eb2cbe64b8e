import Foundation
import Locking

/// The line counts of a comparison made after it returned (``ComparisonRequest/countsLater``):
/// the same ``LineCounter`` run, on the same jobs, as the comparison would have run before
/// returning, started when asked (``start()``: the browser asks once its first frame is
/// drawn, so that the counting does not slow it down), on threads of its own, each count
/// handed over as soon as it is made. The results cache gets what it would have got, and is
/// saved, as the comparison would have saved it, once every count is made.
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

    /// What the counting needs, until it starts.
    private struct Work: Sendable {
        let counter: LineCounter
        let jobs: [LineCounter.Job]
        let results: ResultCache?
    }

    private struct State {
        var work: Work?
        var started = false
        var made: [Count] = []
        var finished = false
        var failure: (any Error)?
        var save: PendingCacheSave?
    }

    /// How many changes get a count.
    public let total: Int
    /// For each job, the index of its change in ``ChangeSet/changes``.
    private let positions: [Int]
    private let state: Locked<State>
    private let done = DispatchSemaphore(value: 0)

    /// The counts `counter` makes of `jobs`, for the changes at `positions` (one per job, in
    /// the jobs' order), saved into `results`.
    init(_ counter: LineCounter, jobs: [LineCounter.Job], positions: [Int], results: ResultCache?) {
        self.positions = positions
        total = positions.count
        state = Locked(State(work: Work(counter: counter, jobs: jobs, results: results)))
    }

    /// Starts the counting, on every core, unless it has started already.
    public func start() {
        guard let work = state.withLock({ state -> Work? in
            guard let work = state.work else { return nil }
            (state.work, state.started) = (nil, true)
            state.save = work.results.map { results in
                PendingCacheSave { [self] in
                    done.wait()
                    done.signal()
                    if failure == nil { results.save() }
                }
            }
            return work
        }) else { return }
        Thread { [self] in
            do {
                _ = try work.counter.countWithHunks(work.jobs, yielding: { [self] job, count in record(job, count) })
                finish(failure: nil)
            } catch {
                finish(failure: error)
            }
        }.start()
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

    /// Returns once every count is made (or the counting failed), starting it if need be.
    public func waitUntilFinished() {
        start()
        done.wait()
        done.signal()
    }

    /// Once the counting has started: returns when every count is made and the results cache
    /// saved. Without a start, returns at once (nothing is counted, nothing saved).
    public func finishSaving() {
        guard state.withLock({ $0.started }) else { return }
        done.wait()
        done.signal()
        state.withLock { $0.save }?.wait()
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
