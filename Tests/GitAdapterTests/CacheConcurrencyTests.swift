import Foundation
import Testing
import TestSupport
@testable import GitAdapter

/// Several treereview processes sharing one cache directory at the same time: each prints
/// what it prints without the cache, and the directory holds only whole, valid files after.
struct CacheConcurrencyTests {
    /// Starts `treereview --format json ARGUMENTS` in `repo` with the cache in `cache`, its
    /// output going to a new file; returns the process and that file.
    private func start(_ arguments: [String], in repo: String, cache: String?) throws -> (Process, URL) {
        let output = URL(fileURLWithPath: try Fixtures.temporaryDirectory() + "/out.json")
        try Data().write(to: output)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binary.path)
        process.arguments = ["--format", "json"] + (cache == nil ? ["--no-cache"] : []) + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: repo)
        process.environment = TestEnvironment.variables(adding: ["XDG_CACHE_HOME": cache ?? "/nonexistent/cache"])
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, output)
    }

    private func finish(_ started: (Process, URL)) throws -> (Int32, Data) {
        started.0.waitUntilExit()
        return (started.0.terminationStatus, try Data(contentsOf: started.1))
    }

    @Test func parallelRunsShareOneCacheSafely() throws {
        let repo = try Fixtures.repository("renames")
        let cache = try Fixtures.temporaryDirectory()
        let tags = try CacheDifferentialTests.tags(repo)
        let ranges = [["\(tags.first!)..\(tags.last!)"]] + tags.dropFirst().map { ["\($0)^..\($0)"] }
            + tags.dropFirst().map { ["--find-copies-harder", "\(tags.first!)..\($0)"] }
        var expected: [[String]: Data] = [:]
        for range in ranges { expected[range] = try finish(try start(range, in: repo, cache: nil)).1 }
        for round in 0..<3 {
            let started = try ranges.map { try start($0, in: repo, cache: cache) }
            for (range, process) in zip(ranges, started) {
                let (status, output) = try finish(process)
                #expect(status == 0, "round \(round): \(range)")
                #expect(output == expected[range], "round \(round): \(range)")
            }
        }
        let directory = CacheDifferentialTests.directory(cache, of: repo)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(!names.contains { $0.hasPrefix("tmp-") }, "no temporary file is left")
        let store = try #require(CacheStore(directory: directory))
        #expect(store.segments.count == names.filter { $0.hasSuffix(".seg") }.count, "every file is a whole segment")
        #expect(!store.segments.isEmpty)
    }
}
