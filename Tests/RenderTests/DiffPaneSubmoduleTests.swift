import Foundation
@testable import GitAdapter
@testable import Render
import TestSupport
import Testing
import TreeModel

/// A submodule's change is one line in the diff pane — its name and commits, abbreviated as
/// `git rev-parse --short` gives them — while the pager keeps git's patch.
struct DiffPaneSubmoduleTests {
    /// The pane's lines (text only) and the pager text of `path`'s change in `request`.
    private static func shown(_ path: String, _ request: ComparisonRequest, in repository: String,
                              colors: PatchColors? = nil) throws -> (texts: [String], styled: [UInt8], pager: String) {
        let opened = try Repository.open(at: repository, environment: TestEnvironment.variables())
        let config = try opened.readConfig()
        let changes = try opened.changes(for: request, config: config)
        let change = try #require(changes.changes.first { $0.path == RawPath(path) })
        let patch = try opened.patch(for: change, in: changes, config: config)
        let content = try DiffPaneContent(patch: patch, colors: colors, change: change)
        let rows = content.lines(width: 200).rows
        let texts = rows.map { String(decoding: DiffPaneChecks.split($0.bytes).text, as: UTF8.self) }
        return (texts, rows.first?.bytes ?? [], String(decoding: content.pagerText, as: UTF8.self))
    }

    private static func short(_ revision: String, in repository: String) throws -> String {
        try Shell.git(["rev-parse", "--short", revision], in: repository).text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func anUpdatedSubmoduleIsOneLineAndThePagerHasGitsPatch() throws {
        let repository = try Fixtures.repository("submodules")
        let request = ComparisonRequest(revisions: ["HEAD~1..HEAD"])
        let shown = try Self.shown("sub", request, in: repository)
        let old = try Self.short("HEAD~1:sub", in: repository)
        let new = try Self.short("HEAD:sub", in: repository)
        #expect(shown.texts == ["Submodule sub \(old)..\(new)"])
        #expect(shown.pager == (try Shell.git(["diff", "HEAD~1..HEAD", "--", "sub"], in: repository).text))
        let gitLog = try Shell.git(["diff", "--submodule=log", "HEAD~1..HEAD", "--", "sub"], in: repository).text
        #expect(gitLog.hasPrefix("Submodule sub \(old)..\(new)"))
    }

    @Test func addedDeletedRenamedAndDirtySubmodulesSayWhat() throws {
        let repository = try Fixtures.repository("submodules")
        let added = try Self.shown("sub", ComparisonRequest(revisions: ["HEAD~2..HEAD~1"]), in: repository)
        #expect(added.texts == ["Submodule sub added at \(try Self.short("HEAD~1:sub", in: repository))"])
        let gone = try Self.shown("gone", ComparisonRequest(revisions: ["HEAD~1..HEAD"]), in: repository)
        #expect(gone.texts == ["Submodule gone deleted at \(try Self.short("HEAD~1:gone", in: repository))"])
        let moved = try Self.shown("moved", ComparisonRequest(revisions: ["HEAD~1..HEAD"]), in: repository)
        #expect(moved.texts == ["Submodule moved (renamed from kept) \(try Self.short("HEAD:moved", in: repository))"])
        let dirty = try Self.shown("dirty", ComparisonRequest(), in: repository)
        #expect(dirty.texts == ["Submodule dirty \(try Self.short("HEAD:dirty", in: repository)) (modified content)"])
        #expect(dirty.pager.contains("-dirty\n"))
        let removed = try Self.shown("removed", ComparisonRequest(), in: repository)
        #expect(removed.texts == ["Submodule removed deleted at \(try Self.short("HEAD:removed", in: repository))"])
    }

    @Test func aTypeChangeKeepsGitsLinesAndTheLineHasTheMetaColor() throws {
        let repository = try Fixtures.repository("submodules")
        let request = ComparisonRequest(revisions: ["HEAD~1..HEAD"])
        let typeChange = try Self.shown("becomes-sub", request, in: repository)
        let git = try Shell.git(["diff", "HEAD~1..HEAD", "--", "becomes-sub"], in: repository).text
        #expect(typeChange.texts.joined(separator: "\n") + "\n" == git)
        let colored = try Self.shown("sub", request, in: repository, colors: .git)
        #expect(colored.styled.starts(with: Array("\u{1B}[1m".utf8)))
        #expect(colored.texts.count == 1)
    }
}
