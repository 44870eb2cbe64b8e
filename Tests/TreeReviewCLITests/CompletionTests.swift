import Foundation
import Testing
import TestSupport
@testable import TreeReviewCLI

/// `treereview completion bash|zsh|fish`, each script driven through its shell's completion
/// in a fixture repository.
struct CompletionTests {
    /// `HEAD` and every branch, tag and remote branch, as git lists them.
    private func revisions(_ repo: String) throws -> [String] {
        let listing = try Shell.git(["for-each-ref", "--format=%(refname:short)", "refs/heads", "refs/tags", "refs/remotes"], in: repo)
        return ["HEAD"] + listing.text.split(separator: "\n").map(String.init)
    }

    @Test func subcommandPrintsEachScriptAndRejectsAnUnknownShell() throws {
        let directory = try Fixtures.temporaryDirectory()
        for shell in CompletionShell.allCases {
            let outcome = CLIRunner.run(["completion", shell.rawValue], in: directory)
            #expect(outcome.status == 0)
            #expect(outcome.text == Completion.script(for: shell))
            #expect(outcome.text.contains("treereview completion \(shell.rawValue)"))
        }
        for arguments in [["completion", "tcsh"], ["completion"], ["completion", "bash", "zsh"]] {
            let outcome = CLIRunner.run(arguments, in: directory)
            #expect(outcome.status == 2, "\(arguments)")
            #expect(outcome.output.isEmpty)
            #expect(outcome.errorLines.count == 1)
            #expect(outcome.error.hasPrefix("treereview: "))
        }
        #expect(CLIRunner.run(["completion", "tcsh"], in: directory).error
            == "treereview: unknown shell 'tcsh' for completion: expected bash, zsh or fish\n")
        let help = CLIRunner.run(["completion", "--help"], in: directory)
        #expect(help.status == 0 && help.text.hasPrefix("usage: treereview completion bash|zsh|fish\n"))
    }

    @Test func scriptsParseInTheirShells() throws {
        #expect(try Shell.run("bash", ["-n", CompletionHarness.script(.bash)]).status == 0)
        if CompletionHarness.require("zsh", package: "zsh") {
            let result = try Shell.run("zsh", ["-n", CompletionHarness.script(.zsh)])
            #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
        }
        if CompletionHarness.require("fish", package: "fish") {
            let result = try Shell.run("fish", ["--no-execute", CompletionHarness.script(.fish)],
                                       environment: CompletionHarness.shellHome())
            #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
        }
    }

    @Test func scriptsNameOnlyWordsThatNeedNoQuoting() {
        let words = Completion.allNames + OptionTable.all.flatMap(\.choices) + Subcommand.all.map(\.name)
        for word in words {
            #expect(word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-._".contains($0)) }, "\(word)")
        }
    }

    @Test func bashCompletesEveryOptionHelpLists() throws {
        let repo = try CompletionHarness.repository()
        let offered = Set(try CompletionHarness.bash("treereview -", in: repo))
        let listed = HelpListing.optionNames(in: CLIRunner.run(["--help"], in: repo).text)
        #expect(listed.count > 20)
        #expect(Set(listed) == offered)
        #expect(try CompletionHarness.bash("treereview --fo", in: repo) == ["--format"])
        #expect(try CompletionHarness.bash("treereview --find-c", in: repo) == ["--find-copies", "--find-copies-harder"])
        #expect(try CompletionHarness.bash("treereview main --no-f", in: repo) == ["--no-flatten"])
    }

    @Test func bashCompletesTheValuesOfOptionsWithChoices() throws {
        let repo = try CompletionHarness.repository()
        #expect(try CompletionHarness.bash("treereview --format ", in: repo) == ["tree", "json", "markdown", "plain"])
        #expect(try CompletionHarness.bash("treereview --format=j", in: repo) == ["json"], "the part after = is replaced")
        #expect(try CompletionHarness.bash("treereview --color=", in: repo) == ["auto", "always", "never"])
        #expect(try CompletionHarness.bash("treereview --sort f", in: repo) == ["folders-first"])
        for spec in OptionTable.all where !spec.choices.isEmpty {
            for name in spec.longNames {
                #expect(try CompletionHarness.bash("treereview --\(name)=", in: repo) == spec.choices, "--\(name)=")
                if case .required = spec.value {
                    #expect(try CompletionHarness.bash("treereview --\(name) ", in: repo) == spec.choices, "--\(name)")
                }
            }
        }
        #expect(try CompletionHarness.bash("treereview --search ", in: repo).isEmpty, "free text: nothing offered")
        #expect(try CompletionHarness.bash("treereview -l ", in: repo).isEmpty)
    }

    @Test func bashCompletesRevisionsOnBothSidesOfARange() throws {
        let repo = try CompletionHarness.repository()
        let all = try revisions(repo)
        #expect(all.contains("v1.0") && all.contains("origin/topic"))
        #expect(try CompletionHarness.bash("treereview ", in: repo) == all + Subcommand.all.map(\.name))
        #expect(try CompletionHarness.bash("treereview fe", in: repo) == ["feature"])
        #expect(try CompletionHarness.bash("treereview v", in: repo) == ["v1.0", "viewed"])
        #expect(try CompletionHarness.bash("treereview origin/", in: repo) == ["origin/topic"])
        #expect(try CompletionHarness.bash("treereview main..fe", in: repo) == ["main..feature"])
        #expect(try CompletionHarness.bash("treereview main...fe", in: repo) == ["main...feature"])
        #expect(try CompletionHarness.bash("treereview fe..m", in: repo) == ["fe..main"])
        #expect(try CompletionHarness.bash("treereview main..", in: repo) == all.map { "main.." + $0 })
        #expect(try CompletionHarness.bash("treereview main fe", in: repo) == ["feature"], "the second revision")
        #expect(try CompletionHarness.bash("treereview main co", in: repo).isEmpty, "subcommands only come first")
    }

    @Test func bashAsksGitInTheDirectoryOfDashC() throws {
        let repo = try CompletionHarness.repository()
        let elsewhere = try Fixtures.temporaryDirectory()
        #expect(try CompletionHarness.bash("treereview main..fe", in: elsewhere).isEmpty)
        #expect(try CompletionHarness.bash("treereview -C \(repo) main..fe", in: elsewhere) == ["main..feature"])
        #expect(try CompletionHarness.bash("treereview -C\(repo) v", in: elsewhere) == ["v1.0"])
        let parent = URL(fileURLWithPath: repo).deletingLastPathComponent().path
        #expect(try CompletionHarness.bash("treereview -C \(parent)/bra", in: elsewhere) == [repo])
        #expect(try CompletionHarness.bash("treereview -C \(repo) -- Sou", in: elsewhere) == ["Sources"])
    }

    @Test func bashCompletesPathsAfterDashDash() throws {
        let repo = try CompletionHarness.repository()
        #expect(try CompletionHarness.bash("treereview main -- Sou", in: repo) == ["Sources"])
        let children = try FileManager.default.contentsOfDirectory(atPath: repo + "/Sources/App").map { "Sources/App/" + $0 }
        #expect(try Set(CompletionHarness.bash("treereview -- Sources/App/", in: repo)) == Set(children))
        #expect(try CompletionHarness.bash("treereview -- --fo", in: repo).isEmpty, "no options after --")
        #expect(try CompletionHarness.bash("treereview -- ma", in: repo).isEmpty, "no revisions after --")
    }

    @Test func bashCompletesSubcommandsAndTheirArguments() throws {
        let repo = try CompletionHarness.repository()
        #expect(try CompletionHarness.bash("treereview comp", in: repo) == ["completion"])
        #expect(try CompletionHarness.bash("treereview completion ", in: repo) == CompletionShell.allCases.map(\.rawValue))
        #expect(try CompletionHarness.bash("treereview completion z", in: repo) == ["zsh"])
        #expect(try CompletionHarness.bash("treereview completion bash ", in: repo).isEmpty)
        #expect(try CompletionHarness.bash("treereview he", in: repo) == ["help"])
        #expect(try CompletionHarness.bash("treereview exp", in: repo) == ["explain"])
        #expect(try CompletionHarness.bash("treereview help ", in: repo) == ["explain", "viewed", "unviewed", "completion", "help"])
        #expect(try CompletionHarness.bash("treereview help un", in: repo) == ["unviewed"])
        if CompletionHarness.require("fish", package: "fish") {
            #expect(try CompletionHarness.fish("treereview help un", in: repo) == ["unviewed"])
        }
    }

    @Test func everyShellCompletesPathsForASubcommandTakingPaths() throws {
        let repo = try CompletionHarness.repository()
        let subcommands = Subcommand.all
        #expect(Subcommand.named("viewed")?.arguments == .paths && Subcommand.named("unviewed")?.arguments == .paths)
        #expect(try CompletionHarness.bash("treereview vi", in: repo, subcommands: subcommands) == ["viewed"])
        #expect(try CompletionHarness.bash("treereview viewed Sou", in: repo, subcommands: subcommands) == ["Sources"])
        #expect(try CompletionHarness.bash("treereview viewed README.md Sources/App/Mo", in: repo, subcommands: subcommands)
            == ["Sources/App/Model"])
        #expect(try CompletionHarness.bash("treereview viewed ma", in: repo, subcommands: subcommands).isEmpty)
        #expect(try CompletionHarness.bash("treereview completion ", in: repo, subcommands: subcommands) == ["bash", "zsh", "fish"])
        if CompletionHarness.require("zsh", package: "zsh") {
            #expect(try CompletionHarness.zsh("treereview vi", in: repo, subcommands: subcommands) == ["viewed"])
            #expect(try CompletionHarness.zsh("treereview viewed Sou", in: repo, subcommands: subcommands) == ["Sources"])
        }
        if CompletionHarness.require("fish", package: "fish") {
            #expect(try CompletionHarness.fish("treereview vi", in: repo, subcommands: subcommands) == ["viewed"])
            #expect(try CompletionHarness.fish("treereview viewed Sou", in: repo, subcommands: subcommands) == ["Sources/"])
        }
    }

    @Test func zshCompletesOptionsValuesRevisionsAndPaths() throws {
        guard CompletionHarness.require("zsh", package: "zsh") else { return }
        let repo = try CompletionHarness.repository()
        #expect(try CompletionHarness.zsh("treereview --fo", in: repo) == ["--format"])
        #expect(try CompletionHarness.zsh("treereview --format ", in: repo) == ["tree", "json", "markdown", "plain"])
        #expect(try CompletionHarness.zsh("treereview --color=", in: repo) == ["--color=auto", "--color=always", "--color=never"])
        #expect(try CompletionHarness.zsh("treereview main..fe", in: repo) == ["main..feature"])
        #expect(try CompletionHarness.zsh("treereview main...fe", in: repo) == ["main...feature"])
        #expect(try Set(CompletionHarness.zsh("treereview ", in: repo)) == Set(try revisions(repo) + Subcommand.all.map(\.name)))
        #expect(try CompletionHarness.zsh("treereview -- Sou", in: repo) == ["Sources"])
        #expect(try CompletionHarness.zsh("treereview completion ", in: repo) == ["bash", "zsh", "fish"])
    }

    @Test func fishCompletesOptionsValuesRevisionsAndPaths() throws {
        guard CompletionHarness.require("fish", package: "fish") else { return }
        let repo = try CompletionHarness.repository()
        #expect(try CompletionHarness.fish("treereview --fo", in: repo) == ["--format"])
        #expect(try Set(CompletionHarness.fish("treereview --format ", in: repo)) == ["tree", "json", "markdown", "plain"])
        #expect(try Set(CompletionHarness.fish("treereview --color=", in: repo)) == ["--color=auto", "--color=always", "--color=never"])
        #expect(try CompletionHarness.fish("treereview main..fe", in: repo) == ["main..feature"])
        #expect(try CompletionHarness.fish("treereview main...fe", in: repo) == ["main...feature"])
        #expect(try Set(CompletionHarness.fish("treereview ", in: repo)) == Set(try revisions(repo) + Subcommand.all.map(\.name)))
        #expect(try CompletionHarness.fish("treereview -- Sou", in: repo) == ["Sources/"])
        #expect(try Set(CompletionHarness.fish("treereview completion ", in: repo)) == ["bash", "zsh", "fish"])
        #expect(try CompletionHarness.fish("treereview --search ", in: repo).isEmpty)
    }
}
