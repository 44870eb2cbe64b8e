import Foundation
import Testing
import TestSupport

/// The manifests of a commit's subtrees, kept in the results cache by each subtree's id: a
/// run after a new commit finds the manifests the commit added, moved or removed exactly as a
/// run without the cache does, and as git lists them.
struct PackagesCacheTests {
    static func roots(_ arguments: [String], in repository: String) throws -> [String] {
        let outcome = CLIRunner.run(["--format", "plain", "--packages"] + arguments + ["HEAD~1..HEAD"], in: repository)
        #expect(outcome.status == 0, "\(outcome.error)")
        return outcome.text.split(separator: "\n").map(String.init)
    }

    @Test func aCommitAfterACachedRunIsSeenAsWithoutTheCache() throws {
        let repository = try Fixtures.fresh("packages-wide")
        let first = try Self.roots([], in: repository)
        #expect(first == (try PackagesCLITests.expectedRoots(repository, old: "HEAD~1", new: "HEAD")))
        #expect(try Self.roots([], in: repository) == first)

        let added = repository + "/areas/a1-p1/nested/lib"
        try FileManager.default.createDirectory(atPath: added, withIntermediateDirectories: true)
        try Data(#"{"name": "nested"}"#.utf8).write(to: URL(fileURLWithPath: added + "/package.json"))
        try Data("one\n".utf8).write(to: URL(fileURLWithPath: added + "/index.ts"))
        try Data("edit again\n".utf8).write(to: URL(fileURLWithPath: repository + "/areas/a2-p1/src/index.ts"))
        _ = try Shell.git(["mv", "areas/a3-p1", "areas/a9-p1"], in: repository)
        _ = try Shell.git(["rm", "-q", "areas/a4-p2/package.json"], in: repository)
        _ = try Shell.git(["add", "-A"], in: repository)
        _ = try Shell.git(["-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "nested, moved, removed"], in: repository)

        let expected = try PackagesCLITests.expectedRoots(repository, old: "HEAD~1", new: "HEAD")
        #expect(expected.contains("areas/a1-p1/nested/lib") && expected.contains("areas/a9-p1") && !expected.contains("areas/a4-p2"))
        #expect(try Self.roots([], in: repository) == expected)
        #expect(try Self.roots(["--no-cache"], in: repository) == expected)
        #expect(try Self.roots([], in: repository) == expected)
    }
}
