@testable import Browser
import Render
import TerminalUI
import TestSupport
import Testing
import TreeBrowser
import TreeModel

/// The browser before the numbers (``BrowserConfiguration/lineCounts``): the tree is shown
/// with a dim `…` where a count is not in yet (a file's, and a directory's until every file
/// below it is counted), the header says how far the counting is, and once every count is in
/// the frame is, line for line, the frame of a browser given the counted changes at the
/// start: for generated trees, every initial expansion, flattened or not, in color or not,
/// whatever keys were pressed meanwhile.
struct BrowserLineCountTests {
    /// Counts handed over as a test scripts them: each ``take()`` the next batch.
    final class ScriptedCounts: LineCountFeed {
        let total: Int
        var batches: [[FileChange]]
        var failure: String?
        private(set) var takes = 0
        private(set) var starts = 0

        init(_ batches: [[FileChange]], failure: String? = nil) {
            self.batches = batches
            self.failure = failure
            total = batches.reduce(0) { $0 + $1.count }
        }

        func start() { starts += 1 }

        func take() -> LineCountDelivery {
            takes += 1
            let batch = batches.isEmpty ? [] : batches.removeFirst()
            return LineCountDelivery(counted: batch, isFinished: batches.isEmpty, failure: batches.isEmpty ? failure : nil)
        }
    }

    /// The change before its lines are counted (an untracked file's never are, an unmerged
    /// one's are 0 and 0 at once, as the comparison gives them).
    static func uncounted(_ change: FileChange) -> FileChange {
        var change = change
        guard change.status != .unmerged else { return change }
        (change.insertions, change.deletions, change.binary) = (nil, nil, nil)
        return change
    }

    /// The change as the comparison counts it: an untracked file without counts, an unmerged
    /// one with 0 and 0.
    static func counted(_ change: FileChange) -> FileChange {
        var change = change
        if change.status == .untracked { (change.insertions, change.deletions, change.binary) = (nil, nil, nil) }
        if change.status == .unmerged { (change.insertions, change.deletions, change.binary) = (0, 0, false) }
        return change
    }

    /// `changes`' counts (those counted at all) in random batches.
    static func batches(of changes: [FileChange], seed: Int) -> [[FileChange]] {
        var random = SeededGenerator(state: UInt64(seed) &+ 99)
        var pending = changes.filter { $0.status != .untracked && $0.status != .unmerged }.shuffled(using: &random)
        var batches: [[FileChange]] = []
        while !pending.isEmpty {
            let count = Int.random(in: 1...max(1, pending.count / 3), using: &random)
            batches.append(Array(pending.prefix(count)))
            pending.removeFirst(count)
        }
        return batches.isEmpty ? [[]] : batches
    }

    @Test(arguments: 0..<8)
    func onceEveryCountIsInTheFrameIsTheFrameOfTheCountedChanges(seed: Int) throws {
        let counted = BrowserFilterTests.changes(seed: seed).map(Self.counted)
        let keys: [[KeyEvent]] = [[], [.character("j"), .character("j"), .character("l")], [.character("*"), .character("G")],
                                  [.character("f"), .character("m")], [.character("-"), .character("j"), KeyEvent(.enter)]]
        var compared = 0
        for flatten in [true, false] {
            for (index, expansion) in BrowserPreviewTests.expansions.enumerated() {
                var configuration = BrowserPreviewTests.configuration(flatten: flatten, expansion: expansion,
                                                                      color: (seed + index) % 2 == 0, marks: index % 2 == 1,
                                                                      ascii: seed % 3 == 0)
                configuration.style.linesCounted = true
                let pressed = keys[(seed + index) % keys.count]
                let size = BrowserPreviewTests.sizes[(seed + index) % 3]
                var expected = try Browser(changes: counted, configuration: configuration, size: size)
                expected.resize(to: size)
                for key in pressed { _ = expected.handle(.key(key)) }
                let feed = ScriptedCounts(Self.batches(of: counted, seed: seed + index))
                configuration.lineCounts = feed
                var browser = try Browser(changes: counted.map(Self.uncounted), configuration: configuration, size: size)
                browser.resize(to: size)
                #expect(browser.isCountingLines)
                var pressedAt = 0
                while browser.isCountingLines {
                    if pressedAt < pressed.count {
                        _ = browser.handle(.key(pressed[pressedAt]))
                        pressedAt += 1
                    }
                    let changed = browser.takeLineCounts()
                    #expect(changed)
                }
                for key in pressed[pressedAt...] { _ = browser.handle(.key(key)) }
                #expect(browser.frame() == expected.frame(), "seed \(seed), \(flatten), \(expansion), \(pressed)")
                #expect(browser.model.rows == expected.model.rows)
                #expect(browser.model.total == expected.model.total)
                let more = browser.takeLineCounts()
                #expect(!more, "nothing more to take")
                compared += 1
            }
        }
        #expect(compared == 2 * BrowserPreviewTests.expansions.count)
    }

