import Dispatch
import PathFilters

/// Group memberships being worked out on another thread (``GroupPlan/startMatching(_:)``),
/// so that matching overlaps the making of the tree.
final class PendingMemberships: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: GroupMemberships?
    private var waited = false

    /// Starts `work` at once on a thread of Dispatch's pool.
    init(_ work: @escaping @Sendable () -> GroupMemberships) {
        DispatchQueue.global().async {
            self.result = work()
            self.done.signal()
        }
    }

    /// The memberships, once worked out (waiting for them the first time); called from one
    /// thread only.
    func wait() -> GroupMemberships {
        if !waited {
            done.wait()
            waited = true
        }
        return result!
    }
}
