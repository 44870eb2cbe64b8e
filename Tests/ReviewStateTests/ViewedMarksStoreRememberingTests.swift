import Foundation
import Testing
import TestSupport
import TreeModel
@testable import ReviewState

/// ``ViewedMarksStore/update(remembering:applying:)``: its own last write is not read back,
/// and anything another writer put in its place is.
struct ViewedMarksStoreRememberingTests {
    static let id = ObjectHash(hex: "0123456789abcdef0123456789abcdef01234567")!
    static let other = ObjectHash(hex: "89abcdef0123456789abcdef0123456789abcdef")!

    private func store() throws -> ViewedMarksStore {
        let gitDirectory = try Fixtures.temporaryDirectory() + "/.git/"
        try FileManager.default.createDirectory(atPath: gitDirectory, withIntermediateDirectories: true)
        return ViewedMarksStore(commonGitDirectory: gitDirectory)
    }

    @Test func theWriteItRemembersIsTheFileAsWritten() throws {
        let store = try store()
        var written: WrittenMarks?
        #expect(try store.update(remembering: &written, applying: [.viewed(RawPath("b.c"), newObject: Self.id)]) == nil)
        try store.update(remembering: &written, applying: [.viewed(RawPath("a.c"), newObject: nil), .unviewed(RawPath("x"))])
        let remembered = try #require(written)
        #expect(remembered.identity == FileIdentity(ofFileAt: store.file))
        #expect(remembered.marks.marks == store.read().marks)
        #expect(store.read().marks.byPath == [RawPath("a.c"): ViewedMarks.deletion, RawPath("b.c"): Self.id])
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory).sorted() == ["viewed", "viewed.lock"])
    }

    /// Marks remembered for the file as it is are taken instead of the file's.
    @Test func whileTheFileIsUnchangedItIsNotReadAgain() throws {
        let store = try store()
        var written: WrittenMarks?
        try store.update(remembering: &written, applying: [.viewed(RawPath("on disk"), newObject: Self.id)])
        let identity = try #require(written?.identity)
        var planted = WrittenMarks(marks: SortedMarks(ViewedMarks([RawPath("remembered"): Self.other])),
                                   descriptor: open(store.file, O_RDONLY | O_CLOEXEC))
        #expect(planted?.identity == identity)
        try store.update(remembering: &planted, applying: [.viewed(RawPath("new"), newObject: Self.id)])
        #expect(store.read().marks.byPath == [RawPath("remembered"): Self.other, RawPath("new"): Self.id])
    }

    @Test func anotherStoresWriteInBetweenIsReadNotLost() throws {
        let store = try store()
        var written: WrittenMarks?
        try store.update(remembering: &written, applying: [.viewed(RawPath("mine"), newObject: Self.id)])
        try ViewedMarksStore(commonGitDirectory: store.directory + "/..").update {
            $0.markViewed(RawPath("theirs"), newObject: Self.other)
            $0.unmark(RawPath("mine"))
        }
        try store.update(remembering: &written, applying: [.viewed(RawPath("mine too"), newObject: Self.id)])
        #expect(store.read().marks.byPath == [RawPath("theirs"): Self.other, RawPath("mine too"): Self.id])
    }

    /// Rewritten by a rename (a new inode) or in place (the same inode, the same size too:
    /// only the file's times tell).
    @Test(arguments: [(false, false), (true, false), (true, true)])
    func aFileRewrittenByHandIsReadNotLost(sameSize: Bool, inPlace: Bool) throws {
        let store = try store()
        var written: WrittenMarks?
        try store.update(remembering: &written, applying: [.viewed(RawPath("a"), newObject: Self.id)])
        let inode = try #require(written?.identity.inode)
        let replacement = "treereview viewed 1\n\(Self.other.hex)\t\(sameSize ? "b" : "bcd")\n"
        try replacement.write(toFile: store.file, atomically: !inPlace, encoding: .utf8)
        #expect((FileIdentity(ofFileAt: store.file)?.inode == inode) == inPlace)
        try store.update(remembering: &written, applying: [.viewed(RawPath("c"), newObject: Self.id)])
        let kept = sameSize ? "b" : "bcd"
        #expect(store.read().marks.byPath == [RawPath(kept): Self.other, RawPath("c"): Self.id], "the hand-written marks, not the remembered ones")
    }

    @Test func aDamagedFileIsAWarningAndAFailedUpdateForgetsTheWrite() throws {
        let store = try store()
        var written: WrittenMarks?
        try store.update(remembering: &written, applying: [.viewed(RawPath("a"), newObject: Self.id)])
        try "garbage\n".write(toFile: store.file, atomically: true, encoding: .utf8)
        let warning = try store.update(remembering: &written, applying: [.viewed(RawPath("b"), newObject: Self.id)])
        #expect(warning?.hasPrefix("treereview: warning: ignoring the viewed marks in \(store.file): line 1") == true)
        #expect(store.read().marks.byPath == [RawPath("b"): Self.id])
        #expect(written != nil)
        let newer = "treereview viewed 3\nsomething new\n"
        try newer.write(toFile: store.file, atomically: true, encoding: .utf8)
        #expect(throws: ViewedMarksStoreError.newerVersion(path: store.file, version: 3)) {
            try store.update(remembering: &written, applying: [.viewed(RawPath("c"), newObject: Self.id)])
        }
        #expect(written == nil)
        #expect(try String(contentsOfFile: store.file, encoding: .utf8) == newer)
    }

    /// The file written last stays open, so the inode numbers of files other writers rename
    /// into place never repeat it (a file system reuses freed inode numbers at once).
    @Test func anotherWritersFileNeverTakesTheRememberedInode() throws {
        let store = try store()
        var written: WrittenMarks?
        try store.update(remembering: &written, applying: [.viewed(RawPath("mine"), newObject: Self.id)])
        let remembered = try #require(written?.identity.inode)
        let other = ViewedMarksStore(commonGitDirectory: store.directory + "/..")
        var inodes: Set<UInt64> = []
        for round in 0..<20 {
            try other.update { $0.markViewed(RawPath("theirs \(round)"), newObject: Self.other) }
            inodes.insert(try #require(FileIdentity(ofFileAt: store.file)?.inode))
        }
        #expect(!inodes.contains(remembered))
        #expect(inodes.count > 1, "each write renames a new file into place")
    }
}
