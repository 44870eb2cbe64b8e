import Dispatch
import Synchronization

/// A value worked out on a thread of Dispatch's pool while its caller goes on: started at
/// once, asked for with ``wait()`` (or looked at without waiting with ``isReady``).
///
/// Read by one thread (the one that made it).
public final class PendingResult<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let finished = Atomic<Bool>(false)
    /// Written once by the worker before ``finished`` is set, read only after it is seen set.
    private var value: Value?

    /// Starts `work` on a thread of Dispatch's pool.
    public init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async {
            self.value = work()
            self.finished.store(true, ordering: .releasing)
            self.done.signal()
        }
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
        while !isReady { done.wait() }
        return value!
    }
}
