import Glibc

/// A value that threads share behind a lock: what the standard library's `Mutex` does, on a
/// pthread mutex. On Linux `Mutex` waits on a futex that ThreadSanitizer does not see, so
/// that every use of one from two threads is reported as a race (`Scripts/sanitize thread`);
/// a pthread mutex it sees, so its reports are real ones.
public final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// `value`, behind a lock of its own.
    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the value while holding the lock, and returns what it returns.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
