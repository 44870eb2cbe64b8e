@testable import Browser
import TerminalUI
import Testing
import TreeModel

/// The reviewer's steering: `V` marks every file shown, `s` sorts by the next order, and the
/// diff pane's own keys (PgDn, PgUp) and footer.
struct BrowserSteeringTests {
    private func harness(_ changes: [FileChange] = smallChanges) throws -> (BrowserHarness, BrowserReviewTests.RecordedMarks) {
        let marks = BrowserReviewTests.RecordedMarks()
        let harness = try BrowserHarness(changes, columns: 130) { $0.marks = marks }
        return (harness, marks)
    }

    @Test func capitalVAfterAFilterMarksExactlyTheFilesShown() throws {
        var (harness, marks) = try harness()
        harness.press(.character("f"), .character("a"), .character("V"))
        #expect(marks.calls.count == 1 && marks.calls[0].viewed)
        #expect(marks.calls[0].paths.sorted() == ["Sources/App/View.swift", "notes.txt"])
        #expect(harness.footer().hasPrefix("2 files marked viewed"))
        harness.press(.character("F"))
        #expect(harness.screen()[0].hasSuffix("· 2 of 6 viewed"))
        #expect(harness.body().contains { $0.contains("A  View.swift (viewed)") })
        #expect(!harness.body().contains { $0.contains("main.swift (viewed)") })
    }

    @Test func capitalVAfterAFindMarksTheFilesFound() throws {
        var (harness, marks) = try harness()
        harness.press(.character("/"))
        harness.type(".swift")
        harness.press(KeyEvent(.enter), .character("V"))
        #expect(marks.calls.count == 1)
        #expect(marks.calls[0].paths.sorted() == ["Sources/App/View.swift", "Sources/App/main.swift", "Sources/Old/Legacy.swift"])
        harness.press(.character("V"))
        #expect(marks.calls.count == 2 && !marks.calls[1].viewed, "again: not viewed")
    }

    @Test func capitalVWithHiddenViewedFilesMarksTheOthersAndTheTreeEmpties() throws {
        var (harness, marks) = try harness()
        harness.press(.character("G"), .character("v"), .character("u"), .character("V"))
        #expect(marks.calls.count == 2 && marks.calls[1].paths.count == 5 && !marks.calls[1].paths.contains("notes.txt"))
        #expect(harness.screen()[0].contains("6 of 6 viewed"))
    }

    @Test func capitalVOnManyFilesAsksFirst() throws {
        let many = (0..<25).map { change(.added, "many/f\($0 < 10 ? "0" : "")\($0).txt", 1, 0) }
        var (harness, marks) = try harness(many)
        harness.press(.character("V"))
        #expect(marks.calls.isEmpty)
        #expect(harness.footer() == "mark the 25 files shown viewed? y: yes, any other key: no")
        harness.press(.character("j"))
        #expect(marks.calls.isEmpty)
        #expect(harness.footer() == "nothing marked")
        #expect(harness.focused == "many/", "the key that said no does nothing else")
        harness.press(.character("V"), .character("y"))
        #expect(marks.calls.count == 1 && marks.calls[0].paths.count == 25)
        #expect(harness.screen()[0].hasSuffix("· 25 of 25 viewed"))
    }

    @Test func sCyclesTheOrdersAsABrowserBuiltInEachWould() throws {
        let changes = [change(.modified, "small/a.txt", 1, 0), change(.modified, "big/b.txt", 50, 20),
                       change(.added, "Top.md", 3, 0), change(.added, "huge.bin", 90, 0), change(.modified, "big/c.txt", 2, 2)]
        var (harness, _) = try harness(changes)
        for order in [TreeOrder.name, .size, .input, .foldersFirst] {
            harness.press(.character("s"))
            #expect(harness.browser.order == order)
            var built = try BrowserHarness(changes, columns: 130) { $0.order = order }
            #expect(harness.body() == built.body(), "\(order)")
        }
        harness.press(.character("s"), .character("s"))
        #expect(harness.footer().hasPrefix("sorted by lines changed (s: next order)"))
        let body = harness.body()
        let names = ["big/", "b.txt", "c.txt", "small/", "a.txt", "huge.bin", "Top.md"]
        let lines = names.map { name in body.firstIndex { $0.contains(name) } }
        #expect(lines == lines.sorted { ($0 ?? -1) < ($1 ?? -1) } && !lines.contains(nil), "\(body)")
    }

    @Test func pageKeysScrollTheOpenDiffAndTheFooterShowsThePanesKeys() throws {
        var harness = try BrowserHarness(smallChanges) { $0.diffSource = BrowserPaneTests.NumberedDiff() }
        #expect(harness.footer().hasSuffix("Enter diff  / find  f filter  ? keys  q quit"))
        harness.press(.character("j"), .character("j"), KeyEvent(.enter))
        let focused = harness.focused
        let screen = harness.screen()
        let divider = try #require(screen.firstIndex { $0.contains("Sources/App/View.swift") && $0.contains("─") })
        #expect(screen[divider + 1] == "Sources/App/View.swift line 0")
        #expect(harness.footer().hasSuffix("PgDn PgUp scroll  ] [ file  Esc close  ? keys  q quit"))
        #expect(KeyBinding.paneFooterHints[0] == "PgDn PgUp scroll  Ctrl-D Ctrl-U half  ] [ file  Esc close  v viewed  ? keys  q quit")
        let page = 24 - 2 - divider
        harness.press(KeyEvent(.pageDown))
        #expect(harness.focused == focused)
        #expect(harness.screen()[divider + 1] == "Sources/App/View.swift line \(page - 1)")
        harness.press(KeyEvent(.pageUp))
        #expect(harness.screen()[divider + 1] == "Sources/App/View.swift line 0")
        harness.press(KeyEvent(.escape))
        #expect(harness.footer().hasSuffix("Enter diff  / find  ? keys  q quit"))
        harness.press(KeyEvent(.pageDown))
        #expect(harness.focused != focused, "with the pane closed, PgDn moves the focus")
    }

    @Test func viewedFilesStartHiddenAsUHidesThemWhenTheConfigurationSaysSo() throws {
        var changes = smallChanges
        changes[5].viewState = .viewed
        let marks = BrowserReviewTests.RecordedMarks()
        var hidden = try BrowserHarness(changes, columns: 130) {
            $0.marks = marks
            $0.hidesViewed = true
        }
        var pressed = try BrowserHarness(changes, columns: 130) { $0.marks = marks }
        pressed.press(.character("u"))
        #expect(hidden.screen()[0].hasSuffix("· 1 of 6 viewed · viewed hidden (u: show)"))
        #expect(hidden.body() == pressed.body())
        #expect(!hidden.body().contains { $0.contains("notes.txt") })
        hidden.press(.character("u"))
        #expect(hidden.body().contains { $0.contains("notes.txt (viewed)") })
    }
}

extension BrowserSteeringTests {
    @Test func aRefreshWhileVAsksMarksNothing() throws {
        let many = (0..<25).map { change(.added, "many/f\($0 < 10 ? "0" : "")\($0).txt", 1, 0) }
        let marks = BrowserReviewTests.RecordedMarks()
        var harness = try BrowserHarness(many, columns: 130) { $0.marks = marks }
        harness.press(.character("V"))
        harness.browser.update(changes: .all([change(.added, "many/a.txt", 1, 0)] + many))
        #expect(harness.footer() == "the files changed while V asked: nothing marked")
        harness.press(.character("y"))
        #expect(marks.calls.isEmpty)
    }
}
