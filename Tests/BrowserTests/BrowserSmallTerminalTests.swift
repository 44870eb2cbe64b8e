import Browser
import TerminalUI
import Testing
import TreeModel

/// Terminals too small for the layout: every size from 1×1 up draws a frame of the
/// terminal's rows, none wider than it, with the diff pane open or not, after keys and
/// resizes (a diff opened on a 2-row terminal once indexed past the last row).
struct BrowserSmallTerminalTests {
    private static let sizes = (1...24).flatMap { columns in (1...8).map { TerminalSize(columns: columns, rows: $0) } }
        + [TerminalSize(columns: 80, rows: 2), TerminalSize(columns: 80, rows: 4), TerminalSize(columns: 140, rows: 2),
           TerminalSize(columns: 140, rows: 3), TerminalSize(columns: 1, rows: 40)]

    private static func expectFits(_ frame: Frame, _ size: TerminalSize, _ what: String,
                                   sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(frame.rows.count == max(size.rows, 1), "\(what) at \(size)", sourceLocation: sourceLocation)
        #expect(frame.rows.allSatisfy { $0.width <= size.columns }, "\(what) at \(size)", sourceLocation: sourceLocation)
    }

    @Test func aDiffOpensAndScrollsOnEverySmallSize() throws {
        for size in Self.sizes {
            var harness = try BrowserHarness(smallChanges, columns: size.columns, rows: size.rows) {
                $0.diffSource = BrowserPaneTests.NumberedDiff()
            }
            Self.expectFits(harness.browser.frame(), size, "the first frame")
            harness.press(.character("j"), .character("j"), KeyEvent(.enter))
            Self.expectFits(harness.browser.frame(), size, "the diff opened")
            harness.press(.control("d"), .character("]"), .control("u"), .character("?"))
            Self.expectFits(harness.browser.frame(), size, "the key list over the diff")
            harness.press(KeyEvent(.escape), .character("/"), .character("V"))
            Self.expectFits(harness.browser.frame(), size, "finding with the diff open")
        }
    }

    @Test func theDiffPaneNeedsFiveRowsBelowTheTreeAndComesBackWhenTheTerminalGrows() throws {
        var harness = try BrowserHarness(smallChanges, columns: 60, rows: 2) { $0.diffSource = BrowserPaneTests.NumberedDiff() }
        harness.press(.character("j"), .character("j"), KeyEvent(.enter))
        for rows in [2, 3, 4] {
            harness.browser.resize(to: TerminalSize(columns: 60, rows: rows))
            let screen = harness.screen()
            #expect(screen.count == rows)
            #expect(!screen.contains { $0.contains("line 0") }, "no room for the pane at \(rows) rows")
            #expect(screen.last?.hasPrefix("Sources/App/View.swift") == true, "the footer stays: \(screen)")
        }
        harness.browser.resize(to: TerminalSize(columns: 60, rows: 5))
        let screen = harness.screen()
        #expect(screen.count == 5)
        #expect(screen[1].contains("View.swift"), "one row of tree, the focused one: \(screen)")
        #expect(screen[2].contains("View.swift") && screen[2].contains("─"), "the divider: \(screen)")
        #expect(screen[3] == "Sources/App/View.swift line 0")
        #expect(screen[4].hasPrefix("Sources/App/View.swift"))
    }

    @Test func shrinkingWithTheDiffOpenKeepsEveryFrameInside() throws {
        var harness = try BrowserHarness(smallChanges, columns: 140, rows: 30) { $0.diffSource = BrowserPaneTests.NumberedDiff() }
        harness.press(.character("j"), .character("j"), KeyEvent(.enter))
        for size in Self.sizes.reversed() {
            harness.browser.resize(to: size)
            Self.expectFits(harness.browser.frame(), size, "after a resize")
            harness.mouse(.press(.left), row: max(size.rows - 1, 0), column: 0)
            Self.expectFits(harness.browser.frame(), size, "after a click")
        }
    }
}
