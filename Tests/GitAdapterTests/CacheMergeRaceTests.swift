import Foundation
import Testing
import TestSupport
@testable import GitAdapter

/// A cache opened while another writer merges sees every record: the merge renames its file
/// in before it deletes the files it merged, and an opening that found a listed file gone
/// reads the directory again. (A run's annotation lookup opens the cache while the
/// comparison's save merges on another thread: `AttributeCompositionTests` once walked the
/// attributes files because the coverage record was missed so.)
struct CacheMergeRaceTests {
    private static func record(_ n: Int) -> CacheRecord {
        CacheRecord(key: CacheKey(.lineCountOfPair, ObjectID(high: UInt64(bitPattern: Int64(n)), middle: 7, low: 1), .zero),
                    generation: 1, value: (0..<64).map { UInt8(truncatingIfNeeded: n &+ $0) })
    }

    @Test func aReaderDuringMergesMissesNoRecord() throws {
        let directory = try Fixtures.temporaryDirectory()
        let kept = Self.record(-1)
        CacheStore(directory: directory)!.write([kept], used: [])
        let merges = 400
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var merged = 0
            var n = 0
            while merged < merges {
                n += 1
                if CacheStore(directory: directory)!.write([Self.record(n)], used: [kept.key]) { merged += 1 }
            }
            done.signal()
        }
        var openings = 0, misses = 0
        while done.wait(timeout: .now()) == .timedOut {
            openings += 1
            if CacheStore(directory: directory)?.value(for: kept.key) == nil { misses += 1 }
        }
        #expect(misses == 0, "\(misses) of \(openings) openings during \(merges) merges missed the record")
        #expect(openings > merges, "the reader opened the cache while the writer merged")
    }
}
