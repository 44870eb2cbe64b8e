import Foundation
import Testing
import TestSupport
@testable import GitAdapter

/// A branch that grows by a commit: the `.gitattributes` files of its new tree are composed
/// from those of its previous tree (``AttributeCoverage``) and the commit's `.gitattributes`
/// entries, and every warm run prints what a run without the cache prints.
struct AttributeCompositionTests {
    /// 300 directories (more than ``AttributeLookup/cachedFromDirectories``), attributes
    /// files at the top and in some of them naming each attribute that changes the output,
    /// and a feature branch that changes a file in every directory.
    static func makeRepository() throws -> String {
        let repo = try Fixtures.temporaryDirectory() + "/attributes"
        try CacheDifferentialTests.script(repo, """
            for ((i = 0; i < 300; i++)); do mkdir -p "d/$i"; lines 6 "d$i" > "d/$i/a.txt"; lines 3 "g$i" > "d/$i/b.gen"
              printf 'bin%d\\n' "$i" > "d/$i/c.bin"; done
            mkdir -p other/deep lib; lines 5 other > other/deep/x.txt; lines 5 lib > lib/y.dat
            echo '*.gen linguist-generated' > .gitattributes
            echo '*.txt linguist-vendored' > d/1/.gitattributes
            echo '*.bin binary' > d/2/.gitattributes
            echo '*.txt -diff' > d/3/.gitattributes
            echo '*.txt linguist-generated' > other/.gitattributes
            echo '*.dat binary' > lib/.gitattributes
            commit base; git checkout -q -b feature
            for ((i = 0; i < 300; i++)); do lines 7 "d$i" > "d/$i/a.txt"; printf 'bin%d changed\\n' "$i" > "d/$i/c.bin"; done
            commit "feature 1"
            """)
        return repo
    }

    /// The commits the branch grows by, one per kind of change to its attributes files.
    static let rounds: [(name: String, script: String, walks: Bool)] = [
        ("unrelated files", "lines 9 d10 > d/10/a.txt; lines 2 g11 > d/11/b.gen", false),
        ("a new directory's attributes file", """
            mkdir -p new/dir; echo '*.txt linguist-generated' > new/dir/.gitattributes; lines 3 n > new/dir/n.txt
            """, true),
        ("an attributes file modified", "echo '*.txt linguist-generated' > d/1/.gitattributes", false),
        ("an attributes file deleted", "git rm -q d/2/.gitattributes", false),
        ("an attributes file made a symbolic link", "rm d/3/.gitattributes; ln -s ../1/.gitattributes d/3/.gitattributes", false),
        ("directories the base did not reach", """
            lines 6 other > other/deep/x.txt; lines 6 lib > lib/y.dat; mkdir -p d/5/sub; lines 2 s > d/5/sub/s.gen
            echo '*.gen -linguist-generated' > d/5/sub/.gitattributes
            """, true),
        ("the top attributes file modified", "echo '*.gen linguist-vendored' > .gitattributes; lines 8 d20 > d/20/a.txt", false),
    ]

    private func run(_ arguments: [String], in repo: String, cache: String?) throws -> Shell.Result {
        let flags = ["--format", "json", "--include-generated"] + (cache == nil ? ["--no-cache"] : [])
        let result = try Shell.run(Binary.path, flags + arguments, in: repo,
                                   environment: ["XDG_CACHE_HOME": cache ?? "/nonexistent/cache", "TREEREVIEW_TRACE": "1"])
        #expect(result.status == 0, "\(result.error)")
        return result
    }

    /// The trace's `attributes` line.
    private func attributesLine(_ result: Shell.Result) -> String {
        result.error.split(separator: "\n").first { $0.contains(": attributes ") }.map(String.init) ?? ""
    }

