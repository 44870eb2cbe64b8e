import Foundation
import Testing
import TreeModel
import TestSupport
@testable import GitAdapter

/// Working-tree files compared as git compares them: stat data first, then the content
/// converted to the form git stores (line endings, `ident`, clean filters,
/// `working-tree-encoding`) against the old side's blob, so a file whose converted content is
/// unchanged is not listed, and line counts are of the converted content; a `diff` driver's
/// `binary` setting. Each against git 2.39 on the same fixture (`git diff --name-status`,
/// `--numstat`), and the index file is never written.
struct WorkingTreeConversionTests {
    private func changes(_ repo: String, _ request: ComparisonRequest = .init()) throws -> [FileChange] {
        try Repository.open(at: repo, environment: TestEnvironment.variables()).changes(for: request).changes
    }

    /// Ours first (git diff may refresh the index file), then git's, for the working tree
    /// against HEAD; returns ours.
    @discardableResult
    private func expectSameAsGit(_ repo: String, _ request: ComparisonRequest = .init(includeUntracked: false),
                                 git arguments: [String] = ["HEAD"]) throws -> [FileChange] {
        let index = try Data(contentsOf: URL(fileURLWithPath: repo + "/.git/index"))
        let mine = try changes(repo, request)
        #expect(try Data(contentsOf: URL(fileURLWithPath: repo + "/.git/index")) == index, "the index file is never written")
        let theirs = try GitOracle.changes(in: repo, arguments)
        #expect(mine.map(EntryKindDifferentialTests.comparable) == theirs)
        return mine
    }

    @Test func convertedContentIsComparedAsGitComparesIt() throws {
        let repo = try Fixtures.fresh("conversion")
        let mine = try expectSameAsGit(repo)
        let paths = mine.map(\.path.description)
        for unchanged in ["auto.txt", "touched.txt", "forced.txt", "ident.c"] {
            #expect(!paths.contains(unchanged), "\(unchanged) differs only in what git's conversion takes away")
        }
        let filtered = try #require(mine.first { $0.path == RawPath("filtered.txt") })
        #expect([filtered.insertions, filtered.deletions] == [1, 0], "the cleaned content is counted")
        let encoded = try #require(mine.first { $0.path == RawPath("utf16.txt") })
        #expect(encoded.binary == false && encoded.insertions == 1, "UTF-16LE is read as text")
        #expect(mine.first { $0.path == RawPath("driver.dat") }?.binary == true, "diff.bin.binary")
        #expect(mine.first { $0.path == RawPath("grown.txt") }?.insertions == 1)
    }

    @Test func theIndexAgainstTheWorkingTreeAndStagedFilesToo() throws {
        let repo = try Fixtures.fresh("conversion")
        try expectSameAsGit(repo, .init(revisions: ["HEAD"], includeUntracked: false))
        try Shell.git(["add", "-u"], in: repo)
        try "a\nb\nc\n".write(toFile: repo + "/auto.txt", atomically: false, encoding: .utf8)
        try "x\r\ny\r\n".write(toFile: repo + "/touched.txt", atomically: false, encoding: .utf8)
        let staged = try expectSameAsGit(repo, .init(staged: true, includeUntracked: false), git: ["--cached"])
        #expect(try Shell.git(["diff", "--name-only"], in: repo).text.isEmpty, "git sees nothing unstaged")
        #expect(!staged.isEmpty && staged.allSatisfy { !$0.partiallyStaged })
    }

    @Test(arguments: ["true", "input"])
    func coreAutocrlf(_ setting: String) throws {
        let repo = try Fixtures.temporaryDirectory() + "/autocrlf"
        let built = try Shell.run("bash", [Fixtures.directory + "/repos/autocrlf.sh", repo, setting])
        try #require(built.status == 0, "\(built.error)")
        let mine = try expectSameAsGit(repo)
        #expect(!mine.contains { $0.path == RawPath("lf.txt") }, "only its line endings changed")
        #expect(mine.contains { $0.path == RawPath("crlf-in-index.txt") && $0.insertions == 1 })
    }

    @Test func aRequiredFilterThatFailsStopsTheComparison() throws {
        let repo = try Fixtures.fresh("conversion")
        try Shell.git(["config", "filter.broken.required", "true"], in: repo)
        #expect(throws: AdapterError.repository("broken.txt: clean filter 'broken' failed")) { try changes(repo) }
        #expect(try Shell.run("git", ["-C", repo, "diff", "--numstat"]).status != 0, "git fails too")
    }

    @Test func identCollapsesAsGitDoes() {
        func ident(_ text: String) -> String {
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBytes { ContentConversion.identToGit($0) }.map { String(decoding: $0, as: UTF8.self) } ?? text
        }
        #expect(ident("a $Id: 123 $ b") == "a $Id$ b")
        #expect(ident("$Id$") == "$Id$")
        #expect(ident("$Id: no end\n$") == "$Id: no end\n$", "a line break before the closing dollar")
        #expect(ident("$Id: x $ and $Id: y $") == "$Id$ and $Id$")
    }

    @Test func lineEndingsAsCrlfToGit() {
        func stripped(_ bytes: [UInt8], _ action: ContentConversion.LineEndings, crlfInIndex: Bool = false) -> [UInt8]? {
            bytes.withUnsafeBytes { ContentConversion.lineEndingsToGit($0, action) { crlfInIndex } }
        }
        #expect(stripped(Array("a\r\nb\r\n".utf8), .auto) == Array("a\nb\n".utf8))
        #expect(stripped(Array("a\r\nb\r\n".utf8), .auto, crlfInIndex: true) == nil)
        #expect(stripped(Array("a\r\nb\rc\r\n".utf8), .auto) == nil, "a lone CR: binary for text=auto")
        #expect(stripped(Array("a\r\nb\rc\r\n".utf8), .text) == Array("a\nb\rc\n".utf8))
        #expect(stripped([0, 13, 10], .auto) == nil && stripped([0, 13, 10], .text) == [0, 10])
        #expect(stripped(Array("a\r\n".utf8), .binary) == nil)
    }
}
