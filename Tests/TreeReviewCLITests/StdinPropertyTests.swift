import Foundation
import Testing
import TestSupport

/// For random changes to a repository (names chosen to look like git's markers: `commit`,
/// `a | b`, `diff --git`, `-----BEGIN`, ...): the recognizer never accepts a patch or a stat
/// table, and reads the name-status, raw and name-only lists as the repository's files.
struct StdinPropertyTests {

    static let pieces = ["src", "docs", "commit", "Author: x", "a | b", " lead", "diff --git a", "-----BEGIN X-----",
                         "tag v1", "M", "?? x", "naïve", "tab\there", "new\nline", "100%", "x => y", "R100", ":100644"]

    /// A repository with two commits: random files, then random edits, deletions, renames,
    /// mode changes and new files. Returns its path.
    static func randomRepository(seed: UInt64) throws -> String {
        var random = SeededGenerator(state: seed)
        let repo = try Fixtures.temporaryDirectory()
        let identity = ["-c", "user.name=Fixture", "-c", "user.email=fixture@example.com"]
        try Shell.git(["init", "-q", "-b", "main", "."], in: repo)
        // Not `?? x` first: a list whose every line starts `?? ` is read as `git status --porcelain`.
        func name() -> String {
            let first = pieces.filter { $0 != "?? x" }.randomElement(using: &random)!
            let more = (0..<Int.random(in: 0...2, using: &random)).map { _ in pieces.randomElement(using: &random)! }
            return ([first] + more).joined(separator: "/") + "-\(Int.random(in: 0...99, using: &random)).txt"
        }
        func content() -> String {
            (0..<Int.random(in: 1...30, using: &random)).map { "line \($0) \(Int.random(in: 0...5, using: &random))" }.joined(separator: "\n") + "\n"
        }
        func write(_ path: String, _ text: String) throws {
            let url = URL(fileURLWithPath: repo).appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: false, encoding: .utf8)
        }
        var files = Set<String>()
        for _ in 0..<Int.random(in: 4...12, using: &random) {
            let path = name()
            guard !files.contains(where: { $0.hasPrefix(path + "/") || path.hasPrefix($0 + "/") }) else { continue }
            try write(path, content())
            files.insert(path)
        }
        try Shell.git(["add", "-A"], in: repo)
        try Shell.git(identity + ["commit", "-q", "-m", "base"], in: repo)
        for path in files.sorted() {
            switch Int.random(in: 0...5, using: &random) {
            case 0: try write(path, content())
            case 1: try Shell.git(["--literal-pathspecs", "rm", "-q", "--", path], in: repo)
            case 2: try Shell.git(["--literal-pathspecs", "mv", "--", path, path + ".moved"], in: repo)
            case 3: try Shell.git(["--literal-pathspecs", "update-index", "--chmod=+x", "--", path], in: repo)
            default: break
            }
        }
        try write(name() + ".new", content())
        try Shell.git(["add", "-A"], in: repo)
        try Shell.git(identity + ["commit", "-q", "-m", "change"], in: repo)
        return repo
    }

    static let refused: [[String]] = [
        ["diff", "-p"], ["diff", "--stat"], ["diff", "--stat", "--summary"], ["diff", "--stat=200"], ["diff", "--shortstat"],
        ["diff", "--numstat"], ["diff", "--summary"], ["diff", "--dirstat=files,0"], ["diff", "--raw", "-p"], ["diff", "-p", "--stat"], ["show"], ["show", "--stat"],
        ["show", "--name-status"], ["format-patch", "-1", "--stdout"], ["log", "-2", "--name-only"],
    ]

    @Test(arguments: 1...12)
    func patchesAndStatsAreNeverAccepted(seed: UInt64) throws {
        let repo = try Self.randomRepository(seed: seed)
        var checked = 0
        for command in Self.refused {
            let range = command[0] == "diff" ? ["HEAD~1", "HEAD"] : command[0] == "show" || command[0] == "log" ? ["HEAD"] : []
            let output = try Shell.git(command + range, in: repo).output
            // `--summary` and `--dirstat` print nothing for some changes (edits only, files at the top).
            if output.isEmpty { continue }
            checked += 1
            let outcome = CLIRunner.run(["--stdin"], in: "/", input: output)
            #expect(outcome.status == 2, "seed \(seed): git \(command.joined(separator: " ")) was accepted: \(String(decoding: output, as: UTF8.self).debugDescription)")
            #expect(outcome.output.isEmpty && outcome.errorLines.count == 1, "seed \(seed): \(outcome.error)")
        }
        #expect(checked >= Self.refused.count - 2)
    }

    @Test(arguments: 1...12)
    func changeListsGiveTheRepositorysFiles(seed: UInt64) throws {
        let repo = try Self.randomRepository(seed: seed)
        let expected = StdinFormTests.listed(try StdinFormTests.fromRepository(["HEAD~1", "HEAD"], in: repo), modes: true)
        for options in [["--raw"], ["--raw", "-z"]] {
            let input = try Shell.git(["diff"] + options + ["HEAD~1", "HEAD"], in: repo).output
            #expect(StdinFormTests.listed(try StdinFormTests.fromStdin(input), modes: true) == expected, "seed \(seed) \(options)")
        }
        for options in [["--name-status"], ["--name-status", "-z"]] {
            let input = try Shell.git(["diff"] + options + ["HEAD~1", "HEAD"], in: repo).output
            #expect(StdinFormTests.listed(try StdinFormTests.fromStdin(input), modes: false)
                    == StdinFormTests.listed(try StdinFormTests.fromRepository(["HEAD~1", "HEAD"], in: repo), modes: false), "seed \(seed) \(options)")
        }
        let names = try Shell.git(["diff", "--name-only", "HEAD~1", "HEAD"], in: repo).output
        #expect(StdinFormTests.listed(try StdinFormTests.fromStdin(names), modes: false).map(\.path) == expected.map(\.path), "seed \(seed)")
    }
}
