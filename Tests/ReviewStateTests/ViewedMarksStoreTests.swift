import Foundation
import Testing
import TestSupport
import TreeModel
@testable import ReviewState

/// The store on disk: where it lives, atomic replacement, damage as a warning, and no mark
/// lost when writers run at the same time.
struct ViewedMarksStoreTests {
    static let id = ObjectHash(hex: "0123456789abcdef0123456789abcdef01234567")!

    private func store() throws -> ViewedMarksStore {
        let gitDirectory = try Fixtures.temporaryDirectory() + "/.git/"
        try FileManager.default.createDirectory(atPath: gitDirectory, withIntermediateDirectories: true)
        return ViewedMarksStore(commonGitDirectory: gitDirectory)
    }

    @Test func theMarksLiveInATreereviewDirectoryOfTheGitDirectory() {
        #expect(ViewedMarksStore(commonGitDirectory: "/r/.git/").file == "/r/.git/treereview/viewed")
        #expect(ViewedMarksStore(commonGitDirectory: "/r/.git").file == "/r/.git/treereview/viewed")
    }

    @Test func noFileIsNoMarksAndNoWarning() throws {
        let store = try store()
        let (marks, warning) = store.read()
        #expect(marks.isEmpty && warning == nil)
        #expect(!FileManager.default.fileExists(atPath: store.directory), "reading creates nothing")
    }

    @Test func anUpdateIsWrittenWholeAndLeavesNoTemporaryFile() throws {
        let store = try store()
        let warning = try store.update { $0.markViewed(RawPath("a.c"), newObject: Self.id) }
        #expect(warning == nil)
        try store.update { $0.markViewed(RawPath("b.c"), newObject: nil) }
        let (marks, _) = store.read()
        #expect(marks.byPath == [RawPath("a.c"): Self.id, RawPath("b.c"): ViewedMarks.deletion])
        #expect(FileManager.default.contents(atPath: store.file).map(Array.init) == marks.encoded())
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory).sorted() == ["viewed", "viewed.lock"])
    }

    @Test func aChangeThatFailsWritesNothing() throws {
        let store = try store()
        try store.update { $0.markViewed(RawPath("a.c"), newObject: Self.id) }
        let before = FileManager.default.contents(atPath: store.file)
        struct Refused: Error {}
        #expect(throws: Refused.self) { try store.update { marks in marks.unmark(RawPath("a.c")); throw Refused() } }
        #expect(FileManager.default.contents(atPath: store.file) == before)
    }

    @Test(arguments: ["", "garbage\n", "treereview viewed 1\nnot a mark\n", "treereview viewed 1\n\(id.hex)\tcut"])
    func aDamagedFileIsAWarningAndAFreshStart(content: String) throws {
        let store = try store()
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        try content.write(toFile: store.file, atomically: false, encoding: .utf8)
        let (marks, warning) = store.read()
        #expect(marks.isEmpty)
        let line = try #require(warning)
        #expect(line.hasPrefix("treereview: warning: ignoring the viewed marks in \(store.file): line "))
        #expect(!line.contains("\n"))
        #expect(try store.update { $0.markViewed(RawPath("a.c"), newObject: Self.id) } == line)
        #expect(store.read().marks.byPath == [RawPath("a.c"): Self.id])
        #expect(store.read().warning == nil)
    }

    @Test func marksOfANewerVersionAreReadAsNoneAndNeverOverwritten() throws {
        let store = try store()
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        let newer = "treereview viewed 3\nsomething new\n"
        try newer.write(toFile: store.file, atomically: false, encoding: .utf8)
        #expect(store.read().warning?.hasSuffix("written by a newer treereview (version 3)") == true)
        #expect(throws: ViewedMarksStoreError.newerVersion(path: store.file, version: 3)) {
            try store.update { $0.markViewed(RawPath("a.c"), newObject: Self.id) }
        }
        #expect(try String(contentsOfFile: store.file, encoding: .utf8) == newer)
    }

    /// A version 1 file keeps its marks and is written as version 2 by the next update, by
    /// either kind of writer; the marks set get the next sequence number after its marks' 0.
    @Test(arguments: [false, true])
    func aVersionOneFileIsRewrittenAsVersionTwo(remembering: Bool) throws {
        let store = try store()
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        try "treereview viewed 1\n\(Self.id.hex)\told.c\n".write(toFile: store.file, atomically: false, encoding: .utf8)
        let comparison = ReviewedComparison(head: Self.id, base: nil)
        if remembering {
            var written: WrittenMarks?
            try store.update(remembering: &written, applying: [.viewed(RawPath("new.c"), newObject: Self.id, in: comparison)])
        } else {
            try store.update { $0.markViewed(RawPath("new.c"), newObject: Self.id, in: comparison) }
        }
        let text = try String(contentsOfFile: store.file, encoding: .utf8)
        #expect(text == """
            treereview viewed 2
            \(Self.id.hex) \(ViewedMarks.deletion.hex) \(Self.id.hex) - 1\tnew.c
            \(Self.id.hex) - - - 0\told.c

            """)
    }

    /// As a user that cannot write the git directory (`nobody` when the tests run as root,
    /// who could write it anyway): the store's error is treereview's one line, and nothing is written.
    @Test func anUnwritableDirectoryIsAnError() throws {
        let repo = try Fixtures.fresh("worktree")
        let home = try Unprivileged.home(trusting: repo)
        let gitDirectory = repo + "/.git"
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: gitDirectory)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: gitDirectory) }
        let result = try Unprivileged.run([Unprivileged.binary, "viewed", "lib/b.c"], in: repo, home: home)
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error == "treereview: cannot write the viewed marks: \(gitDirectory)/treereview: Permission denied\n")
        #expect(!FileManager.default.fileExists(atPath: gitDirectory + "/treereview"))
    }

    /// Threads of one process, each with its own lock descriptor, as separate processes have.
    @Test func concurrentUpdatesLoseNoMark() async throws {
        let store = try store()
        let writers = 8, marksEach = 25
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    for mark in 0..<marksEach {
                        _ = try? store.update { $0.markViewed(RawPath("w\(writer)/m\(mark)"), newObject: Self.id) }
                    }
                }
            }
        }
        let (marks, warning) = store.read()
        #expect(warning == nil)
        #expect(marks.byPath.count == writers * marksEach)
    }
}
