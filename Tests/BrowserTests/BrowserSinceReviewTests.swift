@testable import Browser
import Render
import TerminalUI
import Testing
import TreeModel

/// `R`: only the files whose change differs from the one at the last review, or every file
/// again; compared once, on the first `R`, or already by `-i --since-review`.
struct BrowserSinceReviewTests {
    static let note = SinceReviewNote(head: String(repeating: "1a2b3c4d", count: 5), abbreviatedHead: "1a2b3c4",
                                      base: nil, revision: nil, changed: 2, files: 6)
    static let changedPaths: Set<RawPath> = [RawPath("Sources/App/main.swift"), RawPath("notes.txt")]

    static let names = ["main.swift", "View.swift", "Legacy.swift", "intro.md", "README.md", "notes.txt"]

    /// The names of ``smallChanges`` the tree shows.
    private func shownFiles(_ harness: inout BrowserHarness) -> Set<String> {
        let body = harness.body()
        return Set(Self.names.filter { name in body.contains { $0.contains(" " + name) } })
    }

    @Test func theFirstRComparesOnceAndShowsOnlyTheFilesChangedSinceTheReview() throws {
        final class Calls { var count = 0 }
        let calls = Calls()
        var harness = try BrowserHarness(smallChanges, columns: 130) {
            $0.filters = ActiveFilters(comparisonFiles: 6)
            $0.sinceReview = .onRequest {
                calls.count += 1
                return (Self.note, Self.changedPaths)
            }
        }
        #expect(shownFiles(&harness).count == 6)
        harness.press(.character("R"))
        #expect(calls.count == 1)
        #expect(shownFiles(&harness) == ["main.swift", "notes.txt"])
        #expect(harness.screen()[0].contains("2 of 6 files changed"), "\(harness.screen()[0])")
        #expect(harness.screen()[0].contains("· since your review at 1a2b3c4 (R: all)"))
        #expect(harness.footer() == "only the 2 of 6 files changed since the review at 1a2b3c4 (R: every file)")
        harness.press(.character("R"))
        #expect(shownFiles(&harness).count == 6)
        #expect(!harness.screen()[0].contains("since your review"))
        harness.press(.character("R"))
        #expect(calls.count == 1, "compared once")
        #expect(shownFiles(&harness) == ["main.swift", "notes.txt"])
    }

    @Test func sinceReviewFromTheCommandLineStartsFilteredAndRShowsEveryFile() throws {
        var changes = smallChanges
        for index in changes.indices where Self.changedPaths.contains(changes[index].path) {
            changes[index].changedSinceReview = true
        }
        var harness = try BrowserHarness(changes, columns: 130) { $0.sinceReview = .compared(Self.note) }
        #expect(shownFiles(&harness) == ["main.swift", "notes.txt"])
        #expect(harness.screen()[0].contains("since your review at 1a2b3c4"))
        harness.press(.character("R"))
        #expect(shownFiles(&harness).count == 6)
    }

    @Test func rCombinesWithTheStatusFilter() throws {
        var harness = try BrowserHarness(smallChanges, columns: 130) {
            $0.sinceReview = .onRequest { (Self.note, Self.changedPaths) }
        }
        harness.press(.character("f"), .character("a"), .character("R"))
        #expect(shownFiles(&harness) == ["notes.txt"], "added and changed since the review")
        harness.press(.character("F"))
        #expect(shownFiles(&harness) == ["main.swift", "notes.txt"])
    }

    @Test func withoutAReviewRSaysWhyAndChangesNothing() throws {
        var harness = try BrowserHarness(smallChanges, columns: 130) { $0.sinceReview = .unavailable("no review here") }
        harness.press(.character("R"))
        #expect(harness.footer() == "no review here")
        #expect(shownFiles(&harness).count == 6)
        var failing = try BrowserHarness(smallChanges, columns: 130) {
            $0.sinceReview = .onRequest { throw ComparisonFailure() }
        }
        failing.press(.character("R"))
        #expect(failing.footer() == "cannot compare with the last review: the reviewed head is gone")
        #expect(shownFiles(&failing).count == 6)
    }

    struct ComparisonFailure: Error, CustomStringConvertible {
        var description: String { "the reviewed head is gone" }
    }
}
