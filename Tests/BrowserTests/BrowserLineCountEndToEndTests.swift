import Foundation
import TestSupport
import Testing

/// End to end, in tmux: `treereview -i` draws its tree before the line counts — its very
/// first frame (as the pane's output records it) holds the tree, the statuses and a dim `…`
/// for every count, the header `counting lines` — keys move the focus and open a file's diff
/// while three files whose diffs take seconds are still being counted, and once every count
/// is in the numbers are git's own (`git diff --numstat`, `--shortstat`).
@Suite(.serialized) struct BrowserLineCountEndToEndTests {
    /// A repository whose `feature` shuffles the 400,000 lines of three files (diffs that
    /// take xdiff seconds) and edits two small ones.
    static func slowRepository() throws -> String {
        let repo = try Fixtures.temporaryDirectory() + "/slow-counts"
        let script = """
            source "$1/repos/lib.sh" "$2"
            mkdir -p big docs
            for name in one two three; do seq 1 400000 > "big/$name.txt"; done
            lines 30 a > a.txt; lines 12 b > docs/b.md; commit base; git checkout -q -b feature
            for name in one two three; do shuf --random-source=<(yes "$name") "big/$name.txt" > shuffled; mv shuffled "big/$name.txt"; done
            lines 34 a > a.txt; lines 10 b > docs/b.md; commit feature
            """
        let result = try Shell.run("bash", ["-c", script, "script", Fixtures.directory, repo])
        #expect(result.status == 0, "\(result.error)")
        return repo
    }

    @Test func theTreeComesFirstAndItsNumbersAsTheyAreCounted() async throws {
        let repo = try Self.slowRepository()
        let title = "main..feature"
        let pane = try await TmuxPane.forBrowser(columns: 100, rows: 20)
        try pane.tmux(["pipe-pane", "-t", "test", "-o", "cat > '\(pane.directory)/output'"])
        try await pane.startBrowser(in: repo, "--no-cache --color=never \(title)", title: title, countsPending: true)
        try pane.press("G", "Enter")
        var screen = try await pane.waitForScreen("a.txt's diff") { $0.contains("diff --git a/a.txt b/a.txt") }
        screen = try await pane.waitForScreen("every count") { $0.first?.contains("counting lines") == false }

        // What the pane was sent, frame after frame: the first frame came before the counts,
        // and the keys moved and opened the diff while they were being made.
        let output = try String(contentsOfFile: pane.directory + "/output", encoding: .utf8)
        let firstHeader = try #require(output.range(of: "main..feature · 5 files changed"))
        #expect(output[firstHeader.upperBound...].hasPrefix(" (5 modified) · counting lines 0%"),
                "the first frame names the files and says the counts are coming")
        let placeholder = try #require(output.range(of: "big/" + String(repeating: " ", count: 95) + "…"),
                                       "the directory's roll-up waits for its files")
        #expect(output.range(of: "├── M  one.txt" + String(repeating: " ", count: 85) + "…") != nil)
        let totals = try #require(output.range(of: "main..feature · 5 files changed, +"), "the totals, once counted")
        let diff = try #require(output.range(of: "diff --git a/a.txt b/a.txt"))
        #expect(firstHeader.lowerBound < placeholder.lowerBound && placeholder.lowerBound < totals.lowerBound)
        #expect(diff.lowerBound < totals.lowerBound, "the diff pane opened before the counts were all in")

        let shortstat = try Shell.git(["diff", "--shortstat", title], in: repo).text
        let numbers = shortstat.split { !$0.isNumber }.compactMap { Int($0) }
        #expect(numbers.count == 3, "\(shortstat)")
        #expect(screen[0].hasPrefix("main..feature · 5 files changed, +\(numbers[1]) −\(numbers[2]) (5 modified)"), "\(screen[0])")
        let numstat = try Shell.git(["diff", "--numstat", title, "--", "big/one.txt"], in: repo).text.split(separator: "\t")
        let row = try #require(try pane.screen().first { $0.hasPrefix("├── M  one.txt") })
        #expect(row.contains(" +\(numstat[0]) ") && row.hasSuffix(" −\(numstat[1])"), "\(row)")
        #expect(screen.contains("diff --git a/a.txt b/a.txt"), "the diff pane stays open as the counts come")
        try pane.press("q")
        try await pane.waitForScreen("the prompt") { $0.last { !$0.isEmpty }?.hasPrefix("PROMPT$") == true }
    }
}
