@testable import Browser
import TerminalUI
import Testing
import TreeBrowser
import TreeModel

/// Clearing the filter (`F`, `u` again) takes back the model of every change kept while the
/// filter was on: the tree, frame, focus and expansion are exactly those of a model built
/// again from every change, whatever was opened, closed or focused meanwhile.
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

    @Test(arguments: 0..<8)
    func clearingTheFilterRestoresWhatABuildWouldShow(seed: Int) throws {
        let changes = BrowserFilterTests.changes(seed: seed)
        for (index, setting) in Self.configurations.enumerated() {
            let configuration = BrowserConfiguration(title: "t", flatten: setting.flatten, expansion: setting.expansion)
            for (letter, _) in BrowserFilterTests.letters {
                let keys = Self.keyRuns[(seed + index) % Self.keyRuns.count]
                var browser = try Browser(changes: changes, configuration: configuration,
                                          size: TerminalSize(columns: 90, rows: 16))
                Self.press(keys, on: &browser)
                Self.press([.character("f"), .character(letter)], on: &browser)
                Self.press(keys.reversed(), on: &browser)
                #expect(browser.unfilteredModel != nil)
                var rebuilt = browser
                rebuilt.unfilteredModel = nil
                rebuilt.unfilteredFinder = nil
                Self.press([.character("F")], on: &browser)
                Self.press([.character("F")], on: &rebuilt)
                #expect(browser.unfilteredModel == nil)
                #expect(browser.frame() == rebuilt.frame(), "seed \(seed), \(setting), \(letter)")
                #expect(browser.model.rows == rebuilt.model.rows)
                #expect(browser.model.focus == rebuilt.model.focus)
                #expect(browser.model.expandedPaths == rebuilt.model.expandedPaths)
                #expect(browser.model.total == rebuilt.model.total)
                Self.press(keys + [.character("j"), .character("h")], on: &browser)
                Self.press(keys + [.character("j"), .character("h")], on: &rebuilt)
                #expect(browser.frame() == rebuilt.frame())
            }
        }
    }

    @Test func hidingViewedFilesAndAFilterKeepOneUnfilteredModel() throws {
        let changes = BrowserFilterTests.changes(seed: 3)
        var browser = try Browser(changes: changes, configuration: BrowserConfiguration(title: "t"),
                                  size: TerminalSize(columns: 90, rows: 16))
        let all = browser.model.rows
        browser.applyFilter(.modified)
        let kept = try #require(browser.unfilteredModel)
        browser.applyFilter(.added)
        #expect(browser.unfilteredModel?.rows == kept.rows)
        #expect(browser.model.rows == (try TreeBrowserModel(changes: changes.filter { $0.status == .added }, expansion: .expanded).rows))
        browser.applyFilter(nil)
        #expect(browser.unfilteredModel == nil)
        #expect(browser.model.rows == all)
    }

    @Test func changesReadAgainLetTheUnfilteredModelGo() throws {
        var changes = BrowserFilterTests.changes(seed: 5)
        var browser = try Browser(changes: changes, configuration: BrowserConfiguration(title: "t"),
                                  size: TerminalSize(columns: 90, rows: 16))
        browser.applyFilter(.modified)
        #expect(browser.unfilteredModel != nil)
        changes.append(FileChange(status: .added, path: RawPath("fresh/new.swift"), insertions: 1, deletions: 0))
        browser.update(changes: changes)
        #expect(browser.unfilteredModel == nil)
        browser.applyFilter(nil)
        #expect(browser.model.contains(try TreePath("fresh/new.swift")))
        #expect(browser.model.rows == (try TreeBrowserModel(changes: changes, expansion: .expanded).rows))
    }
}