    @Test func aGrownBranchsAttributesAreComposedAndGiveWhatAColdRunGives() throws {
        let repo = try Self.makeRepository()
        let cache = try Fixtures.temporaryDirectory()
        let first = try run(["main..feature"], in: repo, cache: cache)
        #expect(attributesLine(first).contains("(found by the walk)"), "\(attributesLine(first))")
        #expect(first.output == (try run(["main..feature"], in: repo, cache: nil)).output)
        for round in Self.rounds {
            try CacheDifferentialTests.script(repo, round.script + "\ncommit \"\(round.name)\"", fresh: false)
            let warm = try run(["main..feature"], in: repo, cache: cache)
            let line = attributesLine(warm)
            #expect(line.contains("(composed, "), "\(round.name): \(line)")
            #expect(line.contains("(composed, 0 paths walked)") != round.walks, "\(round.name): \(line)")
            let cold = try run(["main..feature"], in: repo, cache: nil)
            #expect(warm.output == cold.output, "\(round.name)")
            #expect(attributesLine(try run(["main..feature"], in: repo, cache: cache)).contains("(cached)"), "\(round.name)")
        }
        let text = String(decoding: try run(["main..feature"], in: repo, cache: nil).output, as: UTF8.self)
        #expect(text.contains("generated") && text.contains("vendored") && text.contains("\"binary\""),
                "the output shows what the attributes say")
    }

    @Test func aMergeBaseComparisonOfAGrownBranchIsComposedToo() throws {
        let repo = try Self.makeRepository()
        let cache = try Fixtures.temporaryDirectory()
        try CacheDifferentialTests.script(repo, """
            git checkout -q main; lines 3 m > d/7/m.txt; commit "main moves"; git checkout -q feature
            """, fresh: false)
        _ = try run(["main...feature"], in: repo, cache: cache)
        try CacheDifferentialTests.script(repo, Self.rounds[3].script + "\ncommit grows", fresh: false)
        let warm = try run(["main...feature"], in: repo, cache: cache)
        #expect(attributesLine(warm).contains("(composed, "), "\(attributesLine(warm))")
        #expect(warm.output == (try run(["main...feature"], in: repo, cache: nil)).output)
    }

    /// The composed files equal a walk's, round after round; a damaged coverage, or one
    /// naming a file outside its directories, is not used.
    @Test func composedFilesEqualAWalksAndADamagedCoverageIsNotUsed() throws {
        let repo = try Self.makeRepository()
        let cache = try Fixtures.temporaryDirectory()
        var environment = TestEnvironment.variables()
        environment["XDG_CACHE_HOME"] = cache
        var previous = try Repository.open(at: repo, environment: environment).treeID(of: "feature")
        for round in Self.rounds {
            try CacheDifferentialTests.script(repo, round.script + "\ncommit \"\(round.name)\"", fresh: false)
            let opened = try Repository.open(at: repo, environment: environment)
            let tree = try opened.treeID(of: "feature")
            let main = try opened.treeID(of: "main")
            let paths = try TreeWalk.parallel(repository: opened, old: main, new: tree, includeUnmodified: false).entries.map(\.path)
            let before = try TreeWalk.parallel(repository: opened, old: main, new: previous, includeUnmodified: false).entries.map(\.path)
            var lookup = AttributeLookup(repository: opened, side: .tree(previous), config: try opened.readConfig())
            lookup.usesCache = true
            _ = try lookup.attributeFiles(along: before)
            let step = TreeStep(previous: previous,
                                entries: try TreeWalk.parallel(repository: opened, old: previous, new: tree, includeUnmodified: false).entries)
            lookup = AttributeLookup(repository: opened, side: .tree(tree), config: try opened.readConfig())
            let walked = try lookup.walkTrees(tree, along: paths).unique
            let results = try #require(ResultCache(for: opened))
            let composed = try #require(try lookup.composedAttributeFiles(tree, along: paths, in: AttributeCoverage.directories(of: paths),
                                                                              from: step, results: results))
            #expect(composed.files == walked, "\(round.name)")
            #expect((composed.walkedPaths > 0) == round.walks, "\(round.name): \(composed.walkedPaths)")
            #expect(walked.files.count >= 3, "\(round.name)")
            previous = tree
        }
        let opened = try Repository.open(at: repo, environment: environment)
        let tree = try opened.treeID(of: "feature")
        let step = TreeStep(previous: try opened.treeID(of: "feature~1"), entries: [])
        let lookup = AttributeLookup(repository: opened, side: .tree(tree), config: try opened.readConfig())
        let key = CacheKey(.attributeCoverage, step.previous)
        let planted = try #require(ResultCache(for: opened))
        var damaged = try #require(planted.store.value(for: key).map(Array.init))
        damaged.removeLast()
        planted.add(value: damaged, for: key)
        planted.save()
        #expect(try lookup.composedAttributeFiles(tree, along: [Array("d/1/a.txt".utf8)], in: [Array("d/1".utf8)], from: step,
                                                  results: try #require(ResultCache(for: opened))) == nil)
        let outside = AttributeCoverage(directories: [Array("d/1".utf8)],
                                        files: AttributeFiles(files: [.init(directory: Array("d/2".utf8), blob: nil)]))
        let replanted = try #require(ResultCache(for: opened))
        replanted.add(value: outside.encoded, for: key)
        replanted.save()
        #expect(try lookup.composedAttributeFiles(tree, along: [Array("d/1/a.txt".utf8)], in: [Array("d/1".utf8)], from: step,
                                                  results: try #require(ResultCache(for: opened))) == nil)
    }

    @Test func aCoverageReadsBackAsWritten() throws {
        let paths = ["a/b/c.txt", "a/b/d.txt", "a/x.txt", "a/b/e.txt", "z.txt", "a/bb/f.txt"].map { Array($0.utf8) }
        let directories = AttributeCoverage.directories(of: paths)
        #expect(directories.map { String(decoding: $0, as: UTF8.self) } == ["", "a", "a/b", "a/bb"])
        let coverage = AttributeCoverage(directories: directories, files: AttributeFiles(files: [
            .init(directory: Array("a/b".utf8), blob: SideReader.Blob(id: .zero, mode: 0o100644)),
        ]))
        let read = coverage.encoded.withUnsafeBytes { AttributeCoverage(encoded: $0) }
        #expect(read == coverage)
        for (directory, covered) in [("", true), ("a", true), ("a/b", true), ("a/b/c", false), ("a/bb", true), ("a/b-", false), ("b", false)] {
            #expect(AttributeCoverage.covers(Array(directory.utf8), in: directories) == covered, "\(directory)")
        }
        #expect(AttributeCoverage.covers(Array("x".utf8), in: [Array("x-y".utf8), Array("x/z".utf8)]))
        #expect(!AttributeCoverage.covers(Array("x".utf8), in: [Array("x-y".utf8), Array("xy/z".utf8)]))
        var unordered = coverage
        unordered.directories.swapAt(2, 3)
        #expect(unordered.encoded.withUnsafeBytes { AttributeCoverage(encoded: $0) } == nil)
    }
}
