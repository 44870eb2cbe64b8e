import Foundation
import Testing
import TestSupport
@testable import TreeReviewCLI

/// `treereview viewed <range> <path>` on a monorepo shaped like vuejs/core (`vue-like`: tags
/// with dots, `packages/<name>/`), against what git says the range changed: the words are told
/// apart as the comparison tells them; a clean checkout's empty comparison is named when a
/// path matches nothing; `unviewed` takes marks back whatever the comparison changes.
struct ViewedRangeTests {
    static func fresh() throws -> String { try Fixtures.fresh("vue-like") }

    /// The paths git lists for `git diff --name-only --no-renames <arguments>`.
    static func gitChanged(_ arguments: [String], in repo: String) throws -> [String] {
        try Shell.git(["diff", "--name-only", "--no-renames"] + arguments, in: repo).text.split(separator: "\n").map(String.init)
    }

    /// What a mark of `path` made in a comparison whose new side is `revision` must hold.
    static func expectedID(_ path: String, at revision: String, in repo: String) throws -> String {
        let id = try Shell.run("git", ["rev-parse", "--verify", "-q", "\(revision):\(path)"], in: repo).text
        return id.isEmpty ? String(repeating: "0", count: 40) : id.trimmingCharacters(in: .newlines)
    }

    @Test(arguments: [["v3.3.0...v3.4.0", "packages/shared"], ["v3.3.0..v3.4.0", "packages/shared"],
                      ["v3.3.0", "v3.4.0", "packages/shared"], ["v3.4.0-beta.1...v3.4.0", "packages"]])
    func aRangeBeforeThePathsIsTheComparison(words: [String]) throws {
        let repo = try Self.fresh()
        let outcome = CLIRunner.run(["viewed"] + words, in: repo)
        #expect(outcome.status == 0 && outcome.error.isEmpty, "\(outcome.error)")
        let revisions = Array(words.dropLast()), path = words.last!
        let changed = try Self.gitChanged(revisions + ["--", path], in: repo)
        #expect(!changed.isEmpty)
        let marks = try ViewedTests.marks(repo)
        #expect(marks.keys.sorted() == changed.sorted())
        for (path, id) in marks {
            #expect(id == (try Self.expectedID(path, at: "v3.4.0", in: repo)), "\(path)")
        }
        let states = try ViewedTests.states(revisions, in: repo)
        #expect(states.filter { $0.value == .viewed }.keys.sorted() == changed.sorted())
        #expect(CLIRunner.run(revisions + [path], in: repo).status == 0, "the comparison reads the same words so")
    }

    @Test func aPathThatIsAlsoARevisionIsAmbiguousAsInTheComparison() throws {
        let repo = try Self.fresh()
        try Shell.git(["branch", "packages/shared", "v3.4.0"], in: repo)
        let viewed = try CLIRunner.failure(["viewed", "v3.3.0...v3.4.0", "packages/shared"], in: repo)
        let compared = try CLIRunner.failure(["v3.3.0...v3.4.0", "packages/shared"], in: repo)
        #expect(viewed == compared)
        let git = try Shell.run("git", ["diff", "v3.3.0...v3.4.0", "packages/shared"], in: repo)
        #expect(git.status != 0 && git.error.contains("ambiguous argument 'packages/shared': both revision and filename"))
        #expect(viewed.contains("ambiguous argument 'packages/shared': both revision and filename"))
    }

    @Test func onACleanCheckoutTheMessageNamesTheComparisonAndHowToNameAnother() throws {
        let repo = try Self.fresh()
        #expect(try Self.gitChanged(["HEAD"], in: repo).isEmpty, "a clean checkout")
        let message = try CLIRunner.failure(["viewed", "packages/shared"], in: repo)
        #expect(message == "pathspec 'packages/shared' did not match any file changed in HEAD → working tree; "
            + "name the comparison: treereview viewed <comparison> -- <path>...")
        let staged = try CLIRunner.failure(["viewed", "--staged", "packages"], in: repo)
        #expect(staged.contains("did not match any file changed in HEAD → index; "))
        let range = try CLIRunner.failure(["viewed", "v3.4.0-beta.1...v3.4.0", "--", "scripts"], in: repo)
        #expect(range.contains("did not match any file changed in v3.4.0-beta.1...v3.4.0; "))
    }

    @Test func unviewedRemovesTheMarksOfAPathWhetherOrNotItIsChanged() throws {
        let repo = try Self.fresh()
        #expect(CLIRunner.run(["viewed", "v3.3.0...v3.4.0", "packages"], in: repo).status == 0)
        let marked = try ViewedTests.marks(repo).keys.sorted()
        #expect(marked.count >= 4)
        #expect(try Self.gitChanged(["HEAD", "--", "packages"], in: repo).isEmpty, "nothing below packages/ is changed now")
        let file = CLIRunner.run(["unviewed", "packages/compiler-core/src/parse.ts"], in: repo)
        #expect(file.status == 0 && file.output.isEmpty && file.error.isEmpty, "\(file.error)")
        #expect(try ViewedTests.marks(repo).keys.sorted() == marked.filter { $0 != "packages/compiler-core/src/parse.ts" })
        let directory = CLIRunner.run(["unviewed", "shared"], in: repo + "/packages")
        #expect(directory.status == 0, "\(directory.error)")
        #expect(try ViewedTests.marks(repo).keys.sorted() == marked.filter { !$0.hasPrefix("packages/shared/") && !$0.hasSuffix("parse.ts") })
        let again = try CLIRunner.failure(["unviewed", "packages/shared"], in: repo)
        #expect(again == "pathspec 'packages/shared' did not match any file marked viewed")
        #expect(CLIRunner.run(["unviewed", "v3.3.0...v3.4.0", "--", "packages"], in: repo).status == 0)
        #expect(try ViewedTests.marks(repo).isEmpty)
        #expect(try CLIRunner.failure(["unviewed", "no-such-rev", "--", "packages"], in: repo) == "unknown revision 'no-such-rev'")
    }
}
