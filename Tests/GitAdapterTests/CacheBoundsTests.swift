import Foundation
import Testing
import TestSupport
@testable import GitAdapter

/// The results cache's bounds with several treereview processes at once and with writers
/// killed half-way: at most ``CacheStore/maximumSegments`` files and the budget
/// (`TREEREVIEW_CACHE_BUDGET`, small here) after any number of concurrent runs; a merge's
/// memory does not grow with the cache; a temporary file no living writer holds is gone
/// after the next run; a FIFO or a link among the segments neither blocks nor is read.
struct CacheBoundsTests {
    /// A repository of 24 commits, each adding 6 files of its own (so that each commit's
    /// range computes records no other range does).
    static let history: Result<String, Error> = Result {
        let repo = try Fixtures.temporaryDirectory() + "/history"
        try CacheDifferentialTests.script(repo, """
            for ((c = 1; c <= 24; c++)); do
              mkdir -p d$c
              for ((f = 1; f <= 6; f++)); do lines $((c * 7 + f)) "commit $c file $f" > d$c/f$f.txt; done
              commit "commit $c"
            done
            """)
        return repo
    }

    private static func start(_ arguments: [String], in repo: String, cache: String, budget: Int) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binary.path)
        process.arguments = ["--format", "json"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: repo)
        process.environment = TestEnvironment.variables(adding: ["XDG_CACHE_HOME": cache, "TREEREVIEW_CACHE_BUDGET": String(budget)])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The segment files' count and bytes, and whether every file is a whole segment and no
    /// temporary file is left.
    private static func expectBounded(_ directory: String, budget: Int, _ what: String,
                                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        let files = names.filter { $0.hasSuffix(".seg") }
        let bytes = try files.reduce(0) { total, name in
            total + ((try FileManager.default.attributesOfItem(atPath: directory + "/" + name)[.size] as? Int) ?? 0)
        }
        #expect(files.count <= CacheStore.maximumSegments, "\(what): \(files.count) segments", sourceLocation: sourceLocation)
        #expect(bytes <= budget, "\(what): \(bytes) bytes", sourceLocation: sourceLocation)
        #expect(!names.contains { $0.hasPrefix("tmp-") }, "\(what): \(names)", sourceLocation: sourceLocation)
        let store = try #require(CacheStore(directory: directory, budget: budget), sourceLocation: sourceLocation)
        #expect(store.segments.count == files.count, "\(what): every file is a whole segment", sourceLocation: sourceLocation)
    }

    @Test func concurrentRunsKeepTheCountAndTheBudget() throws {
        let repo = try Self.history.get()
        let cache = try Fixtures.temporaryDirectory()
        let budget = 12 * 1024
        let directory = CacheDifferentialTests.directory(cache, of: repo)
        for round in 0..<3 {
            let ranges = (0..<12).map { ["HEAD~\(($0 + round * 4) % 23 + 1)..HEAD~\(($0 + round * 4) % 23)"] }
                + [["HEAD~23..HEAD~\(round * 5)"]]
            let processes = try ranges.map { try Self.start($0, in: repo, cache: cache, budget: budget) }
            for process in processes {
                process.waitUntilExit()
                #expect(process.terminationStatus == 0)
            }
            try Self.expectBounded(directory, budget: budget, "after round \(round) of \(processes.count) concurrent runs")
        }
    }

    @Test func concurrentWritersInOneProcessKeepTheBounds() async throws {
        let directory = try Fixtures.temporaryDirectory()
        let budget = 24 * 1024
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for round in 0..<6 {
                        let records = (0..<20).map { CacheStoreTests.record((writer * 6 + round) * 20 + $0, size: 100) }
                        CacheStore(directory: directory, budget: budget)?.write(records, used: [])
                    }
                }
            }
        }
        try Self.expectBounded(directory, budget: budget, "after 48 writes by 8 writers at once")
    }

    /// Twelve runs that all opened the cache before any of them wrote (so each saw it empty):
    /// their writes, one after the other or at once, still leave at most eight files within
    /// the budget, and every record of the last writer.
    @Test(arguments: [false, true])
    func runsThatOpenedTheCacheTogetherKeepTheBounds(atOnce: Bool) async throws {
        let directory = try Fixtures.temporaryDirectory()
        let budget = 16 * 1024
        let stores = (0..<12).compactMap { _ in CacheStore(directory: directory, budget: budget) }
        #expect(stores.count == 12)
        let batches = (0..<12).map { writer in (0..<10).map { CacheStoreTests.record(writer * 10 + $0, size: 200) } }
        if atOnce {
            await withTaskGroup(of: Void.self) { group in
                for (store, batch) in zip(stores, batches) { group.addTask { store.write(batch, used: []) } }
            }
        } else {
            for (store, batch) in zip(stores, batches) { store.write(batch, used: []) }
            let store = try #require(CacheStore(directory: directory, budget: budget))
            for record in batches[11] { #expect(store.value(for: record.key).map(Array.init) == record.value) }
        }
        try Self.expectBounded(directory, budget: budget, "after twelve writers that opened the cache together")
    }

    /// A cache of `segments` files of `bytes` each, of records no run looks up.
    private static func fill(_ directory: String, segments: Int, bytes: Int) {
        let perRecord = 64 << 10
        for segment in 0..<segments {
            let records = (0..<bytes / perRecord).map { n in
                CacheStoreTests.record(1_000_000 + segment * 10_000 + n, size: perRecord)
            }
            CacheStore(directory: directory, budget: 1 << 30)!.write(records, used: [])
        }
    }

    @Test func aMergeOfAFullCacheNeedsLittleMemory() throws {
        let repo = try Self.history.get()
        let cache = try Fixtures.temporaryDirectory()
        let directory = CacheDifferentialTests.directory(cache, of: repo)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        Self.fill(directory, segments: CacheStore.maximumSegments, bytes: 8 << 20)
        let budget = 80 << 20
        let environment = ["XDG_CACHE_HOME": cache, "TREEREVIEW_CACHE_BUDGET": String(budget)]
        let result = try Shell.run("/usr/bin/time", ["-f", "%M", Binary.path, "--format", "json", "HEAD~3..HEAD"], in: repo,
                                   environment: environment)
        #expect(result.status == 0, "\(result.error)")
        let peak = try #require(result.error.split(separator: "\n").last.flatMap { Int($0) }, "\(result.error)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".seg") }
        #expect(files.count == 1, "the run merged the eight segments and its own into one")
        // A sanitized binary adds its shadow memory and quarantine, not a second copy of the cache.
        let allowance = Binary.sanitizer == nil ? 0 : 64 << 10
        #expect(peak < (64 << 10) + allowance, "peak resident memory \(peak) KiB for a merge of 64 MiB")
        try Self.expectBounded(directory, budget: budget, "after the merge")
    }

    @Test func aTemporaryFileIsKeptWhileItsWriterLivesAndDeletedAfterItIsKilled() throws {
        let repo = try Self.history.get()
        let cache = try Fixtures.temporaryDirectory()
        let directory = CacheDifferentialTests.directory(cache, of: repo)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let temporary = directory + "/tmp-999999-1"
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/bash")
        writer.arguments = ["-c", "exec 9<>\"$1\" && flock 9 && head -c 4000000 /dev/zero >&9 && echo locked && exec sleep 600",
                            "writer", temporary]
        let ready = Pipe()
        writer.standardOutput = ready
        try writer.run()
        defer { if writer.isRunning { kill(writer.processIdentifier, SIGKILL) } }
        #expect(ready.fileHandleForReading.availableData == Data("locked\n".utf8))
        let environment = ["XDG_CACHE_HOME": cache]
        #expect(try Shell.run(Binary.path, ["--format", "json", "HEAD~2..HEAD~1"], in: repo, environment: environment).status == 0)
        #expect(FileManager.default.fileExists(atPath: temporary), "a writer holds it: kept")
        kill(writer.processIdentifier, SIGKILL)
        writer.waitUntilExit()
        #expect(FileManager.default.fileExists(atPath: temporary), "killed: left behind")
        #expect(try Shell.run(Binary.path, ["--format", "json", "HEAD~2..HEAD~1"], in: repo, environment: environment).status == 0)
        #expect(!FileManager.default.fileExists(atPath: temporary), "the next run deleted it")
    }

    /// A real merge killed with `SIGKILL` once its temporary file is there (a merge of 64 MiB
    /// holds it for a while; should a run finish first, the test fills the cache again and
    /// tries once more): the file is left, and the next run deletes it.
    @Test func aMergeKilledHalfWayLeavesATemporaryFileTheNextRunDeletes() async throws {
        let repo = try Self.history.get()
        let cache = try Fixtures.temporaryDirectory()
        let directory = CacheDifferentialTests.directory(cache, of: repo)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let environment = ["XDG_CACHE_HOME": cache, "TREEREVIEW_CACHE_BUDGET": String(80 << 20)]
        func temporaryFiles() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasPrefix("tmp-") }
        }
        var left: [String] = []
        for attempt in 0..<5 where left.isEmpty {
            Self.fill(directory, segments: CacheStore.maximumSegments - ((try? FileManager.default.contentsOfDirectory(
                atPath: directory).filter { $0.hasSuffix(".seg") }.count) ?? 0), bytes: 8 << 20)
            let run = try Self.start(["HEAD~\(attempt + 2)..HEAD"], in: repo, cache: cache, budget: 80 << 20)
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: .seconds(60))
            while run.isRunning && temporaryFiles().isEmpty && clock.now < deadline {
                try await Task.sleep(for: .milliseconds(1))
            }
            kill(run.processIdentifier, SIGKILL)
            run.waitUntilExit()
            left = temporaryFiles()
        }
        try #require(!left.isEmpty, "no run was caught merging")
        #expect(try Shell.run(Binary.path, ["--format", "json", "HEAD~1..HEAD"], in: repo, environment: environment).status == 0)
        #expect(temporaryFiles().isEmpty, "the next run deleted \(left)")
        try Self.expectBounded(directory, budget: 80 << 20, "after the killed merge and the next run")
    }

    @Test func aFIFOOrALinkAmongTheSegmentsOrAsAnotherCachesMarkerIsLeftAloneAndDoesNotBlock() throws {
        let repo = try Self.history.get()
        let cache = try Fixtures.temporaryDirectory()
        let directory = CacheDifferentialTests.directory(cache, of: repo)
        let sibling = (directory as NSString).deletingLastPathComponent + "/other-0"
        try FileManager.default.createDirectory(atPath: sibling, withIntermediateDirectories: true)
        #expect(mkfifo(sibling + "/repository", 0o600) == 0)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        Self.fill(directory, segments: CacheStore.maximumSegments, bytes: 64 << 10)
        #expect(mkfifo(directory + "/0000000001-fifo.seg", 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: directory + "/0000000001-zero.seg", withDestinationPath: "/dev/zero")
        let expected = try Shell.run(Binary.path, ["--format", "json", "--no-cache", "HEAD~2..HEAD"], in: repo)
        let result = try Shell.run("timeout", ["-s", "KILL", "60", Binary.path, "--format", "json", "HEAD~2..HEAD"], in: repo,
                                   environment: ["XDG_CACHE_HOME": cache])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == expected.output)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(names.filter { $0.hasSuffix(".seg") }.count == 3, "merged into one, the FIFO and the link left alone: \(names)")
        #expect(names.contains("0000000001-fifo.seg") && names.contains("0000000001-zero.seg"), "\(names)")
        #expect(FileManager.default.fileExists(atPath: sibling), "a marker that cannot be read deletes nothing")
    }

    @Test func aFIFOAsTheLockMakesARunLeaveItsRecordsUnwritten() throws {
        let repo = try Self.history.get()
        let cache = try Fixtures.temporaryDirectory()
        let directory = CacheDifferentialTests.directory(cache, of: repo)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        #expect(mkfifo(directory + "/lock", 0o600) == 0)
        let expected = try Shell.run(Binary.path, ["--format", "json", "--no-cache", "HEAD~2..HEAD"], in: repo)
        let result = try Shell.run("timeout", ["-s", "KILL", "60", Binary.path, "--format", "json", "HEAD~2..HEAD"], in: repo,
                                   environment: ["XDG_CACHE_HOME": cache])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == expected.output)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".seg") }.isEmpty)
    }
}
