import Dispatch
import Foundation
import Testing
import TestSupport
@testable import GitAdapter

/// A run's two saves of the results cache (the comparison's, in the background, and the
/// attributes') wait for each other however long one takes; only another process's write
/// is waited for a bounded time. A save that gave up left the next run to walk again
/// (AttributeCompositionTests failed so under ThreadSanitizer on a loaded machine).
struct CacheWriterLockTests {
    static let key = CacheKey(.recentTrees, ObjectID(high: 1, middle: 2, low: 3))

    @Test func aSecondWriterOfTheSameProcessWaitsForTheFirstBeyondTheBound() throws {
        let directory = try Fixtures.temporaryDirectory()
        let store = try #require(CacheStore(directory: directory, lockWait: 0.05))
        let holding = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        Thread {
            _ = CacheStore.holdingWriteLocks(directory, waiting: 1) {
                holding.signal()
                usleep(500_000)
            }
            released.signal()
        }.start()
        holding.wait()
        store.write([CacheRecord(key: Self.key, generation: store.generation, value: [1, 2, 3])], used: [])
        released.wait()
        let reopened = try #require(CacheStore(directory: directory))
        #expect(reopened.value(for: Self.key).map { Array($0) } == [1, 2, 3])
    }

    @Test func anotherProcesssWriteIsWaitedForOnlyTheBound() throws {
        try RequiredTool.require("flock")
        let directory = try Fixtures.temporaryDirectory()
        let store = try #require(CacheStore(directory: directory, lockWait: 0.05))
        let ready = directory + "/ready"
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: try RequiredTool.path("flock"))
        holder.arguments = [directory + "/lock", "sh", "-c", "touch \"$0\"; sleep 3", ready]
        try holder.run()
        defer { holder.terminate(); holder.waitUntilExit() }
        for _ in 0..<1_000 where !FileManager.default.fileExists(atPath: ready) { usleep(10_000) }
        #expect(FileManager.default.fileExists(atPath: ready), "flock held the lock")
        store.write([CacheRecord(key: Self.key, generation: store.generation, value: [4])], used: [])
        let reopened = try #require(CacheStore(directory: directory))
        #expect(reopened.value(for: Self.key) == nil)
    }
}
