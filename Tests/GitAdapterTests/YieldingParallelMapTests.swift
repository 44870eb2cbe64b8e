import Background
import Foundation
import Locking
import Testing
@testable import GitAdapter

/// The parallel map on threads of their own (the browser's line counts): every index once,
/// the results in order, the lowest index's error, each thread at the nice value asked for.
struct YieldingParallelMapTests {
    @Test func everyIndexOnceInOrderOnThreadsOfTheNiceValueAskedFor() throws {
        let before = BackgroundThread.currentNiceness()
        let niceness = Locked(Set<Int32>())
        let results = try Parallel.map(count: 1000, chunk: 1, workers: 3, niceness: BackgroundThread.yieldingNiceness,
                                       context: { niceness.withLock { _ = $0.insert(BackgroundThread.currentNiceness()) } }) { _, index in
            index * 2
        }
        #expect(results == (0..<1000).map { $0 * 2 })
        #expect(niceness.withLock { $0 } == [max(BackgroundThread.yieldingNiceness, before)])
        #expect(BackgroundThread.currentNiceness() == before, "the caller's own stays")
    }

    @Test func theLowestFailingIndexIsThrown() {
        struct Failure: Error, Equatable { let index: Int }
        #expect(throws: Failure(index: 10)) {
            try Parallel.map(count: 200, chunk: 1, workers: 2, niceness: BackgroundThread.yieldingNiceness,
                             context: {}) { _, index in
                if index >= 10 && index % 10 == 0 { throw Failure(index: index) }
                return index
            }
        }
    }
}
