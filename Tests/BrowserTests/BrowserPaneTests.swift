import Browser
import TerminalUI
import Testing
import TreeModel

/// The diff pane, the mouse and the sticky directories.
struct BrowserPaneTests {
    /// A diff source with `count` numbered lines per file.
    struct NumberedDiff: DiffSource {
        var count = 100
        func text(for change: FileChange, width: Int, reusingLast: Bool) throws -> DiffText {
            DiffText(lines: (0..<count).map { Line(ascii: "\(String(decoding: change.path.bytes, as: UTF8.self)) line \($0)") })
        }
    }

    @Test func enterOpensTheDiffBelowOnANarrowTerminalAndEscClosesIt() throws {
        var harness = try BrowserHarness(smallChanges) { $0.diffSource = NumberedDiff() }
        harness.press(.character("j"), .character("j"), KeyEvent(.enter))
        let screen = harness.screen()
        let divider = try #require(screen.firstIndex { $0.contains("Sources/App/View.swift") && $0.contains("─") })
        #expect(screen[divider + 1] == "Sources/App/View.swift line 0")
        harness.press(.control("d"))
        #expect(harness.screen()[divider + 1].hasPrefix("Sources/App/View.swift line "))
        #expect(harness.screen()[divider + 1] != "Sources/App/View.swift line 0")
        #expect(harness.focused == "Sources/App/View.swift")
        harness.press(.character("]"))
        #expect(harness.focused == "Sources/App/main.swift")
        #expect(harness.screen().contains("Sources/App/main.swift line 0"))
        harness.press(.character("["))
        #expect(harness.focused == "Sources/App/View.swift")
        harness.press(KeyEvent(.escape))
        #expect(!harness.screen().contains { $0.contains("line 0") })
        #expect(harness.focused == "Sources/App/View.swift")
    }

    @Test func theDiffGoesBesideTheTreeOnAWideTerminal() throws {
        var harness = try BrowserHarness(smallChanges, columns: 140) { $0.diffSource = NumberedDiff() }
        harness.press(.character("j"), .character("j"), KeyEvent(.enter))
        let screen = harness.screen()
        #expect(screen[1].contains("│") && screen[1].hasSuffix("Sources/App/View.swift line 0"))
        #expect(screen[1].hasPrefix("Sources/"))
    }

    @Test func theDiffPaneShowsThePlaceholderWithoutARepository() throws {
        var harness = try BrowserHarness(smallChanges)
        harness.press(.character("G"), KeyEvent(.enter))
        #expect(harness.screen().contains("diff of notes.txt"))
    }

    @Test func theDirectoriesAboveTheTopRowArePinned() throws {
        var harness = try BrowserHarness(deepChanges, rows: 10)
        for _ in 0..<10 { harness.press(.character("j")) }
        #expect(harness.focused == "a/b/file08.txt")
        let body = harness.body()
        #expect(body[0].hasPrefix("a/"))
        #expect(body[1].hasPrefix("├── b/"))
        #expect(body.contains { $0.contains("file08.txt") })
        #expect(!body.contains { $0.contains("file00.txt") })
        harness.mouse(.press(.left), row: 2)
        #expect(harness.focused == "a/b/")
        #expect(harness.body()[0].hasPrefix("a/") && harness.body()[1].hasPrefix("├── b/"))
    }

    @Test func aFollowingDirectoryPushesThePinnedOneOut() throws {
        var harness = try BrowserHarness(deepChanges, rows: 10)
        harness.press(.character("G"))
        #expect(harness.focused == "top.txt")
        let body = harness.body()
        #expect(body[0].hasPrefix("d/"))
        #expect(!body.contains { $0.hasPrefix("a/") })
    }

    @Test func theWheelScrollsAndAClickFocusesAndToggles() throws {
        var harness = try BrowserHarness(deepChanges, rows: 10)
        harness.mouse(.scroll(.down), row: 3)
        #expect(harness.browser.top == 3)
        #expect(harness.body()[0].hasPrefix("a/") && harness.body()[1].hasPrefix("├── b/"))
        harness.mouse(.scroll(.up), row: 3)
        #expect(harness.browser.top == 0)
        harness.mouse(.press(.left), row: 2)
        #expect(harness.focused == "a/b/")
        #expect(harness.body()[1].hasPrefix("├── b/ (12 files"))
        harness.mouse(.press(.left), row: 3)
        #expect(harness.focused == "a/c/")
        #expect(harness.body()[2].hasPrefix("└── c/ (12 files"))
    }
}
