import Dispatch

/// The results cache's save that a comparison started on another thread (``ChangeSet/pendingSave``),
/// so that the report is built and written meanwhile. ``wait()`` before the process exits;
/// the last reference going away waits too, so a save is never cut off half-way.
public final class PendingCacheSave: Sendable {
    private let group = DispatchGroup()

    /// Starts `save` on another thread.
    init(_ save: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async(group: group, execute: save)
    }

    /// Returns once the save has finished.
    public func wait() {
        group.wait()
    }

    deinit {
        group.wait()
    }
}
