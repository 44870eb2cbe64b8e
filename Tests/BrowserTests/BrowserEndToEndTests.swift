import Foundation
import TestSupport
import Testing

/// End to end: `treereview -i` in tmux on the branches fixture, driven with keys, mouse
/// reports, a resize and signals, checked by what tmux shows and by the terminal settings
/// the shell sees after. One session at a time.
@Suite(.serialized) struct BrowserEndToEndTests {
    private let title = "main...feature"

    @Test func drawsTheTreeMovesAndOpensADiff() async throws {
        let repository = try Fixtures.repository("branches")
        let pane = try await TmuxPane.forBrowser()
        try await pane.startBrowser(in: repository, title, title: title)
        var screen = try await pane.waitFor("Docs/guide/deep/ ")
        #expect(screen.count == 24)
        #expect(screen[0].hasPrefix("main...feature · 14 files changed, +85 −36 (4 added,"))
        #expect(screen[0].hasSuffix("· 0 of 14 viewed"))
        #expect(screen[1] == "Docs/guide/deep/")
        #expect(screen[2] == "└── R  start.md ← intro.md (100%)")
        #expect(screen[4].hasPrefix("├── Model/") && screen[4].hasSuffix("+11"))
        #expect(screen[23].hasPrefix("Docs/guide/deep/ ") && screen[23].hasSuffix("? keys  q quit"))
        #expect(try pane.modes() == .fullScreen)
        try pane.press("j", "j", "j")
        screen = try await pane.waitFor("Sources/App/Model/ ")
        #expect(screen[23].hasPrefix("Sources/App/Model/ "))
        try pane.press("h")
        screen = try await pane.waitFor("├── Model/ (2 files: 1 A, 1 R)")
        #expect(screen[5].hasPrefix("├── Views/"))
        try pane.press("G", "Enter")
        screen = try await pane.waitForScreen("the diff pane") { $0.contains("diff --git a/tool.sh b/tool.sh") }
        #expect(screen.contains { $0.contains("tool.sh") && $0.contains("─") })
        #expect(screen.contains("old mode 100644") && screen.contains("new mode 100755"))
        try pane.press("Escape")
        try await pane.waitForScreen("the diff pane closed") { !$0.contains { $0.hasPrefix("diff --git") } }
        try pane.press("q")
        try await expectRestored(pane)
        #expect(try !pane.screen().contains { $0.contains("Docs/guide/deep/") })
    }

