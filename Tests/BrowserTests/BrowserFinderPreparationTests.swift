@testable import Browser
import TerminalUI
import Testing
import TreeBrowser
import TreeModel

/// After a filter, find's candidates are made from the model on another thread once the user
/// pauses (the session calls ``Browser/prepareFinderFromModel()``): a find then ranks the
/// files shown exactly as candidates made on the spot rank them, and candidates prepared for
/// an earlier filter are never used.
struct BrowserFinderPreparationTests {
    static let query: [KeyEvent] = [.character("/"), .character("s"), .character("r")]

    static func press(_ keys: [KeyEvent], on browser: inout Browser) {
        for key in keys { _ = browser.handle(.key(key)) }
    }

    static func resultPaths(_ browser: Browser) -> [TreePath] { browser.find?.results.map(\.path) ?? [] }

    @Test(arguments: 0..<4)
    func preparedCandidatesRankAsCandidatesMadeOnTheSpot(seed: Int) throws {
        let changes = BrowserFilterTests.changes(seed: seed)
        var filesFound = 0
        for (letter, status) in BrowserFilterTests.letters {
            let context = Comment(rawValue: "seed \(seed), \(letter)")
            var browser = try Browser(changes: changes, configuration: BrowserConfiguration(title: "t"),
                                      size: TerminalSize(columns: 90, rows: 16))
            Self.press([.character("f"), .character(letter)], on: &browser)
            #expect(browser.awaitsFinder, context)
            var onTheSpot = browser
            browser.prepareFinderFromModel()
            #expect(!browser.awaitsFinder, context)
            Self.press(Self.query, on: &browser)
            Self.press(Self.query, on: &onTheSpot)
            #expect(browser.frame() == onTheSpot.frame(), context)
            let found = Self.resultPaths(browser)
            #expect(found == Self.resultPaths(onTheSpot), context)
            for path in found where !path.isDirectory {
                #expect(browser.model.change(of: path)?.status == status, context)
                filesFound += 1
            }
        }
        #expect(filesFound > 0, "the query finds files under some filter")
    }

    @Test func candidatesPreparedForAnEarlierFilterAreNotUsed() throws {
        let changes = BrowserFilterTests.changes(seed: 1)
        var browser = try Browser(changes: changes, configuration: BrowserConfiguration(title: "t"),
                                  size: TerminalSize(columns: 90, rows: 16))
        Self.press([.character("f"), .character("m")], on: &browser)
        browser.prepareFinderFromModel()
        Self.press([.character("f"), .character("a")], on: &browser)
        #expect(browser.awaitsFinder, "a new filter needs candidates of its own")
        var fresh = try Browser(changes: changes, configuration: BrowserConfiguration(title: "t"),
                                size: TerminalSize(columns: 90, rows: 16))
        Self.press([.character("f"), .character("a")], on: &fresh)
        Self.press(Self.query, on: &browser)
        Self.press(Self.query, on: &fresh)
        let found = Self.resultPaths(browser)
        #expect(!found.isEmpty)
        #expect(found == Self.resultPaths(fresh))
        #expect(found.allSatisfy { $0.isDirectory || browser.model.change(of: $0)?.status == .added })
    }
}
