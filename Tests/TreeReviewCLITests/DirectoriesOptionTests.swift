import Foundation
import Testing
import TestSupport
import TreeModel

/// `--directories[=<depth>]` in plain (lines and `-z`) and JSON, against git: each changed
/// path's directory, cut to `depth` pieces, `.` for the top level, each once, in byte order.
struct DirectoriesOptionTests {
    /// What git's changed paths give for `depth`.
    static func expected(_ repository: String, _ arguments: [String], depth: Int) throws -> [[UInt8]] {
        let names = try Shell.git(["diff", "-z", "--name-only", "-M"] + arguments, in: repository).output
        let directories = Set(names.split(separator: 0).map { path -> [UInt8] in
            let pieces = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropLast()
            return pieces.isEmpty ? [UInt8(ascii: ".")] : Array(pieces.prefix(depth).joined(separator: [UInt8(ascii: "/")]))
        })
        return directories.sorted { $0.lexicographicallyPrecedes($1) }
    }

    @Test(arguments: [1, 2, 3, 9])
    func plainListsGitsDirectories(depth: Int) throws {
        let repository = try Fixtures.repository("branches")
        let expected = try Self.expected(repository, ["main...feature"], depth: depth)
        let lines = CLIRunner.run(["--directories=\(depth)", "main...feature"], in: repository)
        #expect(lines.status == 0, "\(lines.error)")
        #expect(lines.text.split(separator: "\n").map { Array($0.utf8) } == expected)
        let nul = CLIRunner.run(["--directories=\(depth)", "-z", "main...feature"], in: repository)
        #expect(nul.output.split(separator: 0).map(Array.init) == expected)
        #expect(nul.output.last == 0)
        if depth == 1 {
            #expect(CLIRunner.run(["--directories", "main...feature"], in: repository).output == lines.output)
        }
    }

    @Test func filtersApplyFirst() throws {
        let repository = try Fixtures.repository("branches")
        let outcome = CLIRunner.run(["--directories=2", "--status=d", "main...feature", "--", "Sources"], in: repository)
        let expected = try Self.expected(repository, ["--diff-filter=d", "main...feature", "--", "Sources"], depth: 2)
        #expect(!expected.isEmpty)
        #expect(outcome.text.split(separator: "\n").map { Array($0.utf8) } == expected)
    }

    @Test func hostileNamesAreExactWithNULs() throws {
        let repository = try Fixtures.repository("hostile-names")
        let outcome = CLIRunner.run(["--directories", "-z", "HEAD~1..HEAD"], in: repository)
        #expect(outcome.output.split(separator: 0).map(Array.init) == (try Self.expected(repository, ["HEAD~1..HEAD"], depth: 1)))
        let quoted = CLIRunner.run(["--directories", "HEAD~1..HEAD"], in: repository).text
        #expect(quoted.split(separator: "\n") == [".", "dir with spaces", "naïve"])
    }

    @Test(arguments: [1, 2])
    func jsonCarriesTheSameListAndValidates(depth: Int) throws {
        let repository = try Fixtures.repository("branches")
        let outcome = CLIRunner.run(["--format", "json", "--directories=\(depth)", "main...feature"], in: repository)
        #expect(outcome.status == 0, "\(outcome.error)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output)) as? [String: Any])
        let directories = try #require(document["directories"] as? [String])
        #expect(directories.map { Array($0.utf8) } == (try Self.expected(repository, ["main...feature"], depth: depth)))
        #expect(Array(document.keys).contains("files"))
        #expect(try SchemaValidator.errors(outcome.output) == [])
        let without = try CLIRunner.json(["main...feature"], in: repository)
        #expect(without["directories"] == nil)
    }

    @Test(arguments: [
        (["--directories", "--format", "tree"], "--directories lists directories with --format plain or json, not tree"),
        (["--directories", "--format", "markdown"], "--directories lists directories with --format plain or json, not markdown"),
        (["--directories=0"], "invalid value '0' for --directories: expected a whole number, 1 or more"),
        (["--directories=x"], "--directories"),
        (["--max-bytes", "5000"], "--max-bytes applies to --format markdown, not tree"),
        (["--group-by", "owner"], "--group-by owner applies to --format markdown, not tree"),
        (["--group-by", "owner", "--format", "json"], "--group-by owner applies to --format markdown, not json"),
        (["--group-by", "team", "--format", "markdown"], "--group-by"),
        (["--max-bytes", "5000", "--format", "json"], "--max-bytes applies to --format markdown, not json"),
        (["--max-bytes", "100", "--format", "markdown"], "invalid value '100' for --max-bytes: expected a whole number, 4096 or more"),
    ])
    func badCombinationsFailWithOneLine(arguments: [String], message: String) throws {
        let outcome = CLIRunner.run(arguments + ["main...feature"], in: try Fixtures.repository("branches"))
        #expect(outcome.status == 2)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errorLines.count == 1)
        #expect(outcome.error.hasPrefix("treereview: ") && outcome.error.contains(message), "\(outcome.error)")
    }
}
