import Browser
import TerminalUI
import Testing
import TreeModel

/// Find (`/`), `n`/`N`, and the status filter (`f`, `F`).
struct BrowserFindTests {
    @Test func findFocusesTheBestMatchAsYouTypeAndEnterKeepsIt() throws {
        var harness = try BrowserHarness(smallChanges)
        harness.press(.character("-"))
        harness.press(.character("/"))
        harness.type("View")
        #expect(harness.focused == "Sources/App/View.swift")
        #expect(harness.footer().hasPrefix("/View"))
        #expect(harness.body().contains { $0.contains("A  View.swift") })
        harness.press(KeyEvent(.enter))
        #expect(harness.focused == "Sources/App/View.swift")
        #expect(harness.footer().hasPrefix("Sources/App/View.swift"))
    }

    @Test func escWhileTypingRestoresExpansionAndFocus() throws {
        var harness = try BrowserHarness(smallChanges)
        harness.press(.character("-"), .character("j"))
        let before = harness.body()
        #expect(harness.focused == "docs/guide/")
        harness.press(.character("/"))
        harness.type("legacy")
        #expect(harness.focused == "Sources/Old/Legacy.swift")
        harness.press(KeyEvent(.escape))
        #expect(harness.focused == "docs/guide/")
        #expect(harness.body() == before)
    }

    @Test func rankingPutsAnExactNameBeforeAPrefixAndNStepsThroughMatches() throws {
        let changes = [change(.modified, "a/main.swift.orig", 1, 1), change(.modified, "b/main.swift", 1, 1),
                       change(.modified, "c/domain.swift", 1, 1)]
        var harness = try BrowserHarness(changes)
        harness.press(.character("/"))
        harness.type("main.swift")
        #expect(harness.focused == "b/main.swift")
        harness.press(KeyEvent(.enter), .character("n"))
        #expect(harness.focused == "a/main.swift.orig")
        #expect(harness.footer().hasPrefix("match 2 of"))
        harness.press(.character("N"))
        #expect(harness.focused == "b/main.swift")
    }

    @Test func filterShowsOneStatusAndCapitalFShowsAllAgain() throws {
        var harness = try BrowserHarness(smallChanges)
        let all = harness.body()
        harness.press(.character("f"))
        #expect(harness.footer().hasPrefix("show only: a added"))
        harness.press(.character("a"))
        #expect(harness.screen()[0].contains("2 files changed"))
        #expect(harness.screen()[0].contains("only added (F: all)"))
        let rows = harness.body().filter { !$0.isEmpty }
        #expect(rows.count == 3 && rows[0].hasPrefix("Sources/App/ "))
        #expect(rows.contains { $0.contains("A  View.swift") } && rows.contains { $0.contains("A  notes.txt") })
        #expect(!rows.contains { $0.contains("main.swift") })
        harness.press(.character("F"))
        #expect(harness.body() == all)
    }

    @Test func aFilterWithNoFileSaysSo() throws {
        var harness = try BrowserHarness(smallChanges)
        harness.press(.character("f"), .character("t"))
        #expect(harness.body()[0] == "no file is type changed: F shows every file")
        harness.press(.character("F"))
        #expect(harness.body()[0].hasPrefix("Sources/"))
    }
}
