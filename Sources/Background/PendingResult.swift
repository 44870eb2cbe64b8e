import Dispatch
import Foundation
import Synchronization

/// A value worked out on a thread of its own while its caller goes on: started at once, asked
/// for with ``wait()`` (or looked at without waiting with ``isReady``). Not a thread of
/// Dispatch's pool: the work may itself wait for another `PendingResult`, and blocked pool
/// threads could leave none to run the one waited for.
///
/// Any thread may wait for it, several at once.
public final class PendingResult<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let finished = Atomic<Bool>(false)
    /// Written once by the worker before ``finished`` is set, read only after it is seen set.
    private var value: Value?

    /// Starts `work` on a new thread.
    public init(_ work: @escaping @Sendable () -> Value) {
        Thread {
            self.value = work()
            self.finished.store(true, ordering: .releasing)
            self.done.signal()
        }.start()
    }

    /// A result known already.
    public init(value: Value) {
        self.value = value
        finished.store(true, ordering: .releasing)
    }

    /// Whether the value is worked out, so that ``wait()`` returns at once.
    public var isReady: Bool { finished.load(ordering: .acquiring) }

    /// The value, waiting for it if it is still being worked out.
    public func wait() -> Value {
        if !isReady {
            done.wait()
            done.signal()
        }
        return value!
    }
}
