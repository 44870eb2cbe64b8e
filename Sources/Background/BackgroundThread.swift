internal import CSystem
import Foundation

/// Work that must not slow the interactive thread down: run on a thread of its own in the
/// idle scheduling class (`SCHED_IDLE`: it runs when no other thread wants a core), else at
/// nice 19, so that on a machine with few cores a key's redraw gets the CPU first. A thread
/// of its own, not one of Dispatch's shared pool: a pool thread would keep the lowered
/// priority for the work it runs next.
public enum BackgroundThread {
    /// The nice value background work runs at where the idle class is refused.
    public static let niceness: Int32 = 19

    /// Runs `work` on a new thread of the lowest priority.
    public static func start(_ work: @escaping @Sendable () -> Void) {
        let thread = Thread {
            if treereview_make_thread_idle() != 0 { _ = treereview_set_thread_niceness(niceness) }
            work()
        }
        thread.start()
    }

    /// Whether the calling thread is in the idle scheduling class.
    public static var currentThreadIsIdle: Bool { treereview_thread_is_idle() != 0 }

    /// The nice value of the calling thread.
    public static func currentNiceness() -> Int32 { treereview_thread_niceness() }
}
