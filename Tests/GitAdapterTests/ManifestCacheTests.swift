import Foundation
import Packages
import Testing
import TestSupport
@testable import GitAdapter

/// The package manifests of a commit's subtrees below the top two levels, kept in the results
/// cache by each subtree's id (``ManifestEntries``): a run stores them, the next one reads
/// them instead of walking, and a damaged record is walked past.
struct ManifestCacheTests {
    static func manifests(_ repository: Repository, cache: Bool) throws -> [String] {
        let changes = try repository.changes(for: ComparisonRequest(revisions: ["HEAD~1..HEAD"], countLines: false, useCache: cache))
        return try repository.manifests(of: changes, cache: cache).map { String(decoding: $0.path, as: UTF8.self) }
    }

    @Test func aRunStoresEachSubtreesManifestsAndTheNextReadsThem() throws {
        let path = try Fixtures.fresh("packages-wide")
        var environment = TestEnvironment.variables()
        environment["XDG_CACHE_HOME"] = try Fixtures.temporaryDirectory()
        let listed = try Shell.git(["ls-tree", "-r", "--name-only", "HEAD"], in: path).text.split(separator: "\n")
            .filter { ["package.json", "Cargo.toml"].contains($0.split(separator: "/").last!) }.map(String.init)
        let repository = try Repository.open(at: path, environment: environment)
        #expect(try Self.manifests(repository, cache: false) == listed)
        #expect(try Self.manifests(repository, cache: true) == listed)

        let subtree = try repository.treeID(of: "HEAD:areas/a3-p1")
        let results = try #require(ResultCache(for: try Repository.open(at: path, environment: environment)))
        let stored = try #require(results.store.value(for: CacheKey(.manifestEntries, subtree)).flatMap(ManifestEntries.init(encoded:)))
        let expected = listed.filter { $0.hasPrefix("areas/a3-p1/") }.map { String($0.dropFirst("areas/a3-p1/".count)) }
        #expect(stored.entries.map { String(decoding: $0.path, as: UTF8.self) } == expected)

        var planted = stored
        planted.entries.append(.init(path: Array("planted/package.json".utf8), blob: stored.entries[0].blob))
        results.add(value: planted.encoded, for: CacheKey(.manifestEntries, subtree))
        results.save()
        let read = try Self.manifests(try Repository.open(at: path, environment: environment), cache: true)
        #expect(read == (listed + ["areas/a3-p1/planted/package.json"]).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        #expect(try Self.manifests(try Repository.open(at: path, environment: environment), cache: false) == listed)

        let damaging = try #require(ResultCache(for: try Repository.open(at: path, environment: environment)))
        damaging.add(value: Array(planted.encoded.dropLast()), for: CacheKey(.manifestEntries, subtree))
        damaging.save()
        #expect(try Self.manifests(try Repository.open(at: path, environment: environment), cache: true) == listed)
    }
}
