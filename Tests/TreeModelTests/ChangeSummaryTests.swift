import Testing
import TreeModel

struct ChangeSummaryTests {
    @Test func countsStatusesAndLines() {
        let summary = ChangeSummary([
            FileChange(status: .added, path: RawPath("a"), insertions: 3, deletions: 0, binary: false),
            FileChange(status: .modified, path: RawPath("b"), insertions: 2, deletions: 5, binary: false),
            FileChange(status: .modified, path: RawPath("c.png"), binary: true),
        ])
        #expect(summary.files == 3)
        #expect(summary.count(.added) == 1)
        #expect(summary.count(.modified) == 2)
        #expect(summary.binary == 1)
        #expect(summary.insertions == 5)
        #expect(summary.deletions == 5)
    }

    @Test func totalsCoverTheFilesThatWereRead() {
        let summary = ChangeSummary([
            FileChange(status: .added, path: RawPath("a"), insertions: 3, deletions: 0, binary: false),
            FileChange(status: .untracked, path: RawPath("b")),
        ])
        #expect(summary.files == 2)
        #expect(summary.insertions == 3)
        #expect(summary.deletions == 0)
        #expect(summary.binary == 0)
    }

    @Test func totalsAreUnknownWhenNothingWasRead() {
        let summary = ChangeSummary([FileChange(status: .untracked, path: RawPath("a")), FileChange(status: .deleted, path: RawPath("b"))])
        #expect(summary.insertions == nil)
        #expect(summary.deletions == nil)
        #expect(summary.binary == nil)
        #expect(ChangeSummary().insertions == 0, "an empty summary is zero, not unknown")
        var rolled = ChangeSummary()
        rolled.add(summary)
        #expect(rolled.insertions == nil)
    }

    @Test func wholeStatusOnlyWhenEveryFileShares() {
        let added = ChangeSummary([FileChange(status: .added, path: RawPath("a")), FileChange(status: .added, path: RawPath("b"))])
        #expect(added.wholeStatus == .added)
        let mixed = ChangeSummary([FileChange(status: .added, path: RawPath("a")), FileChange(status: .modified, path: RawPath("b"))])
        #expect(mixed.wholeStatus == nil)
    }
}

/// A status's letter byte is its letter.
struct ChangeStatusTests {
    @Test func letterBytesAreTheLetters() {
        for status in ChangeStatus.allCases {
            #expect(Character(Unicode.Scalar(status.letterByte)) == status.letter)
            #expect(ChangeStatus(letter: status.letter) == status)
        }
    }
}
