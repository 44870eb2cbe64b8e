import Background
import Synchronization
import Testing

/// Background work runs on a thread of its own in the idle scheduling class, and the
/// caller's scheduling stays as it was.
struct BackgroundThreadTests {
    @Test func workRunsInTheIdleClassOnAThreadOfItsOwn() async {
        let callerNiceness = BackgroundThread.currentNiceness()
        #expect(!BackgroundThread.currentThreadIsIdle)
        let seen = Mutex<Bool?>(nil)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            BackgroundThread.start {
                seen.withLock { $0 = BackgroundThread.currentThreadIsIdle }
                done.resume()
            }
        }
        #expect(seen.withLock { $0 } == true)
        #expect(!BackgroundThread.currentThreadIsIdle)
        #expect(BackgroundThread.currentNiceness() == callerNiceness)
    }
}
