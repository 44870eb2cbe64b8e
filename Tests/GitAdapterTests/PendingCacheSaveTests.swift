import Foundation
import Testing
import TestSupport
@testable import GitAdapter

/// A comparison returns while the results cache is still being written: once its pending
/// save is waited for, the next comparison finds what the first one computed.
struct PendingCacheSaveTests {
    @Test func theSaveAComparisonLeavesPendingIsCompleteOnceWaitedFor() throws {
        let repo = try Fixtures.repository("renames")
        let cache = try Fixtures.temporaryDirectory()
        let tags = try CacheDifferentialTests.tags(repo)
        let repository = try Repository.open(at: repo, environment: TestEnvironment.variables(adding: ["XDG_CACHE_HOME": cache]))
        let request = ComparisonRequest(revisions: ["\(tags.first!)..\(tags.last!)"])
        let first = try repository.changes(for: request)
        let pending = try #require(first.pendingSave)
        pending.wait()
        #expect(!CacheDifferentialTests.segments(cache).isEmpty)
        let second = try repository.changes(for: request)
        second.pendingSave?.wait()
        #expect(second.changes == first.changes)
        #expect(second.trace.contains { $0.phase.hasSuffix("(cached)") }, "\(second.trace.map(\.phase))")
        let uncached = try repository.changes(for: ComparisonRequest(revisions: request.revisions, useCache: false))
        #expect(uncached.pendingSave == nil)
        #expect(uncached.changes == first.changes)
    }
}
