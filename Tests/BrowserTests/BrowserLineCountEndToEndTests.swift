import Foundation
import TestSupport
import Testing

/// End to end, in tmux: `treereview -i` draws its tree before the line counts — its very
/// first frame (as the pane's output records it) holds the tree, the statuses and a dim `…`
/// for every count, the header `counting lines` — then the numbers fill in as git's own
/// (`git diff --shortstat`, `--numstat`); keys move the focus and open a file's diff while
/// four files whose diffs take seconds are still being counted.
@Suite(.serialized) struct BrowserLineCountEndToEndTests {
    /// What tmux was sent by the program in `pane` so far (`pipe-pane` into `output`).
    private static func output(of pane: TmuxPane) throws -> String {
        try String(contentsOfFile: pane.directory + "/output", encoding: .utf8)
    }

    @Test func theFirstFrameComesBeforeTheCountsAndTheNumbersFillInAsGitsOwn() async throws {
        let repository = try Fixtures.repository("branches")
        let title = "main...feature"
        let pane = try await TmuxPane.forBrowser(columns: 100, rows: 24)
        try pane.tmux(["pipe-pane", "-t", "test", "-o", "cat > '\(pane.directory)/output'"])
        try await pane.startBrowser(in: repository, "--no-cache --color=never \(title)", title: title, countsPending: true)
        let screen = try await pane.waitForScreen("every count") { $0.first?.contains("counting lines") == false }
        let output = try Self.output(of: pane)
        let first = try #require(output.range(of: "main...feature · 14 files changed ("))
        #expect(output[first.upperBound...].prefix(120).contains("· counting lines 0%"), "the first frame says the counts are coming")
        let placeholder = try #require(output.range(of: "Sources/App/" + String(repeating: " ", count: 87) + "…"))
        let totals = try #require(output.range(of: "main...feature · 14 files changed, +"))
        #expect(first.lowerBound < placeholder.lowerBound && placeholder.lowerBound < totals.lowerBound)
        let numbers = try Shell.git(["diff", "--shortstat", "-M", title], in: repository).text.split { !$0.isNumber }.compactMap { Int($0) }
        #expect(numbers.count == 3)
        #expect(screen[0].hasPrefix("main...feature · 14 files changed, +\(numbers[1]) −\(numbers[2]) ("), "\(screen[0])")
        let numstat = try Shell.git(["diff", "--numstat", "-M", title, "--", "Sources/App/Views/List.swift"], in: repository)
            .text.split(separator: "\t")
        let row = try #require(screen.first { $0.hasPrefix("│   └── M  List.swift") })
        #expect(row.hasSuffix(" +\(numstat[0])"), "\(row)")
        try pane.press("q")
        try await pane.waitForScreen("the prompt") { $0.last { !$0.isEmpty }?.hasPrefix("PROMPT$") == true }
    }

    /// A repository whose `feature` shuffles the 800,000 lines of four files (diffs that
    /// take xdiff seconds each) and edits a small one.
    static func slowRepository() throws -> String {
        let repo = try Fixtures.temporaryDirectory() + "/slow-counts"
        let script = """
            source "$1/repos/lib.sh" "$2"
            mkdir -p big
            for name in one two three four; do seq 1 800000 > "big/$name.txt"; done
            lines 30 a > a.txt; commit base; git checkout -q -b feature
            for name in one two three four; do
                shuf --random-source=<(yes "$name") "big/$name.txt" > shuffled; mv shuffled "big/$name.txt"
            done
            lines 34 a > a.txt; commit feature
            """
        let result = try Shell.run("bash", ["-c", script, "script", Fixtures.directory, repo])
        #expect(result.status == 0, "\(result.error)")
        return repo
    }

    @Test func keysMoveAndOpenTheDiffWhileTheCountsAreMade() async throws {
        let repo = try Self.slowRepository()
        let title = "main..feature"
        let pane = try await TmuxPane.forBrowser(columns: 100, rows: 20)
        try pane.tmux(["pipe-pane", "-t", "test", "-o", "cat > '\(pane.directory)/output'"])
        let pid = try await pane.startBrowser(in: repo, "--no-cache --color=never \(title)", title: title, countsPending: true)
        try pane.press("G", "Enter")
        let screen = try await pane.waitForScreen("a.txt's diff") { $0.contains("diff --git a/a.txt b/a.txt") }
        #expect(screen.last?.hasPrefix("a.txt ") == true, "the last row focused")
        let output = try Self.output(of: pane)
        #expect(output.contains("├── M  one.txt" + String(repeating: " ", count: 85) + "…"))
        #expect(!output.contains("main..feature · 5 files changed, +"), "the diff opened before the counts were all in")
        #expect(screen[0].contains("· counting lines "), "\(screen[0])")
        #expect(kill(pid, SIGTERM) == 0, "a signal ends the browser at once, counts or not")
        try await pane.waitForScreen("the prompt") { $0.last { !$0.isEmpty }?.hasPrefix("PROMPT$") == true }
    }
}
