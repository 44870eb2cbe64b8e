import Foundation
import Testing
import TestSupport
import TreeModel
@testable import GitAdapter

/// A comparison that returns before its line counts (``ComparisonRequest/countsLater``, the
/// browser's first frame) returns the changes a whole comparison returns, renames and
/// statuses included, without their counts; the counts it then makes are the whole
/// comparison's, each once, and the results cache holds the same records afterwards.
struct CountsLaterTests {
    /// Comparisons, and whether each keeps anything in the cache (a working tree's files are not kept).
    static let comparisons: [(fixture: String, arguments: [String], staged: Bool, caches: Bool)] = [
        ("branches", ["main..feature"], false, true), ("branches", ["main...feature"], false, true),
        ("renames", [], false, true), ("worktree", [], false, true), ("worktree", [], true, true),
        ("symlinks", ["HEAD~1"], false, true), ("submodules", [], false, false), ("conflicts", [], false, true),
        ("hostile-names", ["HEAD~1"], false, false),
    ]

    @Test(arguments: comparisons.indices)
    func theCountsMadeLaterAreTheWholeComparisonsAndTheCacheKeepsTheSame(index: Int) throws {
        let (fixture, given, staged, caches) = Self.comparisons[index]
        let repo = try Fixtures.repository(fixture)
        var arguments = given
        if fixture == "renames" {
            let tags = try CacheDifferentialTests.tags(repo)
            arguments = ["\(tags.first!)..\(tags.last!)"]
        }
        let wholeCache = try Fixtures.temporaryDirectory(), laterCache = try Fixtures.temporaryDirectory()
        var request = ComparisonRequest(revisions: arguments, staged: staged, newObjects: .all)
        let whole = try Self.repository(repo, cache: wholeCache).changes(for: request)
        whole.pendingSave?.wait()
        #expect(whole.pendingCounts == nil)
        request.countsLater = true
        let later = try Self.repository(repo, cache: laterCache).changes(for: request)
        let pending = try #require(later.pendingCounts, "\(fixture) \(arguments)")

        #expect(later.changes.map(Self.withoutCounts) == whole.changes.map(Self.withoutCounts))
        #expect(later.changes.allSatisfy { $0.binary == nil || $0.status == .unmerged }, "no counts yet")
        #expect(later.newObjects == whole.newObjects && later.oldObjects == whole.oldObjects)
        let expected = whole.changes.indices.filter { whole.changes[$0].status != .untracked && whole.changes[$0].status != .unmerged }
        #expect(pending.total == expected.count)

        pending.waitUntilFinished()
        let batch = pending.take()
        #expect(batch.isFinished && batch.failure == nil)
        #expect(batch.counts.map(\.index).sorted() == expected, "each change is counted once")
        #expect(Self.applying(batch.counts, to: later.changes) == whole.changes, "\(fixture) \(arguments)")
        #expect(pending.take().counts.isEmpty, "counts are taken once")

        #expect(later.pendingSave == nil)
        pending.finishSaving()
        #expect(try Self.records(wholeCache, repo) == Self.records(laterCache, repo), "the cache holds the same records")
        #expect(try Self.records(laterCache, repo).isEmpty != caches)
    }

    @Test func theCountsOfAComparisonWithoutTheCacheAreMadeLaterToo() throws {
        let repo = try Fixtures.repository("branches")
        let repository = try Self.repository(repo, cache: try Fixtures.temporaryDirectory())
        var request = ComparisonRequest(revisions: ["main..feature"], useCache: false)
        let whole = try repository.changes(for: request)
        request.countsLater = true
        let later = try repository.changes(for: request)
        #expect(later.pendingSave == nil)
        let pending = try #require(later.pendingCounts)
        pending.waitUntilFinished()
        #expect(Self.applying(pending.take().counts, to: later.changes) == whole.changes)
    }

    @Test func nothingIsCountedOrSavedUntilStarted() throws {
        let repo = try Fixtures.repository("branches")
        let cache = try Fixtures.temporaryDirectory()
        var request = ComparisonRequest(revisions: ["main..feature"])
        request.countsLater = true
        let pending = try #require(try Self.repository(repo, cache: cache).changes(for: request).pendingCounts)
        Thread.sleep(forTimeInterval: 0.3)
        let before = pending.take()
        #expect(before.counts.isEmpty && !before.isFinished)
        pending.finishSaving()
        #expect(CacheDifferentialTests.segments(cache).isEmpty, "without a start nothing is saved, and nothing waited for")
        pending.start()
        pending.start()
        pending.waitUntilFinished()
        #expect(pending.take().counts.count == pending.total && pending.total > 0, "each count once, whatever the starts")
        pending.finishSaving()
        #expect(!CacheDifferentialTests.segments(cache).isEmpty)
    }

