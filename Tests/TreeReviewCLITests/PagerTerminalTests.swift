import Foundation
import Testing
import TestSupport

/// The built `treereview` on a pseudo-terminal, with a stand-in pager that records what it
/// got: output to a terminal is paged, with its colors, and treereview waits for the pager.
struct PagerTerminalTests {
    private static let wide = ["COLUMNS": "500"]

    @Test func terminalOutputGoesThroughThePagerWithItsColors() throws {
        let repo = try Fixtures.repository("branches")
        let pager = try PagerTerminal.Recorder()
        let run = try PagerTerminal.run(PagerTerminal.treereview("main...feature"), in: repo,
                                        environment: Self.wide.merging(["GIT_PAGER": pager.command]) { $1 })
        #expect(run.status == 0)
        #expect(pager.ran)
        #expect(pager.finished, "treereview exited only after its pager did")
        #expect(run.text.isEmpty, "nothing bypassed the pager: \(run.text)")
        let expected = CLIRunner.run(["main...feature"], in: repo, environment: Self.wide, terminal: true)
        #expect(expected.text.contains("\u{1B}["), "a terminal gets color by default")
        #expect(pager.input == expected.output, "the pager got exactly the terminal's output, colors included")
        #expect(pager.environment.contains("LESS=FRX"))
        #expect(pager.environment.contains("LV=-c"))
    }

    @Test func theUsersLessOptionsAreKeptAndColorsFollowTheOption() throws {
        let repo = try Fixtures.repository("branches")
        let pager = try PagerTerminal.Recorder()
        let run = try PagerTerminal.run(PagerTerminal.treereview("--color=never", "main...feature"), in: repo,
                                        environment: ["GIT_PAGER": pager.command, "LESS": "-S", "LV": ""])
        #expect(run.status == 0)
        #expect(pager.environment.contains("LESS=-S"))
        #expect(pager.environment.contains("LV="))
        #expect(!pager.input.isEmpty)
        #expect(!pager.input.contains(0x1B), "--color=never is never")
    }

    @Test func thePagerStartsWithDefaultSignalHandling() throws {
        let repo = try Fixtures.repository("branches")
        let pager = try PagerTerminal.Recorder()
        _ = try PagerTerminal.run(PagerTerminal.treereview("main...feature"), in: repo, environment: ["GIT_PAGER": pager.command])
        let ignored = try #require(pager.ignoredSignals)
        #expect(ignored.isDisjoint(with: [SIGINT, SIGQUIT, SIGPIPE]), "treereview ignores SIGPIPE, its pager does not: \(ignored)")
    }

    @Test func corePagerFromTheRepositoryIsUsed() throws {
        let repo = try Fixtures.fresh("branches")
        let pager = try PagerTerminal.Recorder()
        try Shell.git(["config", "core.pager", pager.command], in: repo)
        _ = try PagerTerminal.run(PagerTerminal.treereview("main...feature"), in: repo, environment: ["PAGER": "false"])
        #expect(pager.ran)
    }

    @Test func noPagerAndTreereviewPagerFalseWriteStraightToTheTerminal() throws {
        let repo = try Fixtures.fresh("branches")
        let plain = CLIRunner.run(["--color=never", "main...feature"], in: repo, environment: Self.wide, terminal: true).text
        for (arguments, configured) in [(["--no-pager"], nil), (["-P"], nil), ([], "false"), ([], "off")] as [([String], String?)] {
            if let configured { try Shell.git(["config", "treereview.pager", configured], in: repo) }
            let pager = try PagerTerminal.Recorder()
            let run = try PagerTerminal.run(PagerTerminal.treereview("--color=never", "main...feature") + " " + arguments.joined(separator: " "),
                                            in: repo, environment: Self.wide.merging(["GIT_PAGER": pager.command]) { $1 })
            #expect(run.status == 0)
            #expect(!pager.ran, "\(arguments) \(configured ?? "")")
            #expect(run.text == plain)
        }
        let pager = try PagerTerminal.Recorder()
        _ = try PagerTerminal.run(PagerTerminal.treereview("--paginate", "main...feature"), in: repo,
                                  environment: ["GIT_PAGER": pager.command])
        #expect(pager.ran, "--paginate overrides treereview.pager=off")
    }

    @Test func treereviewPagerNamesThePagerCommand() throws {
        let repo = try Fixtures.fresh("branches")
        let pager = try PagerTerminal.Recorder()
        try Shell.git(["config", "treereview.pager", PagerTerminal.quoted(pager.command) + " --an-argument"], in: repo)
        _ = try PagerTerminal.run(PagerTerminal.treereview("main...feature"), in: repo, environment: ["PAGER": "false"])
        #expect(pager.ran)
    }

    @Test func outputToAPipeIsNeverPaged() throws {
        let repo = try Fixtures.repository("branches")
        let pager = try PagerTerminal.Recorder()
        let run = try PagerTerminal.run(PagerTerminal.treereview("--paginate", "main...feature") + " | cat", in: repo,
                                        environment: ["GIT_PAGER": pager.command])
        #expect(run.status == 0)
        #expect(!pager.ran)
        #expect(run.text == CLIRunner.run(["main...feature"], in: repo).text)
    }

    @Test(arguments: ["true", "head -1", "exit 3"])
    func aPagerThatQuitsEarlyEndsTreereviewQuietly(_ command: String) throws {
        let directory = try Fixtures.temporaryDirectory()
        let paths = (1...20_000).map { "dir\($0)/file\($0).txt\n" }.joined()
        try paths.write(toFile: directory + "/paths", atomically: true, encoding: .utf8)
        let run = try PagerTerminal.run(PagerTerminal.treereview("--stdin") + " < paths", in: directory,
                                        environment: ["GIT_PAGER": command])
        #expect(run.status == 0)
        let expected = command == "head -1" ? "stdin · 20000 files changed\n" : ""
        #expect(run.text == expected, "only what the pager printed, no message")
    }
}
