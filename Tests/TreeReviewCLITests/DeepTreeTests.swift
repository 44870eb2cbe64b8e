import Foundation
import Testing
import TestSupport

/// A file 15,000 directories deep (git handles it; the recursive tree walk overflowed the
/// stack at about 29,000 frames): modified and deleted, compared in every format with git's
/// answer. The repository is made by `git fast-import` at test time; treereview runs as a
/// child under `timeout`, so a crash or a hang fails the test instead of the suite.
struct DeepTreeTests {
    static let depth = 15_000
    static let path = Array(repeating: "d", count: depth).joined(separator: "/") + "/f"

    /// Three commits on `main`: the deep file added, given a second line, deleted.
    static let repository: String? = {
        guard let directory = try? Fixtures.temporaryDirectory() else { return nil }
        func commit(_ mark: Int, _ change: String) -> String {
            "commit refs/heads/main\nmark :\(mark)\ncommitter A <a@example.com> 0 +0000\ndata 1\nx\n"
                + (mark > 1 ? "from :\(mark - 1)\n" : "") + change
        }
        func modify(_ text: String) -> String { "M 100644 inline \(path)\ndata \(text.utf8.count)\n\(text)\n" }
        let stream = commit(1, modify("one\n")) + commit(2, modify("one\ntwo\n")) + commit(3, "D \(path)\n")
        guard (try? Shell.git(["init", "-q", "-b", "main", directory], in: directory)) != nil,
              (try? Shell.run("git", ["fast-import", "--quiet"], in: directory, input: Array(stream.utf8)))?.status == 0
        else { return nil }
        return directory
    }()

    private func run(_ arguments: [String], in repo: String) throws -> Shell.Result {
        try Shell.run("timeout", ["-s", "KILL", "300", Binary.path, "--no-cache"] + arguments, in: repo)
    }

    @Test(arguments: ["main~2..main~1", "main~1..main"])
    func everyFormatAnswersAsGit(range: String) throws {
        let repo = try #require(Self.repository, "fast-import builds the deep repository")
        let sides = range.components(separatedBy: "..")
        let numstat = try Shell.git(["diff", "--numstat"] + sides, in: repo).text
        #expect(numstat == (range == "main~1..main" ? "0\t2\t\(Self.path)\n" : "1\t0\t\(Self.path)\n"))
        let plain = try run(["--format", "plain", range], in: repo)
        #expect(plain.status == 0, "\(plain.error.prefix(300))")
        #expect(plain.text == Self.path + "\n")
        let names = try run(["--format", "plain", "--no-stat", range], in: repo)
        #expect(names.status == 0 && names.text == Self.path + "\n")
        let json = try run(["--format", "json", range], in: repo)
        #expect(json.status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(json.output)) as? [String: Any]
        let files = try #require(document?["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == [Self.path])
        let lines = numstat.split(separator: "\t").prefix(2).compactMap { Int($0) }
        #expect(files.first?["insertions"] as? Int == lines.first && files.first?["deletions"] as? Int == lines.last)
        for format in [["--format", "tree"], ["--format", "markdown"], ["--format", "json", "--no-stat"]] {
            let result = try run(format + [range], in: repo)
            #expect(result.status == 0, "\(format): \(result.error.prefix(300))")
            #expect(!result.output.isEmpty, "\(format)")
        }
    }
}
