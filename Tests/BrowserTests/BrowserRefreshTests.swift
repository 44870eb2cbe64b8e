import Browser
import TerminalUI
import Testing
import TreeModel

/// Live refresh: changes read again go through the model's mutations.
struct BrowserRefreshTests {
    @Test func newAndChangedFilesAppearAndExpansionAndFocusStay() throws {
        var harness = try BrowserHarness(smallChanges)
        harness.press(.character("j"), .character("h"), .character("j"), .character("j"))
        #expect(harness.focused == "Sources/Old/Legacy.swift")
        let collapsed = try #require(harness.body().first { $0.hasPrefix("├── App/ (2 files") })
        var changes = smallChanges
        changes[3] = change(.modified, "docs/guide/intro.md", 9, 9)
        changes.append(change(.added, "Sources/App/Extra.swift", 5, 0))
        let changed = harness.browser.update(changes: changes)
        #expect(changed)
        #expect(harness.focused == "Sources/Old/Legacy.swift")
        #expect(harness.body().contains { $0.hasPrefix("├── App/ (3 files: 2 A, 1 M)") })
        #expect(!harness.body().contains(collapsed))
        #expect(harness.body().contains { $0.contains("M  intro.md") && $0.contains("+9") && $0.hasSuffix("−9") })
        #expect(harness.screen()[0].contains("7 files changed"))
    }

    @Test func aFileGoneTakesItsEmptyDirectoriesWithIt() throws {
        var harness = try BrowserHarness(smallChanges)
        harness.press(.character("G"))
        let changes = smallChanges.filter { !$0.path.bytes.starts(with: Array("docs/".utf8)) && $0.path != RawPath("Sources/Old/Legacy.swift") }
        let changed = harness.browser.update(changes: changes)
        #expect(changed)
        #expect(!harness.body().contains { $0.contains("docs/") || $0.contains("Old/") || $0.contains("guide") })
        #expect(harness.focused == "notes.txt")
        #expect(harness.screen()[0].contains("4 files changed"))
    }

    @Test func theSameChangesChangeNothing() throws {
        var harness = try BrowserHarness(smallChanges)
        let before = harness.screen()
        let changed = harness.browser.update(changes: smallChanges)
        #expect(!changed)
        #expect(harness.screen() == before)
    }

    @Test func aFileBecomingADirectoryIsReplaced() throws {
        var harness = try BrowserHarness([change(.added, "src", 1, 0), change(.added, "z.txt", 1, 0)])
        let changed = harness.browser.update(changes: [change(.added, "src/inside.c", 3, 0), change(.added, "z.txt", 1, 0)])
        #expect(changed)
        let rows = harness.body()
        #expect(rows[0].hasPrefix("src/ ") && rows[0].hasSuffix("+3"))
        #expect(rows[1].hasPrefix("└── A  inside.c ") && rows[1].hasSuffix("+3"))
        #expect(rows[2].hasPrefix("A  z.txt ") && rows[2].hasSuffix("+1"))
        #expect(!rows.contains { $0.hasPrefix("A  src") })
    }
}