    @Test(arguments: 0..<6)
    func thePreviewIsTheFirstFrameWhileCountsArePending(seed: Int) throws {
        let counted = BrowserFilterTests.changes(seed: seed).map(Self.counted)
        for (index, expansion) in BrowserPreviewTests.expansions.enumerated() {
            var configuration = BrowserPreviewTests.configuration(flatten: index % 2 == 0, expansion: expansion,
                                                                  color: (seed + index) % 2 == 0, marks: index % 2 == 1,
                                                                  ascii: seed % 3 == 0)
            configuration.style.linesCounted = true
            configuration.lineCounts = ScriptedCounts(Self.batches(of: counted, seed: seed))
            let tree = ChangeTree(changes: counted.map(Self.uncounted), order: configuration.order)
            let preview = try #require(BrowserPreview(changeTree: tree, configuration: configuration))
            for size in BrowserPreviewTests.sizes {
                var browser = try Browser(changeTree: tree, configuration: configuration, size: size)
                browser.resize(to: size)
                #expect(preview.frame(size: size) == browser.frame(), "seed \(seed), \(expansion), \(size)")
            }
        }
    }

    static let tree: [FileChange] = [
        change(.modified, "a/x.swift", 4, 1), change(.added, "a/y.swift", 20, 0), change(.deleted, "b.swift", 0, 7),
        change(.untracked, "new.txt"),
    ]

