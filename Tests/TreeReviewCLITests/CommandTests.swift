import Foundation
import Testing
import TestSupport
@testable import TreeReviewCLI

struct CommandTests {
    @Test func jsonDescribesTheComparison() throws {
        let repo = try Fixtures.repository("branches")
        let json = try CLIRunner.json(["main...feature"], in: repo)
        let comparison = try #require(json["comparison"] as? [String: Any])
        #expect(comparison["mode"] as? String == "mergeBase")
        #expect(comparison["spec"] as? String == "main...feature")
        let base = try Shell.git(["merge-base", "main", "feature"], in: repo).text.trimmingCharacters(in: .whitespacesAndNewlines)
        let feature = try Shell.git(["rev-parse", "feature"], in: repo).text.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(comparison["old"] as? String == base)
        #expect(comparison["new"] as? String == feature)
    }

    @Test func modesOfEveryComparison() throws {
        let repo = try Fixtures.repository("worktree")
        let worktree = try CLIRunner.json([], in: repo)["comparison"] as? [String: Any]
        #expect(worktree?["mode"] as? String == "worktree")
        #expect(worktree?["new"] is NSNull)
        let staged = try CLIRunner.json(["--cached"], in: repo)["comparison"] as? [String: Any]
        #expect(staged?["mode"] as? String == "staged")
        let branches = try Fixtures.repository("branches")
        let commits = try CLIRunner.json(["main", "feature"], in: branches)["comparison"] as? [String: Any]
        #expect(commits?["mode"] as? String == "commits")
    }

    @Test func exitCodeReportsChanges() throws {
        let repo = try Fixtures.repository("branches")
        #expect(CLIRunner.run(["--exit-code", "main..feature"], in: repo).status == 1)
        #expect(CLIRunner.run(["--exit-code", "main..main"], in: repo).status == 0)
        #expect(CLIRunner.run(["main..feature"], in: repo).status == 0)
    }

    @Test func discoversTheRepositoryFromASubdirectory() throws {
        let repo = try Fixtures.repository("branches")
        let fromTop = CLIRunner.run(["--format", "plain", "main..feature"], in: repo)
        let fromBelow = CLIRunner.run(["--format", "plain", "-C", "Sources/App", "main..feature"], in: repo)
        #expect(fromBelow.status == 0)
        #expect(fromBelow.output == fromTop.output)
        #expect(fromTop.text.contains("Sources/App/Model/New/Added.swift\n"))
    }

