import Browser
import TerminalUI
import Testing
import TreeModel

/// Viewed marks: `v` and `u`, the header's count, the rows' marks.
struct BrowserReviewTests {
    /// Marks kept in memory, with every call recorded.
    final class RecordedMarks: ReviewMarks {
        var calls: [(viewed: Bool, paths: [String])] = []
        func setViewed(_ viewed: Bool, for changes: [FileChange]) throws {
            calls.append((viewed, changes.map { String(decoding: $0.path.bytes, as: UTF8.self) }))
        }
        func newObject(at path: RawPath) -> ObjectHash? { nil }
    }

    /// Marks whose writing fails after `setViewed` returned, as a write on a queue does.
    final class LateFailingMarks: ReviewMarks {
        var failure: String?
        func setViewed(_ viewed: Bool, for changes: [FileChange]) throws { failure = "disk full" }
        func newObject(at path: RawPath) -> ObjectHash? { nil }
        func takeWriteFailure() -> String? {
            defer { failure = nil }
            return failure
        }
    }

    @Test func aWriteFailingLateIsShownInTheFooterOnce() throws {
        let marks = LateFailingMarks()
        var harness = try BrowserHarness(smallChanges, columns: 130) { $0.marks = marks }
        harness.press(.character("G"), .character("v"))
        #expect(harness.footer().hasPrefix("cannot write the viewed marks: disk full"))
        harness.press(.character("k"))
        #expect(!harness.footer().contains("cannot write"))
    }

    private func harness(_ changes: [FileChange] = smallChanges) throws -> (BrowserHarness, RecordedMarks) {
        let marks = RecordedMarks()
        let harness = try BrowserHarness(changes, columns: 130) { $0.marks = marks }
        return (harness, marks)
    }

    @Test func vMarksAFileViewedAndAgainUnmarksIt() throws {
        var (harness, marks) = try harness()
        #expect(harness.screen()[0].hasSuffix("· 0 of 6 viewed"))
        harness.press(.character("G"), .character("v"))
        #expect(marks.calls.count == 1 && marks.calls[0].viewed && marks.calls[0].paths == ["notes.txt"])
        #expect(harness.screen()[0].hasSuffix("· 1 of 6 viewed"))
        #expect(harness.body().contains { $0.hasPrefix("A  notes.txt (viewed)") })
        #expect(harness.footer().hasPrefix("1 file marked viewed"))
        harness.press(.character("v"))
        #expect(marks.calls.count == 2 && !marks.calls[1].viewed)
        #expect(harness.screen()[0].hasSuffix("· 0 of 6 viewed"))
        #expect(!harness.body().contains { $0.contains("(viewed)") })
    }

    @Test func vOnADirectoryMarksEveryFileBelowIt() throws {
        var (harness, marks) = try harness()
        harness.press(.character("v"))
        #expect(marks.calls.first?.paths.sorted() == ["Sources/App/View.swift", "Sources/App/main.swift", "Sources/Old/Legacy.swift"])
        #expect(harness.screen()[0].hasSuffix("· 3 of 6 viewed"))
        #expect(harness.focused == "Sources/")
    }

    @Test func uHidesTheViewedFilesAndShowsThemAgain() throws {
        var (harness, _) = try harness()
        harness.press(.character("j"), .character("v"), .character("u"))
        #expect(harness.screen()[0].contains("2 of 6 viewed · viewed hidden (u: show)"))
        #expect(!harness.body().contains { $0.contains("App/") || $0.contains("main.swift") })
        #expect(harness.body().contains { $0.contains("Legacy.swift") })
        harness.press(.character("u"))
        #expect(harness.body().contains { $0.contains("main.swift (viewed)") })
    }

    @Test func aFileChangedSinceItWasViewedIsMarked() throws {
        var changes = smallChanges
        changes[5].viewState = .changedSinceViewed
        changes[4].viewState = .viewed
        var (harness, _) = try harness(changes)
        #expect(harness.screen()[0].hasSuffix("· 1 of 6 viewed"))
        #expect(harness.body().contains { $0.hasPrefix("A  notes.txt (changed since viewed)") })
        harness.press(.character("G"), .character("v"))
        #expect(harness.body().contains { $0.hasPrefix("A  notes.txt (viewed)") })
        #expect(harness.screen()[0].hasSuffix("· 2 of 6 viewed"))
    }

    @Test func aLongHeaderIsShortenedBeforeTheViewedCount() throws {
        let marks = RecordedMarks()
        var harness = try BrowserHarness(smallChanges, columns: 60) { $0.marks = marks }
        let header = harness.screen()[0]
        #expect(header.count == 60 && header.hasSuffix("… · 0 of 6 viewed") && header.hasPrefix("main...feature · 6 files"))
    }

    @Test func withoutMarksVSaysSo() throws {
        var harness = try BrowserHarness(smallChanges)
        harness.press(.character("v"))
        #expect(harness.footer() == "viewed marks are not available here")
        #expect(!harness.screen()[0].contains("viewed"))
    }
}
