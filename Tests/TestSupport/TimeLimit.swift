import Foundation

/// A generous bound on work that must end, for tests whose failure would be never ending
/// (exponential backtracking, a quadratic loop on a large input): the work runs on a thread of
/// its own, and the test waits for it to finish. How fast it ends is no test's business;
/// speed targets are in `Benchmarks/`.
public enum TimeLimit {
    /// Runs `work` on a new thread and waits up to `seconds` for it. Returns its result, or
    /// `nil` when it has not finished by then (it is left to run on).
    public static func run<T: Sendable>(within seconds: Double = 120, _ work: @escaping @Sendable () -> T) -> T? {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            box.set(work())
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return box.get()
    }

    private final class Box<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var value: T?
        func set(_ new: T) { lock.withLock { value = new } }
        func get() -> T? { lock.withLock { value } }
    }
}
