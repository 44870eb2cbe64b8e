import Foundation
import ReviewState
import Testing
import TestSupport
import TreeModel
@testable import TreeReviewCLI

/// What `v` in `treereview -i` and `treereview viewed` record for `--since-review`: in a
/// comparison of commits, its head and old side and each file's old side, as git names
/// them; on the working tree, no comparison.
struct SinceReviewMarkingTests {
    static func input(_ arguments: [String], in repo: String) throws -> ChangeInput {
        let io = IO(standardOutput: BufferSink(), standardError: BufferSink(), readStandardInput: { [] },
                    outputIsTerminal: false, currentDirectory: repo)
        return try ChangeInput.read(try ArgumentParser.parse(arguments), environment: TestEnvironment.variables(), io: io)
    }

    static func git(_ arguments: [String], in repo: String) throws -> String {
        try Shell.git(arguments, in: repo).text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `v` on every file of `-i main...feature` records feature's head, the merge base and
    /// each file's blob at the merge base (zeros for the added file); `--since-review` then
    /// finds nothing changed, and after a new commit only the file it changed.
    @Test func theBrowsersMarksRecordTheComparison() throws {
        let repo = try Fixtures.fresh("since-review")
        let input = try Self.input(["-i", "main...feature"], in: repo)
        let marking = try #require(input.marking)
        let marks = StoredReviewMarks(commonGitDirectory: marking.commonGitDirectory, changes: input.changes,
                                      newObjects: marking.newObjects, oldObjects: marking.oldObjects, comparison: marking.comparison)
        try marks.setViewed(true, for: input.changes)
        marks.finishWriting()
        #expect(marks.takeWriteFailure() == nil)
        let head = try Self.git(["rev-parse", "feature"], in: repo)
        let base = try Self.git(["merge-base", "main", "feature"], in: repo)
        let stored = ViewedMarksStore(commonGitDirectory: marking.commonGitDirectory).read().marks
        #expect(stored.marks.count == 5)
        for change in input.changes {
            let path = change.path.lossyString
            let mark = try #require(stored.marks[change.path])
            #expect(mark.comparison == ReviewedComparison(head: ObjectHash(hex: head)!, base: ObjectHash(hex: base)!))
            let old = path == "n.txt" ? ViewedMarks.deletion.hex : try Self.git(["rev-parse", "\(base):\(path)"], in: repo)
            #expect(mark.oldObject?.hex == old, "\(path)")
            #expect(mark.newObject.hex == (try Self.git(["rev-parse", "feature:\(path)"], in: repo)), "\(path)")
        }
        let outcome = CLIRunner.run(["--format", "plain", "main...feature", "--since-review"], in: repo)
        #expect(outcome.status == 0 && outcome.output.isEmpty, "\(outcome.error)")
        try Shell.git(["checkout", "-q", "feature"], in: repo)
        try "changed after the review\n".write(toFile: repo + "/b.txt", atomically: true, encoding: .utf8)
        try Shell.git(["-c", "user.name=F", "-c", "user.email=f@example.com", "commit", "-q", "-am", "fix"], in: repo)
        #expect(CLIRunner.run(["--format", "plain", "main...feature", "--since-review"], in: repo).text == "b.txt\n")
    }

    /// Marks made on the working tree record no comparison: they are no review.
    @Test func marksOnTheWorkingTreeAreNoReview() throws {
        let repo = try Fixtures.fresh("since-review")
        try "edited\n".write(toFile: repo + "/a.txt", atomically: true, encoding: .utf8)
        #expect(CLIRunner.run(["viewed", "a.txt"], in: repo).status == 0)
        let fields = try ViewedTests.fields(repo)
        #expect(fields["a.txt"]?.dropFirst() == ["-", "-", "-", "1"])
        let refused = CLIRunner.run(["main...feature", "--since-review"], in: repo)
        #expect(refused.status == 2 && refused.error.hasPrefix("treereview: no review of these files is recorded"))
    }

    /// Each `viewed` is one step later than the marks before it, and the last review is the
    /// latest one's, even when an earlier one marked more files.
    @Test func theLatestViewedIsTheReview() throws {
        let repo = try Fixtures.fresh("since-review")
        #expect(CLIRunner.run(["viewed", "main...feature", "--", "."], in: repo).status == 0)
        #expect(CLIRunner.run(["viewed", "main...feature~1", "--", "a.txt"], in: repo).status == 0)
        let fields = try ViewedTests.fields(repo)
        #expect(fields["a.txt"]?[4] == "2" && fields["b.txt"]?[4] == "1")
        #expect(fields["a.txt"]?[2] == (try Self.git(["rev-parse", "feature~1"], in: repo)))
        let outcome = CLIRunner.run(["main...feature", "--since-review"], in: repo)
        let reviewed = try Self.git(["rev-parse", "--short=7", "feature~1"], in: repo)
        #expect(outcome.text.hasPrefix("main...feature · 3 of 5 files changed"), "\(outcome.text)")
        #expect(outcome.text.split(separator: "\n").first?.contains(" · since your review at \(reviewed)") == true, "\(outcome.text)")
    }
}
