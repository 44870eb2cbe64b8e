@testable import Browser
import TerminalUI
import Testing
import TreeModel

/// Keys while browsing, as TreeKit's model defines focus and expansion.
struct BrowserKeyTests {
    @Test func upAndDownMoveTheFocusAndStopAtTheEnds() throws {
        var harness = try BrowserHarness(smallChanges)
        #expect(harness.focused == "Sources/")
        harness.press(.character("j"))
        #expect(harness.focused == "Sources/App/")
        harness.press(KeyEvent(.down), KeyEvent(.down))
        #expect(harness.focused == "Sources/App/main.swift")
        harness.press(.character("k"), KeyEvent(.up))
        #expect(harness.focused == "Sources/App/")
        harness.press(.character("k"), .character("k"))
        #expect(harness.focused == "Sources/")
        harness.press(.character("G"), .character("j"))
        #expect(harness.focused == "notes.txt")
        harness.press(KeyEvent(.home))
        #expect(harness.focused == "Sources/")
        harness.press(KeyEvent(.end))
        #expect(harness.focused == "notes.txt")
        harness.press(.character("g"))
        #expect(harness.focused == "Sources/")
    }

    @Test func leftCollapsesOrGoesToTheParentAndRightExpandsOrGoesToTheFirstChild() throws {
        var harness = try BrowserHarness(smallChanges)
        harness.press(.character("j"), .character("j"))
        #expect(harness.focused == "Sources/App/View.swift")
        harness.press(.character("h"))
        #expect(harness.focused == "Sources/App/")
        harness.press(KeyEvent(.left))
        #expect(harness.focused == "Sources/App/")
        #expect(harness.body()[1].hasPrefix("├── App/ (2 files: 1 A, 1 M)  ") && harness.body()[1].hasSuffix("+24  −1"))
        harness.press(.character("h"))
        #expect(harness.focused == "Sources/")
        harness.press(.character("h"))
        #expect(harness.body()[0].hasPrefix("Sources/ (3 files: 1 A, 1 M, 1 D)"))
        #expect(harness.body()[1].hasPrefix("docs/guide/ (1 file: 1 M)") == false)
        harness.press(.character("h"))
        #expect(harness.focused == "Sources/")
        harness.press(.character("l"))
        #expect(harness.body()[0].hasPrefix("Sources/  ") && harness.focused == "Sources/")
        #expect(harness.body()[1].hasPrefix("├── App/ (2 files"))
        harness.press(KeyEvent(.right))
        #expect(harness.focused == "Sources/App/")
        harness.press(.character("l"))
        #expect(harness.body()[2].hasPrefix("│   ├── A  View.swift"))
        harness.press(.character("l"))
        #expect(harness.focused == "Sources/App/View.swift")
        harness.press(.character("l"))
        #expect(harness.focused == "Sources/App/View.swift")
    }

    @Test func spaceTogglesADirectory() throws {
        var harness = try BrowserHarness(smallChanges)
        let open = harness.body()
        harness.press(.character(" "))
        #expect(harness.body()[0].hasPrefix("Sources/ (3 files"))
        #expect(harness.body()[1].hasPrefix("docs/guide/"))
        harness.press(.character(" "))
        #expect(harness.body() == open)
    }

    @Test func starExpandsEverythingAndMinusCollapsesEverything() throws {
        var harness = try BrowserHarness(smallChanges)
        harness.press(.character("j"), .character("j"))
        harness.press(.character("-"))
        #expect(harness.body().prefix(5).map { String($0.prefix(12)) } == ["Sources/ (3 ", "docs/guide/ ", "R  README.md", "A  notes.txt", ""])
        #expect(harness.focused == "Sources/")
        harness.press(.character("*"))
        #expect(harness.browser.model.rowCount == 10)
        #expect(harness.focused == "Sources/")
    }

    @Test func pagesAndHalfPagesMoveByTheTreesHeight() throws {
        var harness = try BrowserHarness(deepChanges, rows: 10)
        harness.press(KeyEvent(.pageDown))
        #expect(harness.browser.model.focusedRowIndex == 7)
        harness.press(KeyEvent(.pageDown))
        #expect(harness.browser.model.focusedRowIndex == 14)
        harness.press(KeyEvent(.pageUp))
        #expect(harness.browser.model.focusedRowIndex == 7)
        harness.press(.control("d"))
        #expect(harness.browser.model.focusedRowIndex == 11)
        harness.press(.control("u"), .control("u"))
        #expect(harness.browser.model.focusedRowIndex == 3)
        harness.press(KeyEvent(.pageDown), KeyEvent(.pageDown), KeyEvent(.pageDown), KeyEvent(.pageDown),
                      KeyEvent(.pageDown), KeyEvent(.pageDown), KeyEvent(.pageDown))
        #expect(harness.focused == "top.txt")
        #expect(harness.body().last?.hasPrefix("A  top.txt") == true)
    }

    @Test func theFocusStaysOnTheScreen() throws {
        var harness = try BrowserHarness(deepChanges, rows: 10)
        for _ in 0..<40 {
            harness.press(.character("j"))
            let focused = try #require(harness.focused)
            let name = String(focused.split(separator: "/").last!)
            #expect(harness.body().contains { $0.contains(name) }, "\(focused) is off the screen")
        }
        for _ in 0..<40 {
            harness.press(.character("k"))
            let focused = try #require(harness.focused)
            let name = String(focused.split(separator: "/").last!)
            #expect(harness.body().contains { $0.hasSuffix(" " + name) || $0.contains(name + "/") || $0.contains(name + " ") },
                    "\(focused) is off the screen")
        }
    }

    @Test func quitSuspendAndRedrawAreLeftToTheProgram() throws {
        var harness = try BrowserHarness(smallChanges)
        harness.press(.character("q"), .control("c"), .control("z"), .control("l"), .character("j"))
        #expect(harness.effects == [.quit, .quit, .suspend, .redraw, BrowserEffect.none])
    }

    @Test func questionMarkListsEveryKey() throws {
        var harness = try BrowserHarness(smallChanges, columns: 80, rows: 60)
        harness.press(.character("?"))
        let screen = harness.screen()
        let listed = KeyBinding.helpLines.filter { $0.section.title != nil }
        #expect(listed.count >= 20)
        for binding in listed {
            #expect(screen.contains { $0.contains(binding.keys) && $0.contains(binding.text) }, "\(binding.keys) missing")
        }
        harness.press(.character("x"))
        #expect(harness.body()[0].hasPrefix("Sources/"))
        #expect(harness.focused == "Sources/")
    }

    @Test func theKeyListScrollsOnASmallScreen() throws {
        var harness = try BrowserHarness(smallChanges, rows: 10)
        harness.press(.character("?"))
        let first = harness.body()
        #expect(first[0].hasPrefix("Keys"))
        harness.press(.character("j"), .character("j"))
        #expect(harness.body()[0] == first[2])
        harness.press(KeyEvent(.escape))
        #expect(harness.body()[0].hasPrefix("Sources/"))
    }
}
