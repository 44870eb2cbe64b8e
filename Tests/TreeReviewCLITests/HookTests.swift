import Foundation
import Testing
import TestSupport

/// Inside a git hook, git points `GIT_INDEX_FILE` at the index it is about to commit;
/// `treereview --staged` must see that index, not the one on disk.
struct HookTests {
    @Test func preCommitHookSeesTheIndexBeingCommitted() throws {
        let repo = try Fixtures.fresh("worktree")
        let report = repo + "/../hook-report.txt"
        let hook = """
            #!/bin/sh
            '\(Binary.path)' --staged --format plain --no-renames > '\(report)' 2>&1
            """
        try ExecutableFile.write(hook, to: repo + "/.git/hooks/pre-commit")
        // `git commit -a` stages tracked edits into a temporary index that only the hook sees.
        try Shell.git(["-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-a", "-m", "hooked"], in: repo)
        let committed = try Shell.git(["diff", "--name-only", "--no-renames", "HEAD~1", "HEAD"], in: repo).text
        let seen = try String(contentsOfFile: report, encoding: .utf8)
        #expect(seen == committed)
        #expect(seen.contains("lib/b.c"), "an unstaged edit that commit -a adds")
    }
}
