import TestSupport
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

    /// The branchless adder (a filter's roll-up) and the one taking fields agree on every
    /// kind of file, and a roll-up less a part is the rest.
    @Test func bothWaysOfAddingAFileAgree() {
        var generator = SeededGenerator(state: 0x5eed)
        var byFields = ChangeSummary(), byNumber = ChangeSummary(), part = ChangeSummary()
        var seenStatuses = Set<ChangeStatus?>(), seenKinds = Set<Int>()
        var perStatus: [ChangeStatus: Int] = [:], binaries = 0, inserted = 0, deleted = 0
        for index in 0..<2_000 {
            let status: ChangeStatus? = generator.next() % 9 == 0 ? nil : ChangeStatus.allCases[Int(generator.next() % 8)]
            let kind = Int(generator.next() % 3)   // 0 unread, 1 binary, 2 text
            let binary: Bool? = kind == 0 ? nil : kind == 1
            let insertions = Int(generator.next() % 1_000), deletions = Int(generator.next() % 1_000)
            seenStatuses.insert(status)
            seenKinds.insert(kind)
            if let status { perStatus[status, default: 0] += 1 }
            if kind == 1 { binaries += 1 }
            if kind == 2 { (inserted, deleted) = (inserted + insertions, deleted + deletions) }
            byFields.addFile(status: status, binary: binary, insertions: insertions, deletions: deletions)
            byNumber.addFile(statusNumber: status.map { Int32($0.lane + 1) } ?? 0, read: binary != nil,
                             binary: binary == true, insertions: kind == 2 ? insertions : 0, deletions: kind == 2 ? deletions : 0)
            if index % 3 == 0 { part.addFile(status: status, binary: binary, insertions: insertions, deletions: deletions) }
        }
        #expect(seenStatuses.count == 9 && seenKinds.count == 3, "the generator reaches every status and kind")
        #expect(byFields == byNumber)
        var rest = byFields
        rest.subtract(part)
        rest.add(part)
        #expect(rest == byFields)
        #expect(byFields.files == 2_000)
        #expect(ChangeStatus.allCases.allSatisfy { byFields.count($0) == perStatus[$0, default: 0] })
        #expect(byFields.binary == binaries && byFields.insertions == inserted && byFields.deletions == deleted)
        #expect(ChangeStatus.allCases.map(\.lane) == Array(0..<8))
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
