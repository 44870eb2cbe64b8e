import Foundation
import TestSupport
import Testing

/// End to end in tmux, on repositories made here: the diff pane follows an edit that keeps
/// the line counts and `v` marks the id shown; find shows its result above the results list,
/// under its directories; the pane's footer and PgDn are the pane's.
@Suite(.serialized) struct BrowserReviewLoopEndToEndTests {
    private let title = "HEAD → working tree"

    /// A repository whose commit holds `files` (path, content) and whose working tree holds
    /// `edited` over them.
    private func repository(_ files: [(String, String)], edited: [(String, String)]) throws -> String {
        let directory = try Fixtures.temporaryDirectory() + "/repo"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Shell.git(["init", "-q", "-b", "main"], in: directory)
        for (path, text) in files { try write(text, to: directory + "/" + path) }
        try Shell.git(["add", "."], in: directory)
        try Shell.git(["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "base"], in: directory)
        for (path, text) in edited { try write(text, to: directory + "/" + path) }
        return directory
    }

    private func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    /// Waits, within a time limit, for the file at `path` to hold `text`.
    private func waitForFile(_ path: String, toContain text: String) async throws -> String {
        let deadline = ContinuousClock.now.advanced(by: .seconds(20))
        while ContinuousClock.now < deadline {
            if let contents = try? String(contentsOfFile: path, encoding: .utf8), contents.contains(text) { return contents }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TmuxPane.Timeout(description: "\(path) never held \(text)")
    }

    private func quit(_ pane: TmuxPane) async throws {
        try pane.press("q")
        try await pane.waitForScreen("the prompt") { $0.last { !$0.isEmpty }?.hasPrefix("PROMPT$") == true }
    }

    @Test func thePaneFollowsAnEditThatKeepsTheLineCountsAndVMarksWhatItShows() async throws {
        let repository = try repository([("notes.txt", "one\ntwo\nthree\n")], edited: [("notes.txt", "one\ntwo\nthree\nalpha line\n")])
        let before = try Shell.git(["hash-object", "notes.txt"], in: repository).text.prefix(7)
        let pane = try await TmuxPane.forBrowser()
        try await pane.startBrowser(in: repository, "", title: title)
        try pane.press("Enter")
        try await pane.waitFor("+alpha line")
        #expect(try pane.screen().contains { $0.hasPrefix("index ") && $0.hasSuffix("..\(before) 100644") })
        try Shell.run("sed", ["-i", "s/alpha/bravo/", repository + "/notes.txt"])
        let after = try Shell.git(["hash-object", "notes.txt"], in: repository).text.trimmingCharacters(in: .whitespacesAndNewlines)
        let screen = try await pane.waitForScreen("the new patch", timeout: .seconds(15)) { $0.contains("+bravo line") }
        #expect(screen.contains { $0.hasPrefix("index ") && $0.hasSuffix("..\(after.prefix(7)) 100644") })
        #expect(!screen.contains("+alpha line"))
        try pane.press("v")
        let marks = try await waitForFile(repository + "/.git/treereview/viewed", toContain: after)
        #expect(!marks.contains(String(before)))
        try await pane.waitFor("notes.txt (viewed)")
        try await quit(pane)
    }

    @Test func ctrlLShowsThePatchAsItIsNow() async throws {
        let repository = try repository([("a.txt", "one\n")], edited: [("a.txt", "one\nalpha\n")])
        let pane = try await TmuxPane.forBrowser()
        try await pane.startBrowser(in: repository, "", title: title)
        try pane.press("Enter")
        try await pane.waitFor("+alpha")
        try Shell.run("sed", ["-i", "s/alpha/bravo/", repository + "/a.txt"])
        try pane.press("C-l")
        try await pane.waitForScreen("the new patch", timeout: .seconds(15)) { $0.contains("+bravo") && !$0.contains("+alpha") }
        try await quit(pane)
    }

    @Test func findShowsItsResultAboveTheListAndUnderItsDirectories() async throws {
        let files = (0..<40).map { ("aa/f\($0 < 10 ? "0" : "")\($0).txt", "x\n") } + (0..<3).map { ("zz/deep/g\($0).txt", "x\n") }
            + (0..<40).map { ("zzz/h\($0 < 10 ? "0" : "")\($0).txt", "x\n") }
        let repository = try repository(files, edited: files.map { ($0.0, "x\ny\n") })
        let pane = try await TmuxPane.forBrowser()
        try await pane.startBrowser(in: repository, "", title: title)
        try pane.press("/")
        try pane.type("g1")
        var screen = try await pane.waitForScreen("the query typed") { $0.last == "/g1" }
        let results = try #require(screen.firstIndex { $0.hasPrefix("-- 1 match") })
        let result = try #require(screen.firstIndex { $0.contains("M  g1.txt") }, "the result is on the screen")
        #expect(result < results, "the result is above the results list")
        #expect(screen[1].hasPrefix("zz/deep/") && result <= 3, "the result is under its directory")
        try pane.press("Enter")
        screen = try await pane.waitForScreen("the result focused") { $0.last?.hasPrefix("zz/deep/g1.txt ") == true }
        #expect(screen[1].hasPrefix("zz/deep/"))
        #expect(screen[2...3].contains { $0.contains("M  g1.txt") })
        try await quit(pane)
    }

    @Test func theOpenPanesFooterShowsItsKeysAndPgDnScrollsIt() async throws {
        let lines = (0..<80).map { "line \($0)\n" }.joined()
        let repository = try repository([("a.txt", "x\n"), ("long.txt", "")], edited: [("a.txt", "y\n"), ("long.txt", lines)])
        let pane = try await TmuxPane.forBrowser()
        try await pane.startBrowser(in: repository, "", title: title)
        try pane.press("j", "Enter")
        var screen = try await pane.waitFor("+line 0")
        #expect(screen[23].hasPrefix("long.txt ") && screen[23].contains("PgDn PgUp scroll") && screen[23].contains("Esc close"))
        try pane.press("PageDown")
        screen = try await pane.waitForScreen("the diff scrolled") { !$0.contains("+line 0") && $0.contains { $0.hasPrefix("+line 1") } }
        #expect(screen[23].hasPrefix("long.txt "), "the focus stays")
        try pane.press("PageUp")
        try await pane.waitFor("+line 0")
        try pane.press("Escape")
        screen = try await pane.waitForScreen("the pane closed") { $0[23].contains("Enter diff") }
        try await quit(pane)
    }
}
