internal import CSystem
import Foundation

/// Work that must not slow the interactive thread down: run on a thread of its own at a low
/// priority (nice 10), so that on a machine with few cores the scheduler gives a key's
/// redraw the CPU first. A thread of its own, not one of Dispatch's shared pool: a pool
/// thread would keep the lowered priority for the work it runs next.
public enum BackgroundThread {
    /// The nice value background work runs at.
    public static let niceness: Int32 = 10

    /// Runs `work` on a new low-priority thread.
    public static func start(_ work: @escaping @Sendable () -> Void) {
        let thread = Thread {
            _ = treereview_set_thread_niceness(niceness)
            work()
        }
        thread.start()
    }

    /// The nice value of the calling thread.
    public static func currentNiceness() -> Int32 { treereview_thread_niceness() }
}
