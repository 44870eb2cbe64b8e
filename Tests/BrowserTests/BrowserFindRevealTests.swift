import Browser
import TerminalUI
import Testing
import TreeModel

/// A find's focused result is always on a line of its own, above the results list and drawn
/// focused, and it shows under its own directories, pinned (Docs/Browser.md, Find).
struct BrowserFindRevealTests {
    /// `aa/` (40 files), then `zz/deep/` (3 files), then `zzz/` (40 files): 86 rows.
    static let changes: [FileChange] = (0..<40).map { change(.modified, "aa/f\($0 < 10 ? "0" : "")\($0).txt", 1, 1) }
        + (0..<3).map { change(.modified, "zz/deep/g\($0).txt", 1, 1) }
        + (0..<40).map { change(.modified, "zzz/h\($0 < 10 ? "0" : "")\($0).txt", 1, 1) }

    /// The index of the line of `lines` (the tree's) where the find's results begin.
    private func resultsStart(_ lines: [String]) -> Int? {
        lines.firstIndex { $0.hasPrefix("-- ") && $0.contains("match") }
    }

    @Test func theResultShownIsAboveTheResultsListAndDrawnFocused() throws {
        var harness = try BrowserHarness(Self.changes)
        harness.press(.character("/"))
        harness.type("g1")
        #expect(harness.focused == "zz/deep/g1.txt")
        let body = harness.body()
        let results = try #require(resultsStart(body))
        let line = try #require(body.firstIndex { $0.contains("M  g1.txt") }, "the result is on the screen")
        #expect(line < results, "the result is above the results list")
        let frame = harness.browser.frame()
        #expect(frame.rows[1 + line].bytes.starts(with: [0x1B, UInt8(ascii: "["), UInt8(ascii: "7"), UInt8(ascii: "m")]),
                "drawn in reverse video")
    }

    @Test func theResultShowsUnderItsDirectoriesWhileTypingAndAfterEnter() throws {
        var harness = try BrowserHarness(Self.changes)
        harness.press(.character("/"))
        harness.type("g1")
        #expect(harness.body()[0].hasPrefix("zz/deep/"), "g showed g0 under its directory; g1 was on the screen then")
        #expect(harness.body()[2].contains("M  g1.txt"))
        harness.press(KeyEvent(.enter))
        #expect(harness.body()[0].hasPrefix("zz/deep/"))
        #expect(harness.body()[2].contains("M  g1.txt"))
        let pinned = harness.body()
        harness.press(.character("j"), .character("k"))
        #expect(harness.body() == pinned, "j and k find the same pinned rows")
    }

    @Test func aResultOnTheScreenDoesNotMoveIt() throws {
        var harness = try BrowserHarness(Self.changes)
        let before = harness.body()
        harness.press(.character("/"))
        harness.type("f03")
        #expect(harness.focused == "aa/f03.txt")
        #expect(Array(harness.body().prefix(5)) == Array(before.prefix(5)))
    }

    @Test func nGoesToAResultOffTheScreenUnderItsDirectories() throws {
        var harness = try BrowserHarness(Self.changes + [change(.modified, "zzz/h39.md", 1, 1)])
        harness.press(.character("/"))
        harness.type("h39.")
        harness.press(KeyEvent(.enter), .character("g"))
        #expect(harness.focused == "aa/")
        harness.press(.character("n"))
        #expect(harness.focused == "zzz/h39.txt")
        #expect(harness.body()[0].hasPrefix("zzz/"))
        #expect(harness.body().contains { $0.contains("h39.txt") })
    }

    @Test func theFocusNearTheEndStaysAboveTheResults() throws {
        var harness = try BrowserHarness(Self.changes)
        harness.press(.character("/"))
        harness.type("h39")
        #expect(harness.focused == "zzz/h39.txt")
        let body = harness.body()
        let results = try #require(resultsStart(body))
        let line = try #require(body.firstIndex { $0.contains("h39.txt") && !$0.hasPrefix(">") })
        #expect(line < results)
    }
}
