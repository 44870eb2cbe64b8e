import Foundation
import ReviewState
import Testing
import TestSupport
import TreeModel
@testable import TreeReviewCLI

/// `v`'s marks are written off the key's path, in order: after ``StoredReviewMarks/finishWriting()``
/// the file holds every mark set, as `treereview viewed` reads it; a write that fails is
/// reported once by ``StoredReviewMarks/takeWriteFailure()``.
struct StoredReviewMarksTests {
    static let changes = ["a.txt", "b/c.txt", "b/d.txt"].map { FileChange(status: .modified, path: RawPath($0)) }
    static let objects: [ObjectHash?] = (1...3).map { ObjectHash(bytes: [UInt8](repeating: UInt8($0), count: 20)) }

    @Test func writesEveryMarkInOrderOnceFinished() throws {
        let directory = try Fixtures.temporaryDirectory()
        let marks = StoredReviewMarks(commonGitDirectory: directory, changes: Self.changes, newObjects: Self.objects)
        try marks.setViewed(true, for: Self.changes)
        try marks.setViewed(false, for: [Self.changes[1]])
        try marks.setViewed(true, for: [Self.changes[1]])
        try marks.setViewed(false, for: [Self.changes[0]])
        marks.finishWriting()
        #expect(marks.takeWriteFailure() == nil)
        let read = ViewedMarksStore(commonGitDirectory: directory).read()
        #expect(read.warning == nil)
        let states = zip(Self.changes, Self.objects).map { read.marks.state(of: $0.path, newObject: $1) }
        #expect(states == [.notViewed, .viewed, .viewed])
    }

    @Test func aWriteThatFailsIsReportedOnce() throws {
        let blocker = try Fixtures.temporaryDirectory() + "/git"
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("a file, not a directory".utf8)))
        let marks = StoredReviewMarks(commonGitDirectory: blocker, changes: Self.changes, newObjects: Self.objects)
        try marks.setViewed(true, for: Self.changes)
        marks.finishWriting()
        let failure = marks.takeWriteFailure()
        #expect(failure?.contains(blocker) == true, "\(failure ?? "no failure")")
        #expect(marks.takeWriteFailure() == nil)
    }
}