    @Test func untilCountedARowShowsADimPlaceholderAndTheHeaderHowFarTheCountingIs() throws {
        let feed = ScriptedCounts([[Self.tree[0]], [Self.tree[1]], [Self.tree[2]]])
        var harness = try BrowserHarness(Self.tree.map(Self.uncounted), columns: 60, rows: 8) { $0.lineCounts = feed }
        #expect(harness.screen() == [
            "main...feature · 4 files changed (1 add… · counting lines 0%",
            "a/                                                         …",
            "├── M  x.swift                                             …",
            "└── A  y.swift                                             …",
            "D  b.swift                                                 …",
            "?  new.txt",
            "",
            "a/                        Enter diff  / find  ? keys  q quit",
        ])
        harness.browser.startLineCounts()
        #expect(feed.starts == 1)
        harness.browser.takeLineCounts()
        #expect(harness.body()[0 ... 2] == [
            "a/                                                         …",
            "├── M  x.swift                                         +4 −1",
            "└── A  y.swift                                             …",
        ], "a file shows its count, its directory waits for the others")
        #expect(harness.screen()[0] == "main...feature · 4 files changed (1 ad… · counting lines 33%")
        harness.browser.takeLineCounts()
        #expect(harness.body()[0 ... 3] == [
            "a/                                                    +24 −1",
            "├── M  x.swift                                         +4 −1",
            "└── A  y.swift                                        +20",
            "D  b.swift                                                 …",
        ])
        #expect(harness.browser.isCountingLines)
        harness.browser.takeLineCounts()
        #expect(!harness.browser.isCountingLines)
        harness.browser.startLineCounts()
        #expect(feed.starts == 1, "nothing to start once every count is in")
        #expect(harness.screen()[0] == "main...feature · 4 files changed, +24 −8 (1 added, 1 modifie")
        #expect(harness.body()[0 ... 3] == [
            "a/                                                    +24 −1",
            "├── M  x.swift                                         +4 −1",
            "└── A  y.swift                                        +20",
            "D  b.swift                                                −7",
        ], "the stats column laid out again for the totals, without the placeholder's room")
        #expect(harness.body()[4] == "?  new.txt", "an untracked file is never counted")
    }

    @Test func aFrameTakesAtMostItsLimitAndTheRestWait() throws {
        let feed = ScriptedCounts([Array(Self.tree.prefix(3))])
        var harness = try BrowserHarness(Self.tree.map(Self.uncounted), columns: 60) { $0.lineCounts = feed }
        harness.browser.takeLineCounts(limit: 2)
        #expect(harness.browser.hasCountsWaiting && harness.browser.isCountingLines)
        #expect(harness.screen()[0].hasSuffix("· counting lines 66%"))
        #expect(harness.body()[3].hasSuffix("…"), "b.swift waits for the next frame")
        harness.browser.takeLineCounts(limit: 2)
        #expect(!harness.browser.hasCountsWaiting && !harness.browser.isCountingLines)
        #expect(harness.body()[3].hasSuffix("−7"))
        #expect(feed.takes == 1, "the waiting counts were not asked for again")
    }

    @Test func thePlaceholderIsDimInColorAndThreeDotsInASCII() throws {
        let render = RenderOptions(color: true, charset: .unicode, icons: .none)
        let colored = try Browser(changes: Self.tree.map(Self.uncounted),
                                  configuration: Self.configuration(render: render, feed: ScriptedCounts([Self.tree])),
                                  size: TerminalSize(columns: 60, rows: 8))
        var browser = colored
        let row = String(decoding: browser.frame().rows[3].bytes, as: UTF8.self)
        #expect(row.hasSuffix("\u{1B}[2m…\u{1B}[0m"), "\(row.debugDescription)")
        let ascii = RenderOptions(color: false, charset: .ascii, icons: .none)
        var plain = try Browser(changes: Self.tree.map(Self.uncounted),
                                configuration: Self.configuration(render: ascii, feed: ScriptedCounts([Self.tree])),
                                size: TerminalSize(columns: 60, rows: 8))
        #expect(BrowserHarness.text(of: plain.frame().rows[3]).hasSuffix("  ..."))
        #expect(BrowserHarness.text(of: plain.frame().rows[0]).hasSuffix(" - counting lines 0%"))
    }

    @Test func keysMoveFilterAndOpenTheDiffWhileCountsArriveAndCountsMoveNothing() throws {
        let feed = ScriptedCounts([[Self.tree[1]], [Self.tree[0], Self.tree[2]]])
        var harness = try BrowserHarness(Self.tree.map(Self.uncounted), columns: 60, rows: 12) {
            $0.lineCounts = feed
            $0.diffSource = BrowserPaneTests.NumberedDiff()
        }
        harness.press(.character("j"), .character("j"), KeyEvent(.enter))
        #expect(harness.focused == "a/y.swift")
        #expect(harness.screen().contains("a/y.swift line 0"))
        let top = harness.browser.top
        harness.browser.takeLineCounts()
        #expect(harness.focused == "a/y.swift" && harness.browser.top == top)
        #expect(harness.screen().contains("a/y.swift line 0"), "the diff pane stays open")
        harness.press(KeyEvent(.escape), .character("f"), .character("m"))
        #expect(harness.body().first == "a/                                                         …")
        harness.browser.takeLineCounts()
        #expect(harness.body().prefix(2) == [
            "a/                                                     +4 −1",
            "└── M  x.swift                                         +4 −1",
        ], "the filter's roll-up takes the counts")
        harness.press(.character("F"))
        #expect(harness.body().first == "a/                                                    +24 −1")
    }

    @Test func aFileMarkedViewedAfterItsCountArrivedIsMarkedAsShown() throws {
        let marks = BrowserReviewTests.RecordedMarks()
        let feed = ScriptedCounts([[Self.tree[1]], [Self.tree[0], Self.tree[2]]])
        var harness = try BrowserHarness(Self.tree.map(Self.uncounted), columns: 130) {
            $0.lineCounts = feed
            $0.marks = marks
            $0.diffSource = BrowserPaneTests.NumberedDiff()
        }
        harness.press(.character("j"), .character("j"), KeyEvent(.enter))
        harness.browser.takeLineCounts()
        harness.press(.character("v"))
        #expect(marks.calls.map(\.paths) == [["a/y.swift"]], "a count is no change of the file shown")
        #expect(!harness.footer().contains("changed since it was shown"))
    }

    @Test func inSizeOrderTheTreeIsRankedAgainOnceEveryCountIsIn() throws {
        let changes = [change(.modified, "a.txt", 1, 0), change(.modified, "b.txt", 50, 0), change(.modified, "c.txt", 9, 0)]
        let feed = ScriptedCounts([[changes[0], changes[1]], [changes[2]]])
        var harness = try BrowserHarness(changes.map(Self.uncounted)) {
            $0.order = .size
            $0.lineCounts = feed
        }
        harness.browser.takeLineCounts()
        #expect(harness.body().prefix(3).map { $0.prefix(8) } == ["M  a.txt", "M  b.txt", "M  c.txt"], "ranked when all are in")
        harness.browser.takeLineCounts()
        #expect(harness.body().prefix(3).map { $0.prefix(8) } == ["M  b.txt", "M  c.txt", "M  a.txt"])
    }

    @Test func countsThatFailSayWhyAndLeaveTheUncountedWithoutNumbers() throws {
        let feed = ScriptedCounts([[Self.tree[0]]], failure: "object 1a2b: corrupt")
        var harness = try BrowserHarness(Self.tree.map(Self.uncounted), columns: 80) { $0.lineCounts = feed }
        harness.browser.takeLineCounts()
        #expect(!harness.browser.isCountingLines)
        #expect(harness.browser.lineCountFailure == "object 1a2b: corrupt")
        #expect(harness.footer() == "cannot count lines: object 1a2b: corrupt")
        #expect(harness.screen()[0].hasSuffix(" · lines not counted"))
        #expect(!harness.screen()[0].contains("+4"), "no totals of part of the files")
        #expect(harness.body()[2].hasSuffix("…"), "a file never counted keeps the placeholder")
    }

    @Test func aFileReadAgainByLiveRefreshKeepsItsOwnCount() throws {
        let feed = ScriptedCounts([[Self.tree[0], Self.tree[1], Self.tree[2]]])
        var harness = try BrowserHarness(Self.tree.map(Self.uncounted), columns: 60) { $0.lineCounts = feed }
        var refreshed = Self.tree.map(Self.uncounted)
        refreshed[0] = change(.modified, "a/x.swift", 9, 9)
        harness.browser.update(changes: refreshed)
        harness.browser.takeLineCounts()
        #expect(harness.body()[1] == "├── M  x.swift                                        +9  −9")
        #expect(harness.browser.allChanges.first { $0.path == RawPath("a/x.swift") }?.insertions == 9)
    }

    static func configuration(render: RenderOptions, feed: ScriptedCounts) -> BrowserConfiguration {
        var configuration = BrowserConfiguration(title: "main...feature", style: BrowserStyle(render: render, linesCounted: true))
        configuration.lineCounts = feed
        return configuration
    }
}
