import Foundation
import Testing
import TestSupport

/// `--since-review` through what happens to a branch under review — a rebase onto a new
/// main, an amend, a squash, a force push — against `git range-diff`: a file is changed
/// since the review exactly when range-diff, comparing the branch's change then and now
/// (each squashed to one commit), shows its patch changed other than in hunk headers, or
/// when it is new to the branch.
struct SinceReviewTests {
    /// The fixture, reviewed: every file of `main...feature` marked viewed; the head and
    /// base reviewed.
    static func reviewed() throws -> (repo: String, head: String, base: String) {
        let repo = try Fixtures.fresh("since-review")
        let marking = CLIRunner.run(["viewed", "main...feature", "--", "."], in: repo)
        try #require(marking.status == 0, "\(marking.error)")
        return (repo, try revision("feature", in: repo), try revision("main...feature", in: repo, mergeBase: true))
    }

    static func revision(_ name: String, in repo: String, mergeBase: Bool = false) throws -> String {
        let sides = name.components(separatedBy: "...")
        let arguments = mergeBase ? ["merge-base", sides[0], sides[1]] : ["rev-parse", "--verify", name + "^{commit}"]
        return try Shell.git(arguments, in: repo).text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs a bash script in `repo`, with the fixtures' identity and dates and their `lines`
    /// and `commit` (as `Fixtures/repos/lib.sh` defines them).
    static func script(_ text: String, in repo: String) throws {
        let preamble = """
            set -euo pipefail
            export GIT_AUTHOR_NAME=Fixture GIT_AUTHOR_EMAIL=fixture@example.com
            export GIT_COMMITTER_NAME=Fixture GIT_COMMITTER_EMAIL=fixture@example.com
            export GIT_AUTHOR_DATE='2024-01-02T00:00:00Z' GIT_COMMITTER_DATE='2024-01-02T00:00:00Z'
            lines() { local i; for ((i = 1; i <= $1; i++)); do echo "$2 line $i of a fixture file"; done; }
            commit() { git add -A && git commit -q -m "$1"; }

            """
        let result = try Shell.run("bash", ["-c", preamble + text], in: repo)
        try #require(result.status == 0, "\(result.error)")
    }

    /// The files `treereview main...feature --since-review` lists.
    static func sinceReview(in repo: String, arguments: [String] = ["--since-review"]) throws -> (files: Set<String>, error: String) {
        let outcome = CLIRunner.run(["--format", "plain", "main...feature"] + arguments, in: repo)
        try #require(outcome.status == 0, "\(outcome.error)")
        return (Set(outcome.text.split(separator: "\n").map(String.init)), outcome.error)
    }

    /// git's answer: each file of `main...feature` now that is new to the branch since the
    /// review, or whose patch range-diff shows changed outside hunk headers.
    static func rangeDiffChanged(in repo: String, head: String, base: String) throws -> Set<String> {
        let nowHead = try revision("feature", in: repo)
        let nowBase = try revision("main...feature", in: repo, mergeBase: true)
        func names(_ old: String, _ new: String) throws -> Set<String> {
            Set(try Shell.git(["diff", "--no-renames", "--name-only", old, new], in: repo).text.split(separator: "\n").map(String.init))
        }
        func squashed(_ head: String, onto base: String) throws -> String {
            let identity = ["GIT_AUTHOR_NAME": "Fixture", "GIT_AUTHOR_EMAIL": "fixture@example.com", "GIT_AUTHOR_DATE": "2024-01-03T00:00:00Z",
                            "GIT_COMMITTER_NAME": "Fixture", "GIT_COMMITTER_EMAIL": "fixture@example.com",
                            "GIT_COMMITTER_DATE": "2024-01-03T00:00:00Z"]
            let made = try Shell.run("git", ["commit-tree", head + "^{tree}", "-p", base, "-m", "the branch"], in: repo, environment: identity)
            try #require(made.status == 0, "\(made.error)")
            return made.text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let then = try names(base, head)
        let (squashedThen, squashedNow) = (try squashed(head, onto: base), try squashed(nowHead, onto: nowBase))
        var changed = Set<String>()
        for file in try names(nowBase, nowHead) {
            guard then.contains(file) else {
                changed.insert(file)
                continue
            }
            let output = try Shell.git(["range-diff", "--no-color", "--creation-factor=100", "\(squashedThen)^..\(squashedThen)",
                                        "\(squashedNow)^..\(squashedNow)", "--", file], in: repo).text
            let lines = output.split(separator: "\n")
            try #require(!lines.isEmpty && (lines[0].contains(" = ") || lines[0].contains(" ! ")), "range-diff paired them: \(output)")
            if lines.dropFirst().contains(where: { line in
                let body = line.dropFirst(4)
                return (body.first == "+" || body.first == "-") && !body.dropFirst().hasPrefix("@@")
            }) {
                changed.insert(file)
            }
        }
        return changed
    }

    /// Checks `--since-review` after `change` against range-diff and against `expected`.
    static func check(_ change: String, expected: Set<String>) throws {
        let (repo, head, base) = try Self.reviewed()
        try Self.script(change, in: repo)
        let ours = try Self.sinceReview(in: repo)
        let git = try rangeDiffChanged(in: repo, head: head, base: base)
        #expect(ours.files == git, "treereview \(ours.files.sorted()), range-diff \(git.sorted())")
        #expect(git == expected)
        #expect(ours.error.isEmpty)
    }

    @Test func aRebaseOntoAMainThatMovedTheLinesBringsBackOnlyThePatchesItChanged() throws {
        try Self.check("""
            git checkout -q main
            { lines 5 top; cat a.txt; } > moved && mv moved a.txt
            sed -i 's/^d line 22 of/d line twenty-two of/' d.txt
            sed -i 's/^c line 1 of/c line one of/' c.txt
            commit "main moves a, edits d near the branch's change, and c"
            git rebase -q main feature
            """, expected: ["d.txt"])
    }

    @Test func anAmendBringsBackWhatItChanged() throws {
        try Self.check("""
            sed -i 's/^e line five of/e line FIVE of/' e.txt
            sed -i 's/^keep line 1 of/keep line one of/' keep.txt
            git commit -q -a --amend --no-edit
            """, expected: ["e.txt", "keep.txt"])
    }

    @Test func aSquashWithAFixBringsBackOnlyTheFixedFile() throws {
        try Self.check("""
            git reset -q --soft main
            sed -i 's/^b line 30 of/b line thirty of/' b.txt
            commit "one commit"
            """, expected: ["b.txt"])
    }

    @Test func aForcePushOfARewrittenBranchBringsBackOnlyWhatItChanged() throws {
        try Self.check("""
            git checkout -q -B feature main
            sed -i 's/^a line 10 of/a line ten of/' a.txt
            sed -i 's/^b line 20 of/b line twenty of/' b.txt
            sed -i 's/^e line 5 of/e line 5, rewritten, of/' e.txt
            lines 3 n > n.txt
            commit "rewritten"
            """, expected: ["e.txt"])
    }

    /// A rebase onto a main that moved a file the branch changes: the same patch at the
    /// file's new path is the change reviewed (range-diff shows the new path in its section
    /// header, so this is checked against the patches git prints instead). A file the branch
    /// adds and then renames is listed: its name is part of its change.
    @Test func aRebaseOntoAMainThatMovedTheFileDoesNotBringItBack() throws {
        let (repo, head, base) = try Self.reviewed()
        try Self.script("""
            git checkout -q main
            mkdir -p moved && git mv a.txt moved/a.txt
            commit "main moves a"
            git rebase -q main feature
            git mv n.txt m.txt
            commit "n is m"
            """, in: repo)
        let ours = try Self.sinceReview(in: repo)
        #expect(ours.files == ["m.txt"])
        func hunks(_ arguments: [String]) throws -> [Substring] {
            try Shell.git(["diff", "--no-color"] + arguments, in: repo).text.split(separator: "\n").filter { line in
                !line.hasPrefix("diff ") && !line.hasPrefix("index ") && !line.hasPrefix("--- ") && !line.hasPrefix("+++ ")
                    && !line.hasPrefix("@@")
            }
        }
        let nowBase = try Self.revision("main...feature", in: repo, mergeBase: true)
        #expect(try hunks([base, head, "--", "a.txt"]) == hunks([nowBase, "feature", "--", "moved/a.txt"]))
        #expect(try !hunks([base, head, "--", "a.txt"]).isEmpty)
    }

    /// After a force push and gc the reviewed head is gone: a warning, and each file is
    /// compared with the sides its mark recorded.
    @Test func whenTheReviewedHeadIsGoneTheMarksDecide() throws {
        let (repo, head, _) = try Self.reviewed()
        try Self.script("""
            git checkout -q -B feature main
            sed -i 's/^a line 10 of/a line ten of/' a.txt
            sed -i 's/^e line 5 of/e line 5, rewritten, of/' e.txt
            sed -i 's/^keep line 1 of/keep line one of/' keep.txt
            commit "rewritten"
            git reflog expire --expire=now --all
            git gc -q --prune=now
            """, in: repo)
        #expect(try Shell.run("git", ["cat-file", "-e", head], in: repo).status != 0, "the reviewed head is gone")
        let ours = try Self.sinceReview(in: repo)
        #expect(ours.files == ["e.txt", "keep.txt"])
        #expect(ours.error == "treereview: warning: the reviewed head \(head.prefix(7)) cannot be read (gone after a force push?): "
                + "each file is compared with its viewed mark; a file not marked then counts as changed\n")
    }

    /// The loop: review, the author pushes a fix, `--since-review` shows it, it is marked,
    /// and `--since-review` shows nothing left.
    @Test func markingWhatChangedEndsTheLoop() throws {
        let (repo, head, _) = try Self.reviewed()
        try Self.script("""
            sed -i 's/^b line 1 of/b line one of/' b.txt
            commit "fix"
            """, in: repo)
        let header = CLIRunner.run(["main...feature", "--since-review"], in: repo)
        let firstLine = header.text.split(separator: "\n").first.map(String.init) ?? ""
        #expect(firstLine.hasPrefix("main...feature · 1 of 5 files changed"), "\(firstLine)")
        #expect(firstLine.contains(" · since your review at \(head.prefix(7))"), "\(firstLine)")
        #expect(CLIRunner.run(["viewed", "main...feature", "--", "b.txt"], in: repo).status == 0)
        let after = CLIRunner.run(["main...feature", "--since-review"], in: repo)
        let newHead = try Self.revision("feature", in: repo)
        #expect(after.text == "main...feature · 0 of 5 files changed · since your review at \(newHead.prefix(7))\n", "\(after.text)")
        #expect(try Self.sinceReview(in: repo, arguments: ["--since", head]).files == ["b.txt"], "--since names the head")
    }

    @Test func jsonMarksTheFilesAndNamesTheReview() throws {
        let (repo, head, base) = try Self.reviewed()
        try Self.script("""
            sed -i 's/^a line 1 of/a line one of/' a.txt
            commit "fix"
            """, in: repo)
        let outcome = CLIRunner.run(["--format", "json", "main...feature", "--since-review"], in: repo)
        #expect(try SchemaValidator.errors(outcome.output) == [])
        let json = try CLIRunner.json(["main...feature", "--since-review"], in: repo)
        let comparison = try #require(json["comparison"] as? [String: Any])
        let since = try #require(comparison["sinceReview"] as? [String: Any])
        #expect(since["head"] as? String == head && since["base"] as? String == base)
        #expect(since["changed"] as? Int == 1 && since["files"] as? Int == 5 && since["revision"] is NSNull)
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == ["a.txt"])
        #expect(files.allSatisfy { $0["changedSinceReview"] as? Bool == true })
    }

    @Test(arguments: [
        (["--since-review"], "treereview: no review of these files is recorded: mark them viewed in a comparison of commits "
            + "(treereview viewed, or v in treereview -i), or name the head reviewed with --since <rev>"),
        (["HEAD", "--since-review"], "treereview: --since-review compares two commits, such as main...feature, not the index or the working tree"),
        (["--since", "nowhere"], "treereview: unknown revision 'nowhere'"),
        (["--stdin", "--since-review"], "treereview: --since-review and --since do not apply to --stdin: they read the comparison as it was at a review"),
    ])
    func badUsesAreOneLine(arguments: [String], message: String) throws {
        let repo = try Fixtures.fresh("since-review")
        let comparison = arguments.first == "HEAD" || arguments.first == "--stdin" ? [] : ["main...feature"]
        let outcome = CLIRunner.run(comparison + arguments, in: repo)
        #expect(outcome.status == 2 && outcome.output.isEmpty)
        #expect(outcome.error.hasPrefix(message), "\(outcome.error)")
        #expect(outcome.errorLines.count == 1)
    }
}
