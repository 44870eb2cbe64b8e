import Background
import Locking
import Testing

/// Background work runs on a thread of its own at nice 19, and the caller's priority stays.
struct BackgroundThreadTests {
    @Test func workRunsAtTheLowestPriorityOnAThreadOfItsOwn() async {
        let callerNiceness = BackgroundThread.currentNiceness()
        let seen = Locked<Int32?>(nil)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            BackgroundThread.start {
                seen.withLock { $0 = BackgroundThread.currentNiceness() }
                done.resume()
            }
        }
        #expect(seen.withLock { $0 } == BackgroundThread.niceness)
        #expect(BackgroundThread.currentNiceness() == callerNiceness)
        #expect(callerNiceness < BackgroundThread.niceness)
    }
}
