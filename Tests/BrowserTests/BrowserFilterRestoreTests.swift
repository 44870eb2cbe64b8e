@testable import Browser
import TerminalUI
import Testing
import TreeBrowser
import TreeModel

/// A filter (`f`, `u`) is a projection of the model of every change; it shows, frame for
/// frame, what a model built again from the files shown and reset over the last one shows
/// (the reference below), whatever was opened, closed or focused before, under and after
/// the filter; clearing it (`F`) too. Find, live refresh and `v` work on the files shown.
struct BrowserFilterRestoreTests {
    static let configurations: [(flatten: Bool, expansion: InitialExpansion)] = [
        (true, .expanded), (false, .expanded), (true, .depth(1)), (false, .depth(2)), (true, .collapsed),
    ]
    /// Keys pressed before the filter, in the filtered tree, and after clearing it.
    static let keyRuns: [[KeyEvent]] = [
        [],
        [.character("j"), .character("j"), .character("h")],
        [.character("-"), .character("j"), .character("l"), .character("j"), .character("l")],
        [.character("*"), .character("G"), .character("k"), .character("h"), .character("h")],
    ]

    static func press(_ keys: [KeyEvent], on browser: inout Browser) {
        for key in keys { _ = browser.handle(.key(key)) }
    }

    /// The reference: a new tree of the files of `status` (every file for `nil`) taken by the
    /// model's reset (Docs/TreeModel.md#mutations-and-resets), then the browser's focus,
    /// header and scroll settled as for a filter.
    static func rebuild(_ browser: inout Browser, status: ChangeStatus?) throws {
        let focusBefore = browser.model.focus
        browser.statusFilter = status
        let shown = browser.allChanges.filter { status == nil || $0.status == status }
        try browser.model.reset(changeTree: ChangeTree(changes: shown, order: .foldersFirst))
        browser.settleAfterShowing(focusBefore: focusBefore)
    }

    static func expectSame(_ browser: inout Browser, _ reference: inout Browser, _ context: Comment) {
        #expect(browser.frame() == reference.frame(), context)
        #expect(browser.model.rows == reference.model.rows, context)
        #expect(browser.model.focus == reference.model.focus, context)
        #expect(browser.model.expandedPaths == reference.model.expandedPaths, context)
        #expect(browser.model.total == reference.model.total, context)
        #expect(browser.top == reference.top, context)
    }

    @Test(arguments: 0..<8)
    func aFilterAndClearingItShowWhatARebuildShows(seed: Int) throws {
        let changes = BrowserFilterTests.changes(seed: seed)
        for (index, setting) in Self.configurations.enumerated() {
            let configuration = BrowserConfiguration(title: "t", flatten: setting.flatten, expansion: setting.expansion)
            for (letter, status) in BrowserFilterTests.letters {
                let keys = Self.keyRuns[(seed + index) % Self.keyRuns.count]
                let context = Comment(rawValue: "seed \(seed), \(setting), \(letter)")
                var browser = try Browser(changes: changes, configuration: configuration,
                                          size: TerminalSize(columns: 90, rows: 16))
                Self.press(keys, on: &browser)
                var reference = browser
                Self.press([.character("f"), .character(letter)], on: &browser)
                try Self.rebuild(&reference, status: status)
                #expect(browser.model.filter == FileFilter(status: status), context)
                Self.expectSame(&browser, &reference, context)
                Self.press(keys.reversed(), on: &browser)
                Self.press(keys.reversed(), on: &reference)
                Self.expectSame(&browser, &reference, context)
                Self.press([.character("F")], on: &browser)
                try Self.rebuild(&reference, status: nil)
                Self.expectSame(&browser, &reference, context)
                Self.press(keys + [.character("j"), .character("h")], on: &browser)
                Self.press(keys + [.character("j"), .character("h")], on: &reference)
                Self.expectSame(&browser, &reference, context)
            }
        }
    }

    @Test func filtersFollowOneAnotherAndClearingShowsEveryFile() throws {
        let changes = BrowserFilterTests.changes(seed: 3)
        var browser = try Browser(changes: changes, configuration: BrowserConfiguration(title: "t"),
                                  size: TerminalSize(columns: 90, rows: 16))
        let all = browser.model.rows
        browser.applyFilter(.modified)
        #expect(browser.model.rows == (try TreeBrowserModel(changes: changes.filter { $0.status == .modified }, expansion: .expanded).rows))
        browser.applyFilter(.added)
        let added = try TreeBrowserModel(changes: changes.filter { $0.status == .added }, expansion: .expanded)
        #expect(browser.model.rows == added.rows)
        #expect(RankedFind(model: browser.model, icons: IconResolver()).candidates
            == RankedFind(model: added, icons: IconResolver()).candidates)
        browser.applyFilter(nil)
        #expect(browser.model.rows == all)
    }

    @Test func changesReadAgainUnderAFilterShowTheFilesOfItsStatus() throws {
        var changes = BrowserFilterTests.changes(seed: 5)
        var browser = try Browser(changes: changes, configuration: BrowserConfiguration(title: "t"),
                                  size: TerminalSize(columns: 90, rows: 16))
        browser.applyFilter(.modified)
        changes.append(FileChange(status: .added, path: RawPath("fresh/new.swift"), insertions: 1, deletions: 0))
        changes.append(FileChange(status: .modified, path: RawPath("fresh/changed.swift"), insertions: 2, deletions: 1))
        changes.removeAll { $0.status == .modified && $0.path.bytes.starts(with: Array("src".utf8)) }
        browser.update(changes: changes)
        #expect(!browser.model.contains(try TreePath("fresh/new.swift")))
        #expect(browser.model.contains(try TreePath("fresh/changed.swift")))
        let modified = try TreeBrowserModel(changes: changes.filter { $0.status == .modified }, expansion: .expanded)
        #expect(browser.model.rows == modified.rows)
        #expect(browser.model.total == modified.total)
        browser.applyFilter(nil)
        #expect(browser.model.contains(try TreePath("fresh/new.swift")))
        #expect(browser.model.rows == (try TreeBrowserModel(changes: changes, expansion: .expanded).rows))
    }

    @Test func markingAFileViewedWhileViewedFilesAreHiddenHidesIt() throws {
        let changes = BrowserFilterTests.changes(seed: 2)
        var configuration = BrowserConfiguration(title: "t")
        configuration.marks = BrowserReviewTests.RecordedMarks()
        var browser = try Browser(changes: changes, configuration: configuration, size: TerminalSize(columns: 90, rows: 16))
        Self.press([.character("u")], on: &browser)
        #expect(browser.model.filter == FileFilter(hidesViewed: true))
        Self.press([.character("G")], on: &browser)
        let focused = try #require(browser.model.focus)
        #expect(!focused.isDirectory)
        Self.press([.character("v")], on: &browser)
        #expect(!browser.model.contains(focused))
        var viewed = changes
        for index in viewed.indices where viewed[index].path == focused.normalized { viewed[index].viewState = .viewed }
        #expect(browser.model.rows == (try TreeBrowserModel(changes: viewed.filter { $0.viewState != .viewed }, expansion: .expanded).rows))
        Self.press([.character("u")], on: &browser)
        #expect(browser.model.contains(focused))
        #expect(browser.model.change(of: focused)?.viewState == .viewed)
    }
}
