import Foundation
import TestSupport
import Testing

/// End to end in a real terminal: `TerminalUIDemo` in tmux, driven with keys and mouse
/// reports, checked by what tmux shows and by the terminal settings the shell sees after.
/// One session at a time, so a loaded machine is not asked to start ten at once.
@Suite(.serialized) struct TerminalDemoTests {
    @Test func drawsAndMovesWithKeys() async throws {
        let pane = try await TmuxPane()
        try await pane.startDemo()
        let first = try await pane.waitFor("> item 001")
        #expect(first[0].hasPrefix("TerminalUIDemo 80x24"))
        #expect(first.count == 24 && first[23] == "event: none")
        #expect(try pane.modes() == .fullScreen)
        try pane.press("j", "j", "Down")
        var screen = try await pane.waitFor("> item 004")
        #expect(screen[4].hasPrefix("> item 004") && screen[1].contains("selected: item 004"))
        #expect(screen[23] == "event: key down")
        try pane.send(bytes: [0x1B, 0x4F, 0x41])
        screen = try await pane.waitFor("> item 003")
        #expect(screen[23] == "event: key up")
        try pane.press("End")
        screen = try await pane.waitFor("> item 200")
        #expect(screen[22].hasPrefix("> item 200") && screen[1].hasPrefix("  item 179"))
        try pane.press("C-u")
        try await pane.waitFor("event: key ctrl+u")
        try pane.press("Escape")
        try await pane.waitFor("event: key escape")
        try pane.press("M-x")
        try await pane.waitFor("event: key alt+x")
        try pane.press("q")
        try await pane.waitFor("TerminalUIDemo: quit after key q")
    }

    @Test func followsTheMouse() async throws {
        let pane = try await TmuxPane()
        try await pane.startDemo()
        try pane.send(bytes: Array("\u{1B}[<0;5;8M".utf8))
        var screen = try await pane.waitFor("event: mouse press left at 4,7")
        #expect(screen[7].hasPrefix("> item 007"))
        try pane.send(bytes: Array("\u{1B}[<0;5;8m\u{1B}[<65;5;8M".utf8))
        screen = try await pane.waitFor("event: mouse scroll down at 4,7")
        #expect(screen[10].hasPrefix("> item 010"))
        try pane.press("C-c")
        try await pane.waitFor("TerminalUIDemo: quit after key ctrl+c")
    }

    @Test func redrawsForANewSize() async throws {
        let pane = try await TmuxPane()
        try await pane.startDemo()
        try pane.press("j")
        try pane.tmux(["resize-window", "-t", "test", "-x", "60", "-y", "20"])
        var screen = try await pane.waitFor("TerminalUIDemo 60x20")
        #expect(screen.count == 20 && screen[19] == "event: resize 60x20")
        #expect(screen.allSatisfy { $0.count <= 60 })
        #expect(screen[2].hasPrefix("> item 002") && screen[2].dropFirst(29).hasPrefix("|"))
        #expect(screen[1].hasSuffix("| selected: item 002"))
        try pane.tmux(["resize-window", "-t", "test", "-x", "100", "-y", "30"])
        screen = try await pane.waitFor("TerminalUIDemo 100x30")
        #expect(screen.count == 30 && screen[29] == "event: resize 100x30" && screen[28].hasPrefix("  item 028"))
        try pane.press("q")
        try await pane.waitFor("TerminalUIDemo: quit")
    }

    @Test func quitRestoresTheTerminal() async throws {
        let pane = try await TmuxPane()
        try await pane.startDemo()
        try pane.press("w")
        try await pane.waitFor("event: key w")
        #expect(try !pane.screen().contains { $0.contains("a warning") })
        try pane.press("q")
        let screen = try await pane.waitFor("TerminalUIDemo: quit after key q")
        #expect(screen.contains { $0.hasPrefix("PROMPT$ stty -g") })
        #expect(screen.contains("TerminalUIDemo: a warning on standard error"))
        #expect(!screen.contains { $0.contains("item 001") })
        try await expectRestored(pane)
    }

    @Test(arguments: [("TERM", SIGTERM), ("HUP", SIGHUP), ("INT", SIGINT)])
    func aSignalRestoresTheTerminal(_ name: String, _ signal: Int32) async throws {
        let pane = try await TmuxPane()
        let pid = try await pane.startDemo()
        try pane.press("j")
        try await pane.waitFor("> item 002")
        #expect(kill(pid, signal) == 0)
        try await pane.waitForScreen("the demo gone") { !$0.contains { $0.contains("item 002") } }
        try await expectRestored(pane)
    }

    @Test func aCrashRestoresTheTerminalAndShowsTheMessage() async throws {
        let pane = try await TmuxPane()
        try await pane.startDemo()
        try pane.press("!")
        let screen = try await pane.waitFor("Fatal error: crash on request")
        #expect(!screen.contains { $0.contains("item 001") })
        try await expectRestored(pane)
    }

    @Test func controlZSuspendsAndForegroundRedraws() async throws {
        let pane = try await TmuxPane()
        try await pane.startDemo()
        try pane.press("j", "j")
        try await pane.waitFor("> item 003")
        try pane.press("C-z")
        try await pane.waitFor("Stopped")
        try await expectRestored(pane)
        try pane.run("fg")
        let screen = try await pane.waitFor("event: resume 80x24")
        #expect(screen[3].hasPrefix("> item 003") && screen[0].hasPrefix("TerminalUIDemo 80x24"))
        #expect(try pane.modes() == .fullScreen)
        try pane.press("k")
        try await pane.waitFor("> item 002")
        try pane.press("q")
        try await pane.waitFor("TerminalUIDemo: quit after key q")
        try await expectRestored(pane)
    }

    @Test func aStopSignalFromOutsideSuspendsToo() async throws {
        let pane = try await TmuxPane()
        let pid = try await pane.startDemo()
        #expect(kill(pid, SIGTSTP) == 0)
        try await pane.waitFor("Stopped")
        try await expectRestored(pane)
        try pane.run("fg")
        try await pane.waitFor("event: resume 80x24")
        #expect(try pane.modes() == .fullScreen)
        try pane.press("q")
        try await pane.waitFor("TerminalUIDemo: quit")
    }

    /// The shell's settings are the ones from before the demo (canonical mode, echo), and the
    /// pane is back on the main screen with the cursor shown, no mouse reports and autowrap.
    private func expectRestored(_ pane: TmuxPane, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let settings = try await pane.settingsAfterDemo()
        #expect(settings.after == settings.before, sourceLocation: sourceLocation)
        let words = settings.all.split { $0 == " " || $0 == "\n" || $0 == ";" }
        #expect(words.contains("icanon") && words.contains("echo") && words.contains("isig"), sourceLocation: sourceLocation)
        #expect(try pane.modes() == .shell, sourceLocation: sourceLocation)
    }
}