    @Test func aComparisonFoundInTheCacheGivesItsStoredCountsAtOnceAndTheNewOnesLater() throws {
        let repo = try Fixtures.temporaryDirectory() + "/grown-later"
        try CacheDifferentialTests.script(repo, """
            for d in 1 2 3; do mkdir -p "p$d"; for f in 1 2 3 4; do lines 30 "p$d f$f" > "p$d/f$f.txt"; done; done
            commit base; git checkout -q -b feature
            for d in 1 2 3; do sed -i 's/line 7 /line seven /' "p$d/f1.txt"; lines 9 "new $d" > "p$d/new.txt"; done
            git mv p2/f2.txt p2/g2.txt; echo tail >> p2/g2.txt; commit feature
            """)
        let cache = try Fixtures.temporaryDirectory()
        var request = ComparisonRequest(revisions: ["main..feature"])
        let whole = try Self.repository(repo, cache: try Fixtures.temporaryDirectory()).changes(for: request)
        request.countsLater = true
        let cold = try Self.repository(repo, cache: cache).changes(for: request)
        let pending = try #require(cold.pendingCounts, "a walked comparison leaves every count for later")
        #expect(pending.total == whole.changes.count)
        pending.finishSaving()
        #expect(pending.take().counts.isEmpty, "without a start nothing was counted")
        pending.waitUntilFinished()
        pending.finishSaving()

        let warm = try Self.repository(repo, cache: cache).changes(for: request)
        #expect(warm.pendingCounts == nil, "every count was stored: given at once")
        #expect(warm.changes == whole.changes)
        warm.pendingSave?.wait()

        try CacheDifferentialTests.script(repo, """
            sed -i 's/line 9 /line nine /' p3/f3.txt; lines 5 newer > p1/newer.txt; commit "one more"
            """, fresh: false)
        let grownWhole = try Self.repository(repo, cache: try Fixtures.temporaryDirectory()).changes(for: ComparisonRequest(revisions: ["main..feature"]))
        let grown = try Self.repository(repo, cache: cache).changes(for: request)
        #expect(grown.trace.contains { $0.phase.hasPrefix("collect") && $0.phase.contains("composed") }, "\(grown.trace.map(\.phase))")
        let later = try #require(grown.pendingCounts)
        #expect(later.total == 2, "only the new commit's two blobs are counted later")
        later.waitUntilFinished()
        #expect(Self.applying(later.take().counts, to: grown.changes) == grownWhole.changes)
        later.finishSaving()
    }

    @Test func withoutLineCountsOrWithHunksNothingIsLeftForLater() throws {
        let repository = try Self.repository(try Fixtures.repository("branches"), cache: try Fixtures.temporaryDirectory())
        var request = ComparisonRequest(revisions: ["main..feature"], countLines: false)
        request.countsLater = true
        #expect(try repository.changes(for: request).pendingCounts == nil)
        request.countLines = true
        request.hunks = true
        let hunks = try repository.changes(for: request)
        #expect(hunks.pendingCounts == nil)
        #expect(hunks.changes.contains { $0.insertions != nil }, "--hunks counts at once")
    }

    @Test func aBlobThatCannotBeReadStopsTheCountingAndNothingIsSaved() throws {
        let repo = try Fixtures.temporaryDirectory() + "/damaged"
        try CacheDifferentialTests.script(repo, """
            lines 20 a > a.txt; lines 20 b > b.txt; commit base; git checkout -q -b feature
            lines 25 a > a.txt; lines 30 b > b.txt; commit feature
            """)
        let blob = try Shell.git(["rev-parse", "feature:b.txt"], in: repo).text
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let object = repo + "/.git/objects/" + blob.prefix(2) + "/" + blob.dropFirst(2)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: object)
        try Data("not zlib".utf8).write(to: URL(fileURLWithPath: object))
        let cache = try Fixtures.temporaryDirectory()
        var request = ComparisonRequest(revisions: ["main..feature"])
        request.countsLater = true
        let later = try Self.repository(repo, cache: cache).changes(for: request)
        #expect(later.changes.map(\.path) == [RawPath("a.txt"), RawPath("b.txt")], "the paths are known")
        let pending = try #require(later.pendingCounts)
        pending.waitUntilFinished()
        let failure = try #require(pending.failure)
        #expect("\(failure)".contains(blob), "\(failure)")
        #expect(pending.take().failure != nil)
        pending.finishSaving()
        #expect(CacheDifferentialTests.segments(cache).isEmpty, "a failed count saves nothing, as a failed comparison")
    }

    private static func repository(_ repo: String, cache: String) throws -> Repository {
        try Repository.open(at: repo, environment: TestEnvironment.variables(adding: ["XDG_CACHE_HOME": cache]))
    }

    /// `changes` with `counts` taken in.
    private static func applying(_ counts: [PendingLineCounts.Count], to changes: [FileChange]) -> [FileChange] {
        var changes = changes
        for count in counts {
            (changes[count.index].insertions, changes[count.index].deletions) = (count.insertions, count.deletions)
            changes[count.index].binary = count.binary
        }
        return changes
    }

    private static func withoutCounts(_ change: FileChange) -> FileChange {
        var change = change
        guard change.status != .unmerged else { return change }
        (change.insertions, change.deletions, change.binary) = (nil, nil, nil)
        return change
    }

    /// Every record of `repo`'s cache under `cache`: key and value, sorted by key.
    private static func records(_ cache: String, _ repo: String) throws -> [String] {
        guard let store = CacheStore(directory: CacheDifferentialTests.directory(cache, of: repo)) else { return [] }
        var records: [String] = []
        for segment in store.segments {
            for entry in 0..<segment.count {
                let value = segment.value(at: entry).map { Array($0) } ?? []
                records.append("\(segment.key(at: entry)) \(value)")
            }
        }
        return records.sorted()
    }
}
