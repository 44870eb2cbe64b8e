import Foundation
import Testing
import TestSupport
@testable import GitAdapter

/// A run that finds its results in the cache prints exactly what a run without the cache
/// prints: the JSON of `treereview` (the binary) cold, warm and with `--no-cache`, byte for
/// byte, on the fixtures and on a branch that grows by a commit.
struct CacheDifferentialTests {
    /// treereview's JSON output with the cache in `cache`, or with `--no-cache` when `nil`.
    private func json(_ arguments: [String], in repo: String, cache: String?,
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
        let flags = ["--format", "json"] + (cache == nil ? ["--no-cache"] : [])
        let result = try Shell.run(Binary.path, flags + arguments, in: repo,
                                   environment: ["XDG_CACHE_HOME": cache ?? "/nonexistent/cache"])
        #expect(result.status == 0, "\(result.error)", sourceLocation: sourceLocation)
        #expect(result.error.isEmpty, "\(result.error)", sourceLocation: sourceLocation)
        return result.output
    }

    /// Every segment file of the cache under `cache`, as paths below it.
    static func segments(_ cache: String) -> [String] {
        let files = FileManager.default.enumerator(atPath: cache)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".seg") }.sorted()
    }

    /// The cache directory of `repo` (a working tree with a `.git` directory) under `cache`.
    static func directory(_ cache: String, of repo: String) -> String {
        ResultCache.directory(environment: ["XDG_CACHE_HOME": cache], commonDirectory: repo + "/.git")!
    }

    private func segments(_ cache: String) -> [String] { Self.segments(cache) }

    /// Cold, then warm: both equal to `--no-cache`, and the warm run wrote nothing (it found
    /// everything it needed).
    private func expectSameColdAndWarm(_ arguments: [String], in repo: String, cache: String,
                                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try json(arguments, in: repo, cache: nil, sourceLocation: sourceLocation)
        #expect(try json(arguments, in: repo, cache: cache, sourceLocation: sourceLocation) == expected,
                "cold: \(arguments)", sourceLocation: sourceLocation)
        let written = segments(cache)
        #expect(try json(arguments, in: repo, cache: cache, sourceLocation: sourceLocation) == expected,
                "warm: \(arguments)", sourceLocation: sourceLocation)
        #expect(segments(cache) == written, "the warm run found everything: \(arguments)", sourceLocation: sourceLocation)
    }

    @Test func everyRenameRuleGivesTheSameOutputWarm() throws {
        let repo = try Fixtures.repository("renames")
        let cache = try Fixtures.temporaryDirectory()
        let tags = try Self.tags(repo)
        #expect(tags.count > 5)
        try expectSameColdAndWarm(["\(tags.first!)..\(tags.last!)"], in: repo, cache: cache)
        for tag in tags.dropFirst() {
            try expectSameColdAndWarm(["\(tag)^..\(tag)"], in: repo, cache: cache)
            try expectSameColdAndWarm(["--find-copies-harder", "\(tag)^..\(tag)"], in: repo, cache: cache)
        }
        #expect(!segments(cache).isEmpty, "the runs kept their results")
    }

    @Test func everyComparisonModeGivesTheSameOutputWarm() throws {
        let cache = try Fixtures.temporaryDirectory()
        try expectSameColdAndWarm(["main...feature"], in: try Fixtures.repository("branches"), cache: cache)
        try expectSameColdAndWarm(["main..feature"], in: try Fixtures.repository("branches"), cache: cache)
        try expectSameColdAndWarm([], in: try Fixtures.repository("worktree"), cache: cache)
        try expectSameColdAndWarm(["--staged"], in: try Fixtures.repository("worktree"), cache: cache)
        try expectSameColdAndWarm(["HEAD~1"], in: try Fixtures.repository("symlinks"), cache: cache)
    }

    @Test func noCacheNeitherReadsNorWrites() throws {
        let repo = try Fixtures.repository("branches")
        let cache = try Fixtures.temporaryDirectory()
        let result = try Shell.run(Binary.path, ["--no-cache", "--format", "json", "main..feature"], in: repo,
                                   environment: ["XDG_CACHE_HOME": cache])
        #expect(result.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).isEmpty)
    }

    @Test func aBranchThatGrowsByACommitRecomputesOnlyItsNewBlobs() throws {
        let repo = try Fixtures.temporaryDirectory() + "/grown"
        let cache = try Fixtures.temporaryDirectory()
        try Self.script(repo, """
            for d in $(seq 1 12); do mkdir -p "pkg$d"; for f in $(seq 1 8); do lines 40 "pkg$d f$f" > "pkg$d/f$f.txt"; done; done
            printf 'bin\\0ary\\n' > pkg1/data.bin
            commit base; git checkout -q -b feature
            for d in $(seq 1 12); do sed -i 's/line 7 /line seven /' "pkg$d/f1.txt"; done
            for d in $(seq 1 6); do git mv "pkg$d/f2.txt" "pkg$d/g2.txt"; echo tail >> "pkg$d/g2.txt"; done
            git rm -q pkg7/f3.txt pkg8/f3.txt; git mv pkg9 moved9; printf 'bin\\0ary 2\\n' > pkg1/data.bin
            lines 30 new > pkg1/new.txt; commit feature
            """)
        let range = ["main..feature"]
        let cold = try json(range, in: repo, cache: cache)
        #expect(cold == (try json(range, in: repo, cache: nil)))
        let before = Set(segments(cache))
        try Self.script(repo, """
            sed -i 's/line 9 /line nine /' pkg2/f4.txt pkg3/f4.txt
            git mv pkg4/f5.txt pkg4/h5.txt; echo more >> pkg4/h5.txt
            lines 12 newer > pkg5/newer.txt; commit "one more"
            """, fresh: false)
        let warm = try json(range, in: repo, cache: cache)
        #expect(warm == (try json(range, in: repo, cache: nil)), "the warm run after a new commit prints what a cold one does")
        #expect(warm != cold, "the new commit shows")
        let store = try #require(CacheStore(directory: Self.directory(cache, of: repo)))
        let added = store.segments.filter { name in !before.contains { $0.hasSuffix(name.name) } }.reduce(0) { $0 + $1.count }
        // Two edits, a rename with an edit and an addition: at most four line counts, three
        // fingerprints (the renamed file's two blobs, the added file as a candidate), the new
        // tree comparison and the list of trees compared with main's.
        #expect(added > 0 && added <= 9, "only the new commit's blobs were counted and fingerprinted: \(added) records")
    }

    @Test func aGrownBranchIsComposedFromThePreviousComparisonAsAWalkFindsIt() throws {
        let repo = try Fixtures.temporaryDirectory() + "/composed"
        let cache = try Fixtures.temporaryDirectory()
        try Self.script(repo, """
            mkdir -p dir sub/deep keep; for f in a b c d e f g; do lines 12 "$f" > "$f.txt"; done
            lines 5 x > dir/x.txt; lines 5 y > sub/deep/y.txt; lines 5 k > keep/k.txt; lines 3 file > node; lines 4 m > mode.sh
            commit base; git checkout -q -b feature
            lines 13 a > a.txt; git rm -q b.txt; lines 9 new > new.txt; lines 12 c > moved-c.txt; git rm -q c.txt
            chmod +x mode.sh; git rm -q -r dir; mkdir dir2; lines 5 x > dir2/x.txt; ln -s a.txt d-link; lines 14 e > e.txt
            commit "feature 1"
            """)
        _ = try json(["main..feature"], in: repo, cache: cache)
        try Self.script(repo, """
            lines 12 a > a.txt; lines 12 b > b.txt; git rm -q new.txt; lines 13 e > e.txt; chmod -x mode.sh
            git rm -q node; mkdir node; lines 2 inside > node/file; git rm -q -r sub; lines 3 sub > sub
            rm d-link; lines 2 link > d-link; ln -sf b.txt f.txt; lines 6 added > zz.txt; git rm -q -r keep
            commit "feature 2"
            """, fresh: false)
        let warm = try Shell.run(Binary.path, ["--format", "json", "main..feature"], in: repo,
                                 environment: ["XDG_CACHE_HOME": cache, "TREEREVIEW_TRACE": "1"])
        #expect(warm.error.contains("(composed with "), "the comparison was composed: \(warm.error)")
        #expect(warm.output == (try json(["main..feature"], in: repo, cache: nil)))
        try expectSameColdAndWarm(["--find-copies-harder", "main..feature"], in: repo, cache: cache)
        let git = try GitOracle.changes(in: repo, ["-M", "main..feature"])
        #expect(git.count >= 10, "every kind of change is there: \(git.map(\.path))")
    }

    @Test func aDamagedCacheFileIsReplacedWithoutAWord() throws {
        let repo = try Fixtures.repository("renames")
        let cache = try Fixtures.temporaryDirectory()
        let expected = try json(["start..attributes"], in: repo, cache: cache)
        let name = try #require(segments(cache).first)
        let url = URL(fileURLWithPath: cache + "/" + name)
        var bytes = try [UInt8](Data(contentsOf: url))
        bytes[CacheSegment.headerSize + 70] ^= 0xFF
        try Data(bytes).write(to: url)
        #expect(try json(["start..attributes"], in: repo, cache: cache) == expected)
        #expect(!segments(cache).contains(name), "the damaged file is gone")
        #expect(segments(cache).count == 1, "and its records were written again")
        #expect(try json(["start..attributes"], in: repo, cache: cache) == expected)
    }

    @Test func eachRepositoryHasItsOwnCacheAndWorktreesShareIt() throws {
        let cache = try Fixtures.temporaryDirectory()
        let first = try Fixtures.fresh("branches"), second = try Fixtures.fresh("branches")
        _ = try json(["main..feature"], in: first, cache: cache)
        _ = try json(["main..feature"], in: second, cache: cache)
        #expect(Self.directory(cache, of: first) != Self.directory(cache, of: second))
        #expect(segments(cache).count == 2, "one file in each repository's directory: \(segments(cache))")
        let marker = Self.directory(cache, of: first) + "/" + ResultCache.markerName
        #expect(try String(contentsOfFile: marker, encoding: .utf8).hasSuffix("/.git/"), "the directory names its repository")

        let worktree = try Fixtures.fresh("linked-worktree")
        try expectSameColdAndWarm(["main..side"], in: worktree, cache: cache)
        let fromMain = try json(["main..side"], in: worktree + "-main", cache: cache)
        #expect(fromMain == (try json(["main..side"], in: worktree + "-main", cache: nil)))
        #expect(segments(cache).count == 3, "the main worktree found what the linked one kept: \(segments(cache))")
    }

    @Test func theCacheOfARemovedRepositoryIsDeleted() throws {
        let cache = try Fixtures.temporaryDirectory()
        let gone = try Fixtures.fresh("branches"), kept = try Fixtures.fresh("branches")
        for repo in [gone, kept] { _ = try json(["main..feature"], in: repo, cache: cache) }
        try FileManager.default.removeItem(atPath: gone)
        ResultCache.removeCachesOfRemovedRepositories(besides: Self.directory(cache, of: kept) + "-another")
        #expect(!FileManager.default.fileExists(atPath: Self.directory(cache, of: gone)))
        #expect(FileManager.default.fileExists(atPath: Self.directory(cache, of: kept)))
    }

    @Test func theDiffAttributeIsPartOfTheKey() throws {
        let repo = try Fixtures.temporaryDirectory() + "/attributes"
        let cache = try Fixtures.temporaryDirectory()
        try Self.script(repo, """
            printf 'one\\0\\ntwo\\nthree\\n' > data.dat; lines 20 text > notes.txt; commit one
            printf 'one\\0\\ntwo\\n3\\nfour\\n' > data.dat; lines 21 text > notes.txt; git mv notes.txt moved.txt; commit two
            """)
        try expectSameColdAndWarm(["HEAD~1..HEAD"], in: repo, cache: cache)
        try "*.dat diff\n*.txt -diff\n".write(toFile: repo + "/.gitattributes", atomically: true, encoding: .utf8)
        let expected = try json(["HEAD~1..HEAD"], in: repo, cache: nil)
        #expect(try json(["HEAD~1..HEAD"], in: repo, cache: cache) == expected)
        let text = String(decoding: expected, as: UTF8.self)
        #expect(text.contains("\"insertions\":2"), "data.dat is text by its attribute now: \(text)")
    }

    @Test func workingTreeFilesAreNeverCached() throws {
        let repo = try Fixtures.fresh("worktree")
        let cache = try Fixtures.temporaryDirectory()
        let file = repo + "/lib/b.c"
        for text in ["one\n", "one\ntwo\nthree\n", "1\n"] {
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            #expect(try json([], in: repo, cache: cache) == (try json([], in: repo, cache: nil)))
        }
    }

    /// The repository's tags, oldest commit first.
    static func tags(_ repo: String) throws -> [String] {
        let names = try Shell.git(["tag"], in: repo).text.split(separator: "\n").map(String.init)
        let depths = try names.map { Int(try Shell.git(["rev-list", "--count", $0], in: repo).text.filter(\.isNumber))! }
        return zip(names, depths).sorted { $0.1 < $1.1 }.map(\.0)
    }

    /// Runs `body` with the fixtures' helpers (`lines`, `commit`) in `repo`, a new repository
    /// unless `fresh` is false.
    static func script(_ repo: String, _ body: String, fresh: Bool = true) throws {
        let setup = fresh ? "source \"$1/repos/lib.sh\" \"$2\"" : """
            set -euo pipefail; cd "$2"; export GIT_AUTHOR_NAME=F GIT_AUTHOR_EMAIL=f@example.com GIT_COMMITTER_NAME=F GIT_COMMITTER_EMAIL=f@example.com
            lines() { local i; for ((i = 1; i <= $1; i++)); do echo "$2 line $i of a fixture file"; done; }
            commit() { git add -A && git commit -q -m "$1"; }
            """
        let result = try Shell.run("bash", ["-c", setup + "\n" + body, "script", Fixtures.directory, repo])
        #expect(result.status == 0, "script failed: \(result.error)")
    }
}
