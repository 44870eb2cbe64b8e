import Foundation
import Testing
import TestSupport

/// `X^!`, `X^-<n>` and `X^@` on the command line: what git refuses, treereview refuses in one
/// line naming the same argument; what git shows as a combined diff, treereview refuses too.
struct RevisionFormTests {
    private func refusal(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let repo = try Fixtures.repository("merges")
        let outcome = CLIRunner.run(arguments, in: repo)
        #expect(outcome.status == 2, sourceLocation: sourceLocation)
        #expect(outcome.output.isEmpty, sourceLocation: sourceLocation)
        #expect(outcome.errorLines.count == 1, "\(outcome.error)", sourceLocation: sourceLocation)
        return outcome.error
    }

    private var root: String {
        get throws {
            try Shell.git(["rev-list", "--max-parents=0", "HEAD"], in: try Fixtures.repository("merges")).text
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    @Test func revisionsGitDoesNotKnowAreUnknownRevisionsNamedAsWritten() throws {
        let repo = try Fixtures.repository("merges")
        for argument in ["HEAD~1^-4", "HEAD^-2", "\(try root)^-", "HEAD^-0", "HEAD^-x", "HEAD^{tree}^!", "nope^!", "nope^-"] {
            let git = try Shell.run("git", ["diff", "--name-only", argument], in: repo)
            #expect(git.status == 128)
            #expect(git.error.contains("'\(argument)': unknown revision"), "\(git.error)")
            let ours = try refusal([argument])
            #expect(ours == "treereview: unknown revision '\(argument)'\n"
                || ours.hasPrefix("treereview: ambiguous argument '\(argument)': unknown revision or path not in the working tree; "),
                    "\(ours)")
            #expect(try refusal([argument, "--"]) == "treereview: unknown revision '\(argument)'\n")
        }
    }

    @Test func theIndexIsComparedWithOneRevisionOnly() throws {
        let repo = try Fixtures.repository("merges")
        for argument in ["HEAD^!", "HEAD^-", "HEAD~1^-2", "HEAD~2^@"] {
            #expect(try Shell.run("git", ["diff", "--cached", argument], in: repo).status == 129, "git's usage error")
            #expect(try refusal(["--staged", argument]) == "treereview: --staged compares one revision with the index, not '\(argument)'\n")
        }
        let rootAlone = CLIRunner.run(["--staged", "--format", "plain", "\(try root)^!"], in: repo)
        let git = try Shell.run("git", ["diff", "--cached", "--name-only", "\(try root)^!"], in: repo)
        #expect(rootAlone.status == 0 && git.status == 0)
        #expect(rootAlone.text.split(separator: "\n").sorted() == git.text.split(separator: "\n").sorted())
    }

    @Test func aMergeCommitAloneIsRefusedWithTheWayToOneParent() throws {
        let repo = try Fixtures.repository("merges")
        let message = try refusal(["HEAD~1^!"])
        #expect(message == "treereview: 'HEAD~1^!' is a merge of 3 parents, whose changes only a combined diff shows; compare it with one parent ('HEAD~1^-1')\n")
        let combined = try Shell.run("git", ["diff", "--raw", "HEAD~2^!"], in: repo)
        #expect(combined.status == 0, "git answers with a combined diff, which has no single status per file")
        let suggested = CLIRunner.run(["--format", "plain", "HEAD~1^-1"], in: repo)
        let git = try Shell.git(["diff", "--name-only", "HEAD~1^-1"], in: repo)
        #expect(suggested.status == 0)
        #expect(suggested.text.split(separator: "\n").sorted() == git.text.split(separator: "\n").sorted())
        #expect(try refusal(["HEAD~1^@"]).contains("names 3 parents"))
        #expect(try refusal(["\(try root)^@"]).contains("no parents"))
    }

    @Test func aParentFormCannotBeCombinedWithAnotherRevision() throws {
        #expect(try refusal(["HEAD^!", "HEAD"]) == "treereview: a range cannot be combined with another revision: 'HEAD^!'\n")
        #expect(try refusal(["HEAD", "HEAD~1^-2"]) == "treereview: a range cannot be combined with another revision: 'HEAD~1^-2'\n")
    }

    @Test func theJSONNamesWhatWasCompared() throws {
        let repo = try Fixtures.repository("merges")
        func comparison(_ arguments: [String]) throws -> [String: String] {
            (try CLIRunner.json(arguments, in: repo)["comparison"] as? [String: Any] ?? [:]).compactMapValues { $0 as? String }
        }
        let parent = try Shell.git(["rev-parse", "HEAD^", "HEAD"], in: repo).text.split(separator: "\n").map(String.init)
        #expect(try comparison(["HEAD^!"]) == ["mode": "commits", "spec": "HEAD^!", "old": parent[0], "new": parent[1]])
        #expect(try comparison(["\(try root)^!"]) == ["mode": "worktree", "spec": "\(try root)^!", "old": try root])
        #expect(try comparison(["--staged", "\(try root)^!"])["mode"] == "staged")
    }
}
