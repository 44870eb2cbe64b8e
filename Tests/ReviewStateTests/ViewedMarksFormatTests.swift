import Foundation
import Testing
import TestSupport
import TreeModel
@testable import ReviewState

/// The marks file's text format: exact round trips for any path, git's quoting, and every
/// kind of damage recognized rather than misread.
struct ViewedMarksFormatTests {
    static let id = ObjectHash(hex: "0123456789abcdef0123456789abcdef01234567")!
    static let other = ObjectHash(hex: "89abcdef0123456789abcdef0123456789abcdef")!

    @Test func theFileIsAVersionLineAndOneSortedLinePerMark() throws {
        var marks = ViewedMarks()
        marks.markViewed(RawPath("src/b.c"), newObject: Self.id)
        marks.markViewed(RawPath("B.txt"), newObject: Self.other)
        marks.markViewed(RawPath("gone.txt"), newObject: nil)
        marks.markViewed(RawPath("tab\there"), newObject: Self.id)
        marks.markViewed(RawPath("reviewed.c"), newObject: Self.other, oldObject: Self.id,
                         in: ReviewedComparison(head: Self.id, base: Self.other))
        marks.markViewed(RawPath("added.c"), newObject: Self.other, oldObject: nil, in: ReviewedComparison(head: Self.id, base: nil))
        let text = String(decoding: marks.encoded(), as: UTF8.self)
        #expect(text == """
            treereview viewed 2
            89abcdef0123456789abcdef0123456789abcdef - - - 1\tB.txt
            89abcdef0123456789abcdef0123456789abcdef 0000000000000000000000000000000000000000 0123456789abcdef0123456789abcdef01234567 - 1\tadded.c
            0000000000000000000000000000000000000000 - - - 1\tgone.txt
            89abcdef0123456789abcdef0123456789abcdef 0123456789abcdef0123456789abcdef01234567 0123456789abcdef0123456789abcdef01234567 89abcdef0123456789abcdef0123456789abcdef 1\treviewed.c
            0123456789abcdef0123456789abcdef01234567 - - - 1\tsrc/b.c
            0123456789abcdef0123456789abcdef01234567 - - - 1\t"tab\\there"

            """)
        #expect(try ViewedMarks(decoding: marks.encoded()) == marks)
    }

    @Test func anyPathRoundTrips() throws {
        var generator = SeededGenerator(state: 7)
        let alphabet: [UInt8] = Array(0x01...0xFF)
        var marks = ViewedMarks()
        for _ in 0..<500 {
            let length = Int.random(in: 1...12, using: &generator)
            let path = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            marks.markViewed(RawPath(bytes: path), newObject: Bool.random(using: &generator) ? Self.id : nil)
        }
        for path in [#"""#, #""a""#, "\\", "a\"b", " lead and trail ", "\u{7F}", "ünï", "\n"] {
            marks.markViewed(RawPath(path), newObject: Self.other)
        }
        marks.markViewed(RawPath(bytes: [0x66, 0xFF, 0xFE]), newObject: Self.other)
        let decoded = try ViewedMarks(decoding: marks.encoded())
        #expect(decoded == marks)
        #expect(decoded.byPath.count > 500)
    }

    /// Quoted paths are exactly git's (`core.quotePath` false), as `git ls-files` prints them.
    @Test func pathsAreQuotedAsGitQuotesThem() throws {
        let repo = try Fixtures.temporaryDirectory()
        try Shell.git(["init", "-q", repo], in: repo)
        let names = ["plain.txt", "tab\tname", "new\nline", "quote\"d", "back\\slash", "\"leading", "bell\u{07}", "del\u{7F}",
                     "esc\u{1B}[31m", "ünïcode", "sp ace"]
        for name in names { #expect(FileManager.default.createFile(atPath: repo + "/" + name, contents: Data())) }
        try Shell.git(["add", "."], in: repo)
        let listed = try Shell.git(["-c", "core.quotePath=false", "ls-files"], in: repo).text.split(separator: "\n").map(String.init)
        let ours = names.map { String(decoding: PathQuoting.quoted(Array($0.utf8)), as: UTF8.self) }
        #expect(Set(ours) == Set(listed))
        for name in names {
            #expect(PathQuoting.unquoted(PathQuoting.quoted(Array(name.utf8))[...]) == Array(name.utf8))
        }
    }

    @Test(arguments: [
        ("", ViewedMarksFormatError.damaged(line: 1, reason: "the file is empty")),
        ("treereview viewed 1", .damaged(line: 1, reason: "the last line is cut off")),
        ("hello\n", .damaged(line: 1, reason: "no 'treereview viewed 2' line")),
        ("treereview viewed 0\n", .damaged(line: 1, reason: "an unknown version")),
        ("treereview viewed 02\n", .damaged(line: 1, reason: "an unknown version")),
        ("treereview viewed one\n", .damaged(line: 1, reason: "an unknown version")),
        ("treereview viewed \u{1B}[31m\n", .damaged(line: 1, reason: "an unknown version")),
        ("treereview viewed 1\n0123\tshort.txt\n", .damaged(line: 2, reason: "not '<object id> TAB <path>'")),
        ("treereview viewed 1\n0123456789abcdef0123456789abcdef01234567 space.txt\n", .damaged(line: 2, reason: "not '<object id> TAB <path>'")),
        ("treereview viewed 1\nzz23456789abcdef0123456789abcdef01234567\tx\n", .damaged(line: 2, reason: "not '<object id> TAB <path>'")),
        ("treereview viewed 1\n0123456789abcdef0123456789abcdef01234567\t\n", .damaged(line: 2, reason: "not '<object id> TAB <path>'")),
        ("treereview viewed 1\n0123456789abcdef0123456789abcdef01234567\t\"open\n", .damaged(line: 2, reason: "a path quoted wrongly")),
        ("treereview viewed 1\n0123456789abcdef0123456789abcdef01234567\t\"bad\\q\"\n", .damaged(line: 2, reason: "a path quoted wrongly")),
        ("treereview viewed 1\n0123456789abcdef0123456789abcdef01234567\t\"nul\\000\"\n", .damaged(line: 2, reason: "a path quoted wrongly")),
        ("treereview viewed 1\n0123456789abcdef0123456789abcdef01234567\t\"\"\n", .damaged(line: 2, reason: "a path quoted wrongly")),
        ("treereview viewed 1\n\n", .damaged(line: 2, reason: "not '<object id> TAB <path>'")),
        ("treereview viewed 7\nanything at all\n", .newerVersion(7)),
        ("treereview viewed 3\n", .newerVersion(3)),
        ("treereview viewed 2\n\(id.hex)\tv1.txt\n", .damaged(line: 2, reason: v2Line)),
        ("treereview viewed 2\n\(id.hex) - - - 1 x\tspace.txt\n", .damaged(line: 2, reason: v2Line)),
        ("treereview viewed 2\n\(id.hex) - - - \tno-sequence.txt\n", .damaged(line: 2, reason: v2Line)),
        ("treereview viewed 2\n\(id.hex) - - - -1\tnegative.txt\n", .damaged(line: 2, reason: v2Line)),
        ("treereview viewed 2\n\(id.hex) - - - 1234567890123456789\ttoo-long.txt\n", .damaged(line: 2, reason: v2Line)),
        ("treereview viewed 2\n\(id.hex) \(id.hex) - - 1\told-without-head.txt\n", .damaged(line: 2, reason: v2Line)),
        ("treereview viewed 2\n\(id.hex) - - \(id.hex) 1\tbase-without-head.txt\n", .damaged(line: 2, reason: v2Line)),
        ("treereview viewed 2\n\(id.hex) - \(id.hex) - 1\thead-without-old.txt\n", .damaged(line: 2, reason: v2Line)),
        ("treereview viewed 2\n\(id.hex) zz \(id.hex) - 1\tbad-old.txt\n", .damaged(line: 2, reason: v2Line)),
        ("treereview viewed 2\n\(id.hex) - - - 1\t\n", .damaged(line: 2, reason: v2Line)),
        ("treereview viewed 2\n\(id.hex) - - - 1\t\"open\n", .damaged(line: 2, reason: "a path quoted wrongly")),
    ])
    func damageIsRecognized(text: String, error: ViewedMarksFormatError) {
        #expect(throws: error) { try ViewedMarks(decoding: Array(text.utf8)) }
    }

    static let v2Line = "not '<new id> <old id> <head> <base> <sequence> TAB <path>'"

    /// A version 1 file's marks are read as marks without a comparison, made before any
    /// other (sequence 0).
    @Test func aVersionOneFileIsRead() throws {
        let text = "treereview viewed 1\n\(Self.id.hex)\ta.c\n\(ViewedMarks.deletion.hex)\t\"tab\\there\"\n"
        let marks = try ViewedMarks(decoding: Array(text.utf8))
        #expect(marks.marks == [RawPath("a.c"): ViewedMark(newObject: Self.id), RawPath("tab\there"): ViewedMark(newObject: ViewedMarks.deletion)])
        #expect(marks.recordingSequence == 1)
        #expect(marks.lastReview(among: marks.marks.keys) == nil)
    }

    /// The last review among some paths is the comparison of their latest mark that records one.
    @Test func theLastReviewIsTheLatestMarkWithAComparison() throws {
        let early = ReviewedComparison(head: Self.id, base: Self.other)
        let late = ReviewedComparison(head: Self.other, base: Self.id)
        let text = """
            treereview viewed 2
            \(Self.id.hex) \(Self.id.hex) \(early.head.hex) \(early.base!.hex) 4\ta.c
            \(Self.id.hex) \(Self.id.hex) \(late.head.hex) \(late.base!.hex) 9\tb.c
            \(Self.id.hex) - - - 12\tc.c

            """
        let marks = try ViewedMarks(decoding: Array(text.utf8))
        #expect(marks.lastReview(among: [RawPath("a.c"), RawPath("b.c"), RawPath("c.c")]) == late)
        #expect(marks.lastReview(among: [RawPath("a.c"), RawPath("c.c"), RawPath("d.c")]) == early)
        #expect(marks.lastReview(among: [RawPath("c.c")]) == nil)
        #expect(marks.recordingSequence == 13)
    }

    @Test func aLaterLineForTheSamePathWins() throws {
        let text = "treereview viewed 1\n\(Self.id.hex)\ta.c\n\(Self.other.hex)\ta.c\n"
        #expect(try ViewedMarks(decoding: Array(text.utf8)).byPath == [RawPath("a.c"): Self.other])
    }

    @Test func aFileIsViewedOnlyWithTheContentItWasMarkedWith() {
        var marks = ViewedMarks()
        marks.markViewed(RawPath("a.c"), newObject: Self.id)
        marks.markViewed(RawPath("gone.c"), newObject: nil)
        #expect(marks.state(of: RawPath("a.c"), newObject: Self.id) == .viewed)
        #expect(marks.state(of: RawPath("a.c"), newObject: Self.other) == .changedSinceViewed)
        #expect(marks.state(of: RawPath("a.c"), newObject: nil) == .changedSinceViewed, "deleted since")
        #expect(marks.state(of: RawPath("gone.c"), newObject: nil) == .viewed)
        #expect(marks.state(of: RawPath("gone.c"), newObject: Self.id) == .changedSinceViewed, "back again")
        #expect(marks.state(of: RawPath("b.c"), newObject: Self.id) == .notViewed)
        #expect(marks.unmark(RawPath("a.c")) && !marks.unmark(RawPath("a.c")))
        #expect(marks.state(of: RawPath("a.c"), newObject: Self.id) == .notViewed)
    }
}
