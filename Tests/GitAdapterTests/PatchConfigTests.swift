import Foundation
import Testing
import TreeModel
import TestSupport
@testable import GitAdapter

/// Patches follow the repository's configuration as git does: each setting is written into a
/// fresh copy of the patch fixture and our patches compared with `git diff` there.
struct PatchConfigTests {
    /// One configuration: the `git config` pairs to set.
    struct Setting: CustomTestStringConvertible, Sendable {
        var pairs: [(String, String)]
        var testDescription: String { pairs.map { "\($0.0)=\($0.1)" }.joined(separator: " ") }
    }

    static let settings: [Setting] = [
        Setting(pairs: [("diff.context", "1")]),
        Setting(pairs: [("diff.context", "0")]),
        Setting(pairs: [("diff.context", "8"), ("diff.interHunkContext", "10")]),
        Setting(pairs: [("diff.noprefix", "true")]),
        Setting(pairs: [("diff.mnemonicPrefix", "true")]),
        Setting(pairs: [("core.quotePath", "false")]),
        Setting(pairs: [("core.abbrev", "12")]),
        Setting(pairs: [("core.abbrev", "no")]),
        Setting(pairs: [("diff.suppressBlankEmpty", "true")]),
        Setting(pairs: [("diff.indentHeuristic", "false")]),
        Setting(pairs: [("diff.algorithm", "patience")]),
        Setting(pairs: [("diff.algorithm", "minimal")]),
    ]

    @Test(arguments: settings)
    func patchesFollowTheConfiguration(_ setting: Setting) throws {
        let path = try Fixtures.fresh("patches")
        for (key, value) in setting.pairs { try Shell.git(["config", key, value], in: path) }
        for (request, arguments) in [(ComparisonRequest(revisions: ["HEAD~1..HEAD"]), ["-M", "HEAD~1..HEAD"]),
                                     (ComparisonRequest(), ["-M", "HEAD"]),
                                     (ComparisonRequest(staged: true), ["-M", "--cached"])] {
            let repository = try PatchOracle.open(path)
            let changes = try repository.changes(for: request)
            var ours: [UInt8] = []
            for change in changes.changes where change.status != .untracked {
                ours += try repository.patch(for: change, in: changes).bytes
            }
            PatchOracle.expectSame(ours, try PatchOracle.gitDiff(arguments, in: path), "\(setting.testDescription) \(arguments)")
            for change in changes.changes where change.status == .untracked {
                let patch = try repository.patch(for: change, in: changes)
                PatchOracle.expectSame(patch.bytes, try PatchOracle.gitNoIndex(change.path.bytes, in: path), "\(change.path)")
            }
        }
    }

    @Test func gitDiffOptsSetsTheContext() throws {
        let path = try Fixtures.repository("patches")
        let environment = ["GIT_DIFF_OPTS": "--unified=1"]
        let repository = try PatchOracle.open(path, environment: environment)
        let changes = try repository.changes(for: ComparisonRequest(revisions: ["HEAD~1..HEAD"]))
        let code = try #require(changes.changes.first { $0.path == RawPath("code.c") })
        let git = try Shell.run("git", ["diff", "--no-color", "HEAD~1..HEAD", "--", "code.c"], in: path, environment: environment)
        PatchOracle.expectSame(try repository.patch(for: code, in: changes).bytes, git.output, "GIT_DIFF_OPTS")
        #expect(String(decoding: git.output, as: UTF8.self).contains("@@ -14,3 +14,3 @@"), "one line of context")
    }

    @Test func aWhitespaceAttributeDecidesTheFilesRule() throws {
        let path = try Fixtures.repository("patches")
        let repository = try PatchOracle.open(path)
        let changes = try repository.changes(for: ComparisonRequest(revisions: ["HEAD~1..HEAD"]))
        let ws = try #require(changes.changes.first { $0.path == RawPath("ws.txt") })
        let blank = try #require(changes.changes.first { $0.path == RawPath("blank-eof.txt") })
        #expect(try repository.patch(for: ws, in: changes).whitespace.errors == [.blankAtEndOfLine, .blankAtEndOfFile, .tabInIndent])
        #expect(try repository.patch(for: blank, in: changes).whitespace == .gitDefault)
    }
}
