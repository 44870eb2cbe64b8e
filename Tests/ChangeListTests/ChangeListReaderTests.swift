import Foundation
import Testing
import TestSupport
import TreeModel
@testable import ChangeList

/// `ChangeListReader` read directly: what the report does not show (object ids), and the
/// edges of each form.
struct ChangeListReaderTests {
    /// `--raw` object ids are kept as git wrote them, abbreviated or full, in change order.
    @Test(arguments: [["--no-abbrev"], ["--abbrev=9"], ["-z", "--no-abbrev"]])
    func rawObjectIDsAreKept(options: [String]) throws {
        let repo = try Fixtures.repository("branches")
        let input = try Shell.git(["diff", "--raw"] + options + ["main...feature"], in: repo).output
        let list = try ChangeListReader.read(input, nulSeparated: options.contains("-z"))
        let ids = try #require(list.objectIDs)
        #expect(ids.ranges.count == list.changes.count && !list.changes.isEmpty)
        let length = options.contains("--abbrev=9") ? 9 : 40
        let base = try Shell.git(["merge-base", "main", "feature"], in: repo).text.trimmingCharacters(in: .whitespacesAndNewlines)
        for (index, change) in list.changes.enumerated() {
            let (revision, id) = change.status == .deleted ? (base, ids[index].old) : ("feature", ids[index].new)
            let expected = try Shell.git(["rev-parse", "--short=\(length)", "\(revision):\(change.path.lossyString)"], in: repo).text
            #expect(id == expected.trimmingCharacters(in: .whitespacesAndNewlines), "\(change.path)")
            #expect(ids[index].old.count == length && ids[index].new.count == length)
        }
    }

    @Test func lineEndingsWithCarriageReturnsAreRead() throws {
        let list = try ChangeListReader.read(Array("M\ta.txt\r\nR090\told.txt\tnew.txt\r\n".utf8), nulSeparated: false)
        #expect(list.changes.map(\.path) == [RawPath("a.txt"), RawPath("new.txt")])
        #expect(list.changes.last?.oldPath == RawPath("old.txt") && list.changes.last?.similarity == 90)
    }

    /// The readers hold every line to the form; errors name the line or, with `-z`, the record.
    @Test(arguments: [
        ("M\ta.txt\nR100\tone.txt\n", false, "line 2: status R needs two paths, found 1"),
        ("M\ta.txt\tb.txt\n", false, "line 1: status M needs one path, found 2"),
        ("M\0a.txt\0R100\0only.txt\0", true, "record 2: 'R100' is missing its path"),
        (":100644 100644 1234567 89abcde M\0a.txt\0:100644 100644 1234567\0", true, "record 2: not a `git diff --raw` line"),
        (":100644 100644 1234567 89abcde M\ta.txt\n:100644 100644 1234567 89abcde R100\ta.txt\n", false, "line 2: status R needs two paths, found 1"),
        (":040000 040000 1234567 89abcde M\tsrc\n", false, "line 1: 'src' is a directory (mode 040000)"),
        ("?? new.txt\nR  old.txt new.txt\n", false, "line 2: 'R  old.txt new.txt' lacks its ' -> '"),
        ("M\ta.txt\n\u{1B}[31mred\tb\n", false, "line 2: this looks like colored output"),
        ("M\tok.txt\nX\u{1B}]0;title\u{07}\tb\n", false, "line 2: 'X\\x1B]0;title\\x07' is not a git status"),
    ])
    func brokenLinesAreNamed(input: String, nulSeparated: Bool, message: String) {
        do {
            _ = try ChangeListReader.read(Array(input.utf8), nulSeparated: nulSeparated)
            Issue.record("read without an error")
        } catch {
            let description = (error as? ChangeListReader.InputError)?.description ?? "\(error)"
            #expect(description.hasPrefix(message), "\(description)")
            #expect(!description.contains("\u{1B}") && !description.contains("\u{07}"))
        }
    }

    @Test func aNamedFormNamesTheBrokenRecord() {
        #expect(throws: ChangeListReader.InputError(description: "record 2: 'Q' is not a git status")) {
            try ChangeListReader.read(Array("M\0a.txt\0Q\0b.txt\0".utf8), nulSeparated: true, form: .nameStatus)
        }
    }

    /// The recognizer looks at the first 64 lines: a `--name-status` line there decides the
    /// form even after bare-looking lines, which are then errors.
    @Test func oneChangeListLineInTheHeadDecidesTheForm() {
        let input = (0..<10).map { "dir/file\($0).txt" }.joined(separator: "\n") + "\nM\tsrc/a.c\n"
        #expect(throws: ChangeListReader.InputError.self) {
            try ChangeListReader.read(Array(input.utf8), nulSeparated: false)
        }
        let forced = try? ChangeListReader.read(Array(input.utf8), nulSeparated: false, form: .paths)
        #expect(forced?.paths?.count == 11)
    }

    /// With `-z`, a path list may start with a file called `M`: the head decides.
    @Test func aNulSeparatedListStartingWithAStatusLetterIsPaths() throws {
        let list = try ChangeListReader.read(Array("M\0a.txt\0b.txt\0".utf8), nulSeparated: true)
        #expect(list.isBarePaths && list.paths?.count == 3)
    }
}
