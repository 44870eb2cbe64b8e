import Background
import Dispatch

/// The results cache's save that a comparison started on another thread (``ChangeSet/pendingSave``),
/// so that the report is built and written meanwhile. ``wait()`` before the process exits;
/// the last reference going away waits too, so a save is never cut off half-way.
public final class PendingCacheSave: Sendable {
    private let group = DispatchGroup()

    /// Starts `save` on a low-priority thread of its own (``BackgroundThread``), so that an
    /// interactive browser's keys come first.
    init(_ save: @escaping @Sendable () -> Void) {
        group.enter()
        BackgroundThread.start { [group] in
            save()
            group.leave()
        }
    }

    /// Returns once the save has finished.
    public func wait() {
        group.wait()
    }

    deinit {
        group.wait()
    }
}
