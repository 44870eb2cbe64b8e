import Browser
import Render
import TerminalUI
import Testing
import TreeModel

/// The first frame: header, rows, footer, as the printed tree draws them.
struct BrowserFrameTests {
    /// The printed tree of `changes`, without its header.
    private func printedRows(_ changes: [FileChange], linesCounted: Bool, width: Int? = nil) -> [String] {
        var output: [UInt8] = []
        let report = Report(comparison: ComparisonLabel(kind: .commits, spec: "x", old: nil, new: nil, title: "main...feature"),
                            tree: ChangeTree(changes: changes), linesCounted: linesCounted)
        TreeRenderer().render(report, options: RenderOptions(width: width), into: &output)
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func rowsAreThePrintedTreesRows() throws {
        var harness = try BrowserHarness(smallChanges) { $0.style.linesCounted = false }
        let printed = printedRows(smallChanges, linesCounted: false)
        let screen = harness.screen()
        #expect(screen[0] == printed[0])
        #expect(Array(screen[1..<printed.count]) == Array(printed.dropFirst()))
        #expect(screen[printed.count..<23].allSatisfy { $0.isEmpty })
    }

    @Test func theHeaderHasThePrintedWordsAndTheStatsAreRightAligned() throws {
        var harness = try BrowserHarness(smallChanges, columns: 100)
        let printed = printedRows(smallChanges, linesCounted: true)
        let screen = harness.screen()
        #expect(screen[0] == "main...feature · 6 files changed, +30 −34 (2 added, 2 modified, 1 deleted, 1 renamed)")
        #expect(screen[0] == printed[0])
        #expect(screen[1].hasPrefix("Sources/") && screen[1].hasSuffix("+24 −31"))
        #expect(screen[1].count == 100)
        #expect(screen[3].hasPrefix("│   ├── A  View.swift") && screen[3].hasSuffix("+20"))
        #expect(screen[3].count == 100 - 4)
    }

    @Test func theFooterNamesTheFocusedItemAndTheKeys() throws {
        var harness = try BrowserHarness(smallChanges)
        #expect(harness.footer().hasPrefix("Sources/ "))
        #expect(harness.footer().hasSuffix("? keys  q quit"))
        harness.press(.character("j"), .character("j"), .character("j"))
        #expect(harness.focused == "Sources/App/main.swift")
        #expect(harness.footer().hasPrefix("Sources/App/main.swift "))
    }

    @Test func hostileNamesAreEscapedAsInThePrintedTree() throws {
        let changes = [change(.added, "evil\u{1B}[31mred\nname.txt", 1, 0), change(.added, "dir\u{7}/x.txt", 1, 0)]
        var harness = try BrowserHarness(changes) { $0.style.linesCounted = false }
        let frame = harness.browser.frame()
        #expect(!frame.rows.contains { $0.bytes.contains(0x07) || $0.bytes.contains(0x0A) })
        let screen = harness.screen()
        #expect(screen.contains("A  evil\\e[31mred\\nname.txt"))
        #expect(screen[1] == "dir\\x07/")
        harness.press(.character("j"), .character("j"))
        #expect(harness.footer().hasPrefix("evil\\e[31mred\\nname.txt"))
    }

    @Test func longNamesAreShortenedToTheWidth() throws {
        let long = String(repeating: "very-long-name-", count: 10) + "end.swift"
        var harness = try BrowserHarness([change(.modified, long, 3, 1)], columns: 60)
        let row = harness.screen()[1]
        #expect(row.count == 60 && row.contains("…") && row.contains("end.swift") && row.hasSuffix("+3 −1"))
    }

    @Test func everyRowFitsAfterAResize() throws {
        var harness = try BrowserHarness(deepChanges, columns: 80, rows: 24)
        for size in [TerminalSize(columns: 30, rows: 8), TerminalSize(columns: 120, rows: 40), TerminalSize(columns: 12, rows: 3)] {
            harness.browser.resize(to: size)
            let frame = harness.browser.frame()
            #expect(frame.rows.count == size.rows)
            #expect(frame.rows.allSatisfy { $0.width <= size.columns })
            #expect(harness.screen().allSatisfy { $0.count <= size.columns })
        }
    }

    @Test func aKeyChangesOnlyTheRowsItMoves() throws {
        var harness = try BrowserHarness(deepChanges)
        var screen = Screen(size: TerminalSize(columns: 80, rows: 24))
        _ = screen.render(harness.browser.frame())
        let before = harness.browser.frame().rows
        harness.press(.character("j"))
        let after = harness.browser.frame().rows
        let changed = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(changed == [1, 2, 23])
        let bytes = screen.render(Frame(rows: after))
        #expect(bytes.count < 3 * 200)
    }
}
