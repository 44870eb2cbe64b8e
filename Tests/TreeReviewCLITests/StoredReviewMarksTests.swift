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

    /// While the first write waits for the lock (held here, as another writer would), the
    /// marks set meanwhile wait too, and are then written together by one update.
    @Test func marksSetWhileAWriteRunsAreWrittenTogether() throws {
        let directory = try Fixtures.temporaryDirectory()
        let store = ViewedMarksStore(commonGitDirectory: directory)
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        let lock = open(store.directory + "/viewed.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        try #require(lock >= 0 && flock(lock, LOCK_EX) == 0)
        let marks = StoredReviewMarks(commonGitDirectory: directory, changes: Self.changes, newObjects: Self.objects)
        try marks.setViewed(true, for: Self.changes)
        usleep(100_000)
        try marks.setViewed(false, for: [Self.changes[0]])
        try marks.setViewed(false, for: [Self.changes[2]])
        try marks.setViewed(true, for: [Self.changes[2]])
        try marks.setViewed(false, for: [Self.changes[1]])
        #expect(FileManager.default.fileExists(atPath: store.file) == false, "nothing written while the lock is held")
        flock(lock, LOCK_UN)
        close(lock)
        marks.finishWriting()
        #expect((1...2).contains(marks.updatesMade), "5 marks set, \(marks.updatesMade) updates")
        let states = zip(Self.changes, Self.objects).map { store.read().marks.state(of: $0.path, newObject: $1) }
        #expect(states == [.notViewed, .notViewed, .viewed])
    }

    /// Marks set one after the other without waiting (so that writes queued behind a running
    /// one are made together) end as the generated sequence says: the last `v` of a file wins,
    /// with the file's new side as the marks were made with (ids recorded later included).
    @Test(arguments: [(1, true), (2, true), (3, false), (4, false)])
    func marksSetInQuickSuccessionEndAsTheSequenceSays(seed: UInt64, changesInByteOrder: Bool) throws {
        var generator = SeededGenerator(state: seed)
        let names = (0..<300).map { "dir\($0 % 7)/\($0 % 3 == 0 ? "é" : "f")\($0)" }
        let changes = (changesInByteOrder ? names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) } : names)
            .map { FileChange(status: .modified, path: RawPath($0)) }
        let objects: [ObjectHash?] = changes.indices.map { $0 % 11 == 0 ? nil : ObjectHash(bytes: (0..<20).map { _ in UInt8.random(in: 0...255, using: &generator) }) }
        var expected: [RawPath: ObjectHash] = [:]
        var current = Dictionary(uniqueKeysWithValues: zip(changes.map(\.path), objects))
        let directory = try Fixtures.temporaryDirectory()
        let marks = StoredReviewMarks(commonGitDirectory: directory, changes: changes, newObjects: objects)
        for step in 0..<40 {
            if step == 20 {
                let renewed = changes[0..<50].map { _ in ObjectHash(bytes: (0..<20).map { _ in UInt8.random(in: 0...255, using: &generator) }) }
                marks.record(Array(changes[0..<50]), newObjects: renewed)
                for (change, object) in zip(changes[0..<50], renewed) { current[change.path] = object }
            }
            let start = Int.random(in: 0..<changes.count, using: &generator)
            let chosen = Bool.random(using: &generator)
                ? Array(changes[start..<min(changes.count, start + Int.random(in: 1...120, using: &generator))])
                : (0..<Int.random(in: 1...30, using: &generator)).map { _ in changes.randomElement(using: &generator)! }
            let viewed = Int.random(in: 0..<3, using: &generator) > 0
            try marks.setViewed(viewed, for: chosen)
            for change in chosen { expected[change.path] = viewed ? (current[change.path]! ?? ViewedMarks.deletion) : nil }
        }
        marks.finishWriting()
        #expect(marks.takeWriteFailure() == nil)
        let read = ViewedMarksStore(commonGitDirectory: directory).read()
        #expect(read.warning == nil)
        #expect(read.marks.byPath == expected)
        #expect(expected.count > 50 && expected.values.contains(ViewedMarks.deletion))
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
