import Foundation
import Testing
import TreeModel
import TestSupport
@testable import GitAdapter

/// Found by the `options` fuzz target: every worker handle opened with `GIT_WORK_TREE` set to
/// the working tree it already had leaked libgit2's copy of the path (libgit2 1.5;
/// LeakSanitizer reports it under `Scripts/sanitize address`). The working tree is now set
/// only when it changes; these tests hold both cases to git's own answer.
struct WorkTreeFuzzRegressionTests {
    private func changes(_ repository: String, environment: [String: String]) throws -> [FileChange] {
        try Repository.open(at: repository, environment: TestEnvironment.variables(adding: environment))
            .changes(for: .init(renames: .off)).changes.map(GitOracle.comparable)
    }

    @Test(arguments: ["", "/"])
    func theSameWorkTreeGivenAgainReadsLikeGit(suffix: String) throws {
        let repo = try Fixtures.repository("worktree")
        let mine = try changes(repo, environment: ["GIT_WORK_TREE": repo + suffix])
        let git = try GitOracle.changes(in: repo, ["--no-renames", "HEAD"], untracked: true)
        #expect(!git.isEmpty)
        #expect(mine == git)
    }

    @Test func anotherWorkTreeIsStillUsed() throws {
        let repo = try Fixtures.fresh("worktree")
        let other = try Fixtures.temporaryDirectory()
        try Shell.git(["--work-tree", other, "checkout", "-q", "HEAD", "--", "."], in: repo)
        try Shell.git(["reset", "-q"], in: repo)
        try "edited elsewhere\n".write(toFile: other + "/lib/b.c", atomically: true, encoding: .utf8)
        let mine = try changes(repo, environment: ["GIT_DIR": repo + "/.git", "GIT_WORK_TREE": other])
        let git = try Shell.run("git", ["--git-dir", repo + "/.git", "--work-tree", other,
                                        "diff", "--no-renames", "--name-only", "HEAD"]).text
        #expect(mine.map(\.path.lossyString) == git.split(separator: "\n").map(String.init))
        #expect(mine.map(\.path) == [RawPath("lib/b.c")], "the other working tree, not the repository's own")
    }
}
