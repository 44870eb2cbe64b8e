internal import CSystem
import Foundation

/// Work that must not slow the interactive thread down: run on a thread of its own at the
/// lowest priority (nice 19: about 1.5% of a core beside a thread of nice 0), so that on a
/// machine with few cores a key's redraw gets the CPU first. Not the idle scheduling class:
/// under load from other processes it could starve, and the printed tree waits for the
/// results cache's save before it exits. A thread of its own, not one of Dispatch's shared
/// pool: a pool thread would keep the lowered priority for the work it runs next.
public enum BackgroundThread {
    /// The nice value background work runs at.
    public static let niceness: Int32 = 19

    /// The nice value of work that should use every core the interactive thread leaves idle
    /// but give way to it at once (the browser's line counts): beside a thread of nice 0 it
    /// gets about a tenth of a core.
    public static let yieldingNiceness: Int32 = 10

    /// Runs `work` on a new thread of the lowest priority.
    public static func start(_ work: @escaping @Sendable () -> Void) {
        start(niceness: niceness, work)
    }

    /// Runs `work` on a new thread of nice value `niceness` (at least the caller's: a thread
    /// may lower its priority, not raise it).
    public static func start(niceness: Int32, _ work: @escaping @Sendable () -> Void) {
        let thread = Thread {
            _ = treereview_set_thread_niceness(niceness)
            work()
        }
        thread.start()
    }

    /// The nice value of the calling thread.
    public static func currentNiceness() -> Int32 { treereview_thread_niceness() }
}
