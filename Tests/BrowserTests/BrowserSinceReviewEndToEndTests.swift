import Foundation
import TestSupport
import Testing

/// End to end in tmux: `R` in `treereview -i main...feature` after a review and a new commit
/// shows only the file the commit changed, the header naming the review; `R` again shows
/// every file; `-i --since-review` starts there.
@Suite(.serialized) struct BrowserSinceReviewEndToEndTests {
    /// The since-review fixture, every file of `main...feature` marked viewed, then `b.txt`
    /// changed by a new commit on feature; with the reviewed head's short id.
    private func reviewedThenChanged() throws -> (repo: String, head: String) {
        let repo = try Fixtures.fresh("since-review")
        let marked = try Shell.run(Binary.path, ["viewed", "main...feature", "--", "."], in: repo)
        try #require(marked.status == 0, "\(marked.error)")
        let head = try Shell.git(["rev-parse", "--short", "feature"], in: repo).text.trimmingCharacters(in: .whitespacesAndNewlines)
        try Shell.git(["checkout", "-q", "feature"], in: repo)
        try "changed after the review\n".write(toFile: repo + "/b.txt", atomically: true, encoding: .utf8)
        try Shell.git(["-c", "user.name=F", "-c", "user.email=f@example.com", "commit", "-q", "-am", "fix"], in: repo)
        return (repo, head)
    }

    private func quit(_ pane: TmuxPane) async throws {
        try pane.press("q")
        try await pane.waitForScreen("the prompt") { $0.last { !$0.isEmpty }?.hasPrefix("PROMPT$") == true }
    }

    @Test func capitalRShowsOnlyTheFileChangedSinceTheReviewAndAgainEveryFile() async throws {
        let (repo, head) = try reviewedThenChanged()
        let pane = try await TmuxPane.forBrowser(columns: 120)
        try await pane.startBrowser(in: repo, "main...feature", title: "main...feature")
        try await pane.waitFor("a.txt")
        try pane.press("R")
        let filtered = try await pane.waitForScreen("only b.txt") { $0.contains { $0.contains("since your review at \(head)") } }
        #expect(filtered[0].contains("1 of 5 files changed"), "\(filtered[0])")
        #expect(filtered.contains { $0.contains("b.txt") })
        #expect(!filtered.contains { $0.contains("a.txt") || $0.contains("n.txt") })
        try pane.press("R")
        let every = try await pane.waitForScreen("every file again") { $0.contains { $0.contains("a.txt") } }
        #expect(!every[0].contains("since your review"))
        #expect(every.contains { $0.contains("n.txt") })
        try await quit(pane)
    }

    @Test func sinceReviewStartsFilteredAndCapitalRShowsEveryFile() async throws {
        let (repo, head) = try reviewedThenChanged()
        let pane = try await TmuxPane.forBrowser(columns: 120)
        try await pane.startBrowser(in: repo, "main...feature --since-review", title: "main...feature")
        let first = try await pane.waitForScreen("b.txt") { $0.contains { $0.contains("b.txt") } }
        #expect(first[0].contains("since your review at \(head) (R: all)"), "\(first[0])")
        #expect(!first.contains { $0.contains("a.txt") })
        try pane.press("R")
        try await pane.waitFor("a.txt")
        try await quit(pane)
    }

    @Test func onTheWorkingTreeCapitalRSaysWhyAndFiltersNothing() async throws {
        let repo = try Fixtures.fresh("since-review")
        try "edited\n".write(toFile: repo + "/a.txt", atomically: true, encoding: .utf8)
        let pane = try await TmuxPane.forBrowser(columns: 120)
        try await pane.startBrowser(in: repo, "", title: "HEAD → working tree")
        try pane.press("R")
        try await pane.waitFor("R compares two commits, such as main...feature, with your last review")
        #expect(try pane.screen().contains { $0.contains("a.txt") })
        try await quit(pane)
    }
}