    @Test func noStatReadsNoContent() throws {
        let repo = try Fixtures.repository("branches")
        let json = try CLIRunner.json(["--no-stat", "main..feature"], in: repo)
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["insertions"] is NSNull)
        #expect(summary["binary"] is NSNull)
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.allSatisfy { $0["insertions"] is NSNull && $0["deletions"] is NSNull && $0["binary"] is NSNull })
    }

    @Test func nulTerminatedPathsAreExact() throws {
        let repo = try Fixtures.repository("hostile-names")
        let ours = CLIRunner.run(["-z", "HEAD~1..HEAD"], in: repo)
        let git = try Shell.git(["diff", "-z", "--name-only", "HEAD~1..HEAD"], in: repo)
        #expect(ours.status == 0)
        #expect(ours.output == git.output)
    }

    @Test func helpListsEveryOptionAndVersionPrints() throws {
        let help = CLIRunner.run(["--help"], in: "/")
        #expect(help.status == 0)
        for spec in OptionTable.all {
            for name in spec.longNames { #expect(help.text.contains("--\(name)"), "\(name)") }
            if let short = spec.short { #expect(help.text.contains("-\(short)")) }
        }
        let version = CLIRunner.run(["--version"], in: "/")
        #expect(version.text == "treereview \(TreeReview.version)\n")
    }

    @Test func colorFollowsTheOptionAndTheEnvironment() {
        #expect(ColorDecision.useColor(.auto, environment: [:], isTerminal: true))
        #expect(!ColorDecision.useColor(.auto, environment: [:], isTerminal: false))
        #expect(!ColorDecision.useColor(.auto, environment: ["NO_COLOR": "1"], isTerminal: true))
        #expect(ColorDecision.useColor(.auto, environment: ["NO_COLOR": ""], isTerminal: true))
        #expect(!ColorDecision.useColor(.auto, environment: ["TERM": "dumb"], isTerminal: true))
        #expect(ColorDecision.useColor(.auto, environment: ["CLICOLOR_FORCE": "1"], isTerminal: false))
        #expect(!ColorDecision.useColor(.auto, environment: ["CLICOLOR_FORCE": "0"], isTerminal: false))
        #expect(ColorDecision.useColor(.always, environment: ["NO_COLOR": "1"], isTerminal: false))
        #expect(!ColorDecision.useColor(.never, environment: ["CLICOLOR_FORCE": "1"], isTerminal: true))
    }

    @Test func colorReachesTheOutputOnlyWhenAsked() throws {
        let repo = try Fixtures.repository("branches")
        let plain = CLIRunner.run(["main..feature"], in: repo, environment: ["NO_COLOR": "1"], terminal: true)
        let colored = CLIRunner.run(["--color=always", "main..feature"], in: repo)
        #expect(!plain.output.contains(0x1B))
        #expect(colored.output.contains(0x1B))
    }

    @Test func aClosedPipeEndsQuietly() throws {
        let repo = try Fixtures.repository("branches")
        let result = try Shell.run("bash", ["-c", "'\(Binary.path)' --format json main..feature | head -c 10 >/dev/null; echo \"${PIPESTATUS[0]}\" >&2"], in: repo)
        #expect(result.error == "0\n", "stderr: \(result.error)")
    }

    @Test func aBrokenPipeInProcessIsNotAnError() throws {
        final class ClosedSink: ByteSink {
            func write(_ bytes: [UInt8]) throws { throw BrokenPipe() }
        }
        let repo = try Fixtures.repository("branches")
        let error = BufferSink()
        let io = IO(standardOutput: ClosedSink(), standardError: error, outputIsTerminal: false, currentDirectory: repo)
        #expect(TreeReview.run(arguments: ["main..feature"], environment: TestEnvironment.variables(), io: io) == 0)
        #expect(error.bytes.isEmpty)
    }
}

/// `-l<n>` reaches the rename detector, with git's warning after the output.
struct RenameLimitOptionTests {
    @Test func aSmallLimitSkipsTheMatrixAndWarnsAsGitDoes() throws {
        let repo = try Fixtures.repository("branches")
        let outcome = CLIRunner.run(["--format", "plain", "-l1", "main...feature"], in: repo)
        let git = try Shell.run("git", ["diff", "--name-only", "-M", "-l1", "main...feature"], in: repo)
        #expect(outcome.status == 0)
        #expect(outcome.text == git.text)
        #expect(!outcome.error.isEmpty)
        #expect(outcome.error == git.error)
        let json = try CLIRunner.json(["-l1", "main...feature"], in: repo)
        let renamed = (json["files"] as? [[String: Any]])?.filter { $0["status"] as? String == "renamed" }.compactMap { $0["path"] as? String }
        #expect(renamed == ["Docs/guide/deep/start.md"], "only the exact rename survives the limit")
    }
}

/// JSON is pretty-printed for a person at a terminal and compact for a program.
struct JSONLayoutTests {
    @Test func prettyOnATerminalCompactWhenPiped() throws {
        let repo = try Fixtures.repository("branches")
        let piped = CLIRunner.run(["--format", "json", "main...feature"], in: repo)
        let terminal = CLIRunner.run(["--format", "json", "--color=never", "main...feature"], in: repo, terminal: true)
        #expect(piped.text.split(separator: "\n").count == 1)
        #expect(terminal.text.contains("\n  \"comparison\": {\n"))
        let a = try JSONSerialization.jsonObject(with: Data(piped.output)) as? NSDictionary
        let b = try JSONSerialization.jsonObject(with: Data(terminal.output)) as? NSDictionary
        #expect(a != nil && a == b)
    }
}