    @Test func findsStickyRowsAndTheMouse() async throws {
        let repository = try Fixtures.repository("branches")
        let pane = try await TmuxPane.forBrowser(columns: 80, rows: 8)
        try await pane.startBrowser(in: repository, title, title: title)
        try pane.press("/")
        try pane.type("List")
        var screen = try await pane.waitForScreen("the query typed") { $0.last == "/List" }
        #expect(screen.contains { $0.hasPrefix("> Sources/App/Views/List.swift") })
        try pane.press("Enter")
        screen = try await pane.waitForScreen("the match focused") { $0.last?.hasPrefix("Sources/App/Views/List.swift ") == true }
        #expect(screen[1] == "Sources/App/" + String(repeating: " ", count: 61) + "+76 −25"
                || screen[1].hasPrefix("Sources/App/ "))
        #expect(screen.contains { $0.hasPrefix("│   └── M  List.swift") })
        #expect(!screen.contains { $0.contains("start.md") }, "Sources/App/ is pinned, the rows above it scrolled away")
        try pane.send(bytes: Array("\u{1B}[<0;3;2M\u{1B}[<0;3;2m".utf8))
        screen = try await pane.waitForScreen("the pinned row chosen") { $0.last?.hasPrefix("Sources/App/ ") == true }
        try pane.send(bytes: Array("\u{1B}[<65;3;4M".utf8))
        try await pane.waitForScreen("the wheel scrolled") { $0[1].hasPrefix("Sources/App/") && !$0[2].hasPrefix("├── Model/") }
        try pane.press("q")
        try await expectRestored(pane)
    }

    @Test func oPagesTheDiffAndComesBack() async throws {
        let repository = try Fixtures.repository("branches")
        let pane = try await TmuxPane.forBrowser()
        let paged = pane.directory + "/paged"
        try pane.run("GIT_PAGER='cat > \(paged)'; export GIT_PAGER")
        try await pane.startBrowser(in: repository, title, title: title)
        try pane.press("j", "o")
        let text = try await pane.waitForFile("paged")
        let git = try Shell.git(["diff", "--no-color", "-M", title, "--", "Docs/guide/deep/intro.md", "Docs/guide/deep/start.md"],
                                in: repository)
        #expect(Self.withoutStyles(text) == git.text)
        #expect(text.hasPrefix("\u{1B}[1mdiff --git a/Docs/guide/deep/intro.md b/Docs/guide/deep/start.md"))
        let screen = try await pane.waitForScreen("the browser back") { $0.last?.hasPrefix("Docs/guide/deep/start.md ") == true }
        #expect(screen[0].hasPrefix(title))
        #expect(try pane.modes() == .fullScreen)
        try pane.press("q")
        try await expectRestored(pane)
    }

    @Test func theDiffPaneShowsGitsPatch() async throws {
        let repository = try Fixtures.repository("branches")
        let pane = try await TmuxPane.forBrowser(columns: 80, rows: 40)
        try await pane.startBrowser(in: repository, title, title: title)
        try pane.press("/")
        try pane.type("README.md")
        try pane.press("Enter")
        try await pane.waitForScreen("README.md focused") { $0.last?.hasPrefix("README.md ") == true }
        try pane.press("Enter")
        let screen = try await pane.waitForScreen("the patch") { $0.contains { $0.hasPrefix("@@ ") } }
        let git = try Shell.git(["diff", "--no-color", "-M", title, "--", "README.md"], in: repository).text
            .split(separator: "\n").map(String.init)
        #expect(git.count > 8 && git.contains { $0.hasPrefix("+") && !$0.hasPrefix("+++") })
        let start = try #require(screen.firstIndex(of: git[0]))
        #expect(Array(screen[start..<min(start + git.count, screen.count - 1)]) == Array(git.prefix(screen.count - 1 - start)))
        try pane.press("q")
        try await expectRestored(pane)
    }

    @Test func redrawsForANewSize() async throws {
        let repository = try Fixtures.repository("branches")
        let pane = try await TmuxPane.forBrowser()
        try await pane.startBrowser(in: repository, title, title: title)
        try pane.tmux(["resize-window", "-t", "test", "-x", "50", "-y", "12"])
        var screen = try await pane.waitForScreen("a 50x12 frame") {
            $0.count == 12 && $0[11].hasPrefix("Docs/guide/deep/") && $0[0].hasPrefix(title)
        }
        #expect(screen.allSatisfy { $0.count <= 50 })
        #expect(screen[0].hasSuffix("… · 0 of 14 viewed"))
        try pane.tmux(["resize-window", "-t", "test", "-x", "130", "-y", "30"])
        screen = try await pane.waitForScreen("a 130x30 frame") {
            $0.count == 30 && $0[29].hasPrefix("Docs/guide/deep/") && $0[0].hasPrefix(title)
        }
        #expect(screen[0].hasPrefix("main...feature · 14 files changed, +85 −36 (4 added, 5 modified"))
        try pane.press("q")
        try await expectRestored(pane)
    }

    @Test(arguments: [("TERM", SIGTERM), ("HUP", SIGHUP)])
    func aSignalRestoresTheTerminal(_ name: String, _ signal: Int32) async throws {
        let repository = try Fixtures.repository("branches")
        let pane = try await TmuxPane.forBrowser()
        let pid = try await pane.startBrowser(in: repository, title, title: title)
        #expect(kill(pid, signal) == 0)
        try await pane.waitForScreen("the browser gone") { !$0.contains { $0.hasPrefix("Docs/guide/deep/") } }
        try await expectRestored(pane)
    }

    @Test func controlZSuspendsAndForegroundRedraws() async throws {
        let repository = try Fixtures.repository("branches")
        let pane = try await TmuxPane.forBrowser()
        try await pane.startBrowser(in: repository, title, title: title)
        try pane.press("j", "j")
        try await pane.waitForScreen("Sources/App/ focused") { $0.last?.hasPrefix("Sources/App/ ") == true }
        try pane.press("C-z")
        try await pane.waitFor("Stopped")
        try await expectRestored(pane)
        try pane.run("fg")
        let screen = try await pane.waitForScreen("the browser again") { $0.first?.hasPrefix(title) == true }
        #expect(screen[23].hasPrefix("Sources/App/ "))
        #expect(try pane.modes() == .fullScreen)
        try pane.press("q")
        try await expectRestored(pane)
    }

    @Test func vMarksAFileViewedInTheRepositorysStore() async throws {
        let repository = try Fixtures.fresh("branches")
        let pane = try await TmuxPane.forBrowser()
        try await pane.startBrowser(in: repository, title, title: title)
        try pane.press("j", "v")
        var screen = try await pane.waitFor("· 1 of 14 viewed")
        #expect(screen[2].hasPrefix("└── R  start.md ← intro.md (100%) (viewed)"))
        try pane.press("q")
        _ = try await pane.settingsAfterBrowser()
        let printed = try Shell.run(Binary.path, ["--color=never", title], in: repository)
        #expect(printed.text.contains("start.md ← intro.md (100%) (viewed)"))
        #expect(printed.text.contains("1 of 14 viewed"))
        try pane.run("'\(Binary.path)' -i \(title)")
        screen = try await pane.waitFor("· 1 of 14 viewed")
        try pane.press("u")
        screen = try await pane.waitFor("viewed hidden")
        #expect(!screen.contains { $0.contains("start.md") })
        try pane.press("q")
        try await expectRestored(pane)
    }

    @Test func aWorkingTreeComparisonFollowsTheFiles() async throws {
        let repository = try Fixtures.fresh("branches")
        let pane = try await TmuxPane.forBrowser()
        try await pane.startBrowser(in: repository, "", title: "HEAD → working tree")
        var screen = try await pane.waitFor("no changes")
        try "new\n".write(toFile: repository + "/new.txt", atomically: false, encoding: .utf8)
        screen = try await pane.waitForScreen("the new file", timeout: .seconds(20)) { $0.contains("?  new.txt") }
        #expect(screen[0].hasPrefix("HEAD → working tree · 1 file changed"))
        try FileManager.default.createDirectory(atPath: repository + "/added/deep", withIntermediateDirectories: true)
        try "one\ntwo\n".write(toFile: repository + "/added/deep/file.txt", atomically: false, encoding: .utf8)
        try "changed\n".write(toFile: repository + "/README.md", atomically: false, encoding: .utf8)
        screen = try await pane.waitForScreen("the new directory", timeout: .seconds(20)) {
            $0.contains { $0.hasPrefix("added/deep/") } && $0.contains { $0.hasPrefix("M  README.md") }
        }
        #expect(screen[0].hasPrefix("HEAD → working tree · 3 files changed"))
        try pane.press("G")
        try await pane.waitForScreen("new.txt focused") { $0.last?.hasPrefix("new.txt ") == true }
        try FileManager.default.removeItem(atPath: repository + "/added")
        screen = try await pane.waitForScreen("the directory gone", timeout: .seconds(20)) { !$0.contains { $0.hasPrefix("added/") } }
        #expect(screen.last?.hasPrefix("new.txt ") == true)
        try pane.press("q")
        try await expectRestored(pane)
    }

    /// Edits on disk reach the screen, one after another, each with its new line count
    /// (how soon is `Benchmarks/edit-latency`'s target: 300 ms, issue 11).
    @Test func editsOnDiskReachTheScreen() async throws {
        let repository = try Fixtures.fresh("branches")
        let pane = try await TmuxPane.forBrowser()
        try await pane.startBrowser(in: repository, "", title: "HEAD → working tree")
        try await pane.waitFor("no changes")
        for lines in 1...3 {
            let text = (0..<lines).map { "edit \($0)\n" }.joined()
            try text.write(toFile: repository + "/README.md", atomically: false, encoding: .utf8)
            try await pane.waitForScreen("the edit with \(lines) lines") { screen in
                screen.contains { $0.hasPrefix("M  README.md") && $0.contains("+\(lines) ") }
            }
        }
        try pane.press("q")
        try await expectRestored(pane)
    }

    /// `text` without its SGR sequences.
    private static func withoutStyles(_ text: String) -> String {
        text.replacing(/\x1B\[[0-9;]*m/, with: "")
    }

    /// The shell's settings are the ones from before (canonical mode, echo), and the pane is
    /// back on the main screen with the cursor shown and no mouse reports.
    @Test func theFrameLogTimesTheFirstFrameTheReadyBrowserAndEachKey() async throws {
        let repository = try Fixtures.repository("branches")
        let pane = try await TmuxPane.forBrowser()
        try pane.run("TREEREVIEW_FRAME_LOG='\(pane.directory)/frames'; export TREEREVIEW_FRAME_LOG")
        try await pane.startBrowser(in: repository, "--no-cache " + title, title: title)
        try pane.press("j")
        try await pane.waitForScreen("the second row focused") { $0.last?.hasPrefix("Docs/guide/deep/start.md ") == true }
        try pane.press("q")
        try await expectRestored(pane)
        let lines = try String(contentsOfFile: pane.directory + "/frames", encoding: .utf8).split(separator: "\n")
        let times = lines.compactMap { $0.split(separator: " ").last.flatMap { Double($0) } }
        #expect(times.count == lines.count, "\(lines)")
        let names = lines.map { $0.split(separator: " ").dropLast().joined(separator: " ") }
        #expect(Array(names.prefix(3)) == ["first-frame", "start-to-first-frame", "browser-ready"], "\(lines)")
        #expect(names.filter { $0 == "counts-complete" }.count == 1, "\(lines)")
        #expect(names.last == "key j", "\(lines)")
        let counts = names.dropFirst(3).dropLast()
        #expect(counts.last == "counts-complete" && counts.dropLast().allSatisfy { $0.hasPrefix("counts ") } && counts.count >= 2,
                "the counts drawn, then when the last of them was: \(lines)")
        guard times.count == lines.count, lines.count >= 5 else { return }
        #expect(times[0] <= times[2], "the first frame comes before the browser is ready")
        #expect(times[0] <= times[1], "the command starts before the changes are ready")
        #expect(times[1] <= times[lines.count - 2], "every count is in after the first frame")
    }

    private func expectRestored(_ pane: TmuxPane, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let settings = try await pane.settingsAfterBrowser()
        #expect(settings.after == settings.before, sourceLocation: sourceLocation)
        let words = settings.all.split { $0 == " " || $0 == "\n" || $0 == ";" }
        #expect(words.contains("icanon") && words.contains("echo") && words.contains("isig"), sourceLocation: sourceLocation)
        #expect(try pane.modes() == .shell, sourceLocation: sourceLocation)
    }
}
