import Foundation
import Testing
import TestSupport
@testable import GitAdapter

/// A branch that grows commit by commit: each comparison is stored as a step on top of the
/// previous one, at most ``ResultCache/longestChain`` steps deep, and every warm run prints
/// what a run without the cache prints.
struct CacheChainTests {
    private func run(_ arguments: [String], in repo: String, cache: String?) throws -> Shell.Result {
        let flags = ["--format", "json"] + (cache == nil ? ["--no-cache"] : [])
        let result = try Shell.run(Binary.path, flags + arguments, in: repo,
                                   environment: ["XDG_CACHE_HOME": cache ?? "/nonexistent/cache", "TREEREVIEW_TRACE": "1"])
        #expect(result.status == 0, "\(result.error)")
        return result
    }

    /// The id of `revision`'s tree.
    private func tree(_ revision: String, in repo: String) throws -> ObjectID {
        let hex = try Shell.git(["rev-parse", revision + "^{tree}"], in: repo).text.trimmingCharacters(in: .whitespacesAndNewlines)
        let bytes = stride(from: 0, to: hex.count, by: 2).map { offset -> UInt8 in
            let start = hex.index(hex.startIndex, offsetBy: offset)
            return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16)!
        }
        return bytes.withUnsafeBytes { ObjectID(rawBytes: $0.baseAddress!) }
    }

    @Test func aBranchGrowingCommitByCommitIsStoredAsStepsAndReadBackExactly() throws {
        let repo = try Fixtures.temporaryDirectory() + "/chain"
        let cache = try Fixtures.temporaryDirectory()
        try CacheDifferentialTests.script(repo, """
            mkdir -p src docs; for f in a b c d e f g h i j k l; do lines 10 "$f" > "src/$f.txt"; done
            lines 4 readme > docs/readme.md; commit base; git checkout -q -b feature
            lines 11 a > src/a.txt; git mv src/b.txt docs/b.txt; commit "feature 1"
            """)
        _ = try run(["main..feature"], in: repo, cache: cache)
        let names = Array("cdefghijkl")
        for (round, name) in names.enumerated() {
            try CacheDifferentialTests.script(repo, """
                lines 12 \(name) > src/\(name).txt; lines 3 round-\(round) > docs/round-\(round).md
                \(round % 3 == 2 ? "git rm -q docs/round-\(round - 1).md" : "true"); commit "round \(round)"
                """, fresh: false)
            let warm = try run(["main..feature"], in: repo, cache: cache)
            #expect(warm.error.contains("(composed with "), "round \(round): \(warm.error)")
            #expect(warm.output == (try run(["main..feature"], in: repo, cache: nil)).output, "round \(round)")
            let old = try tree("main", in: repo), new = try tree("feature", in: repo)
            let results = try #require(ResultCache(directory: CacheDifferentialTests.directory(cache, of: repo)))
            let asStep = results.store.value(for: CacheKey(.treeDiffStep, old, new)) != nil
            let whole = results.store.value(for: CacheKey(.treeDiff, old, new)) != nil
            let expectedWhole = (round + 1) % (ResultCache.longestChain + 1) == 0
            #expect(asStep != whole && whole == expectedWhole, "round \(round): step \(asStep), whole \(whole)")
            #expect(results.treeDiff(old, new)?.chain == (round + 1) % (ResultCache.longestChain + 1), "round \(round)")
        }
    }
}
