import Foundation
import Testing
import TestSupport
@testable import TreeReviewCLI

/// A git hook never waits on a pager (``GitHook``): the README's pre-commit hook in a real
/// `git commit` on a terminal (tmux), with more staged files than the screen has rows; and
/// the pager a `!` alias run from the same terminal still starts.
struct HookPagerTests {
    /// A repository with `count` new files staged, each a line of its own in the tree.
    static func stagedRepository(files count: Int) throws -> String {
        let repo = try Fixtures.temporaryDirectory() + "/staged"
        try Shell.run("sh", ["-c", """
            set -e
            git init -q "$1" && cd "$1"
            i=0; while [ $i -lt \(count) ]; do i=$((i + 1)); echo "line $i" > "file$i.txt"; done
            git add .
            """, "sh", repo])
        return repo
    }

    /// A terminal of 24 rows whose shell has the tests' git configuration and `less`.
    static func terminal() async throws -> TmuxPane {
        try RequiredTool.require("less")
        return try await TmuxPane(columns: 80, rows: 24, environment: TestEnvironment.isolation.merging(["TERM": "xterm"]) { _, given in given })
    }

    static let commit = "git -c user.name=T -c user.email=t@example.com commit -q -m hooked"

    @Test func theReadmeHookDoesNotStopTheCommitAtThePager() async throws {
        let hook = ReadmeDocument.block(after: "## Before a commit")
        #expect(hook == ["#!/bin/sh", "treereview --staged"])
        let repo = try Self.stagedRepository(files: 80)
        try PreCommitHookTests.installHook(hook.dropFirst().joined(separator: "\n"), in: repo)
        let pane = try await Self.terminal()
        try pane.run("cd '\(repo)' && \(Self.commit); echo \"commit ended: $?\"")
        let screen = try await pane.waitForScreen("the commit's end or a pager's prompt") { rows in
            rows.contains { $0.hasPrefix("commit ended: ") } || rows.last == ":" || rows.last == "(END)"
        }
        #expect(screen.contains("commit ended: 0"), "the commit waits at the pager:\n\(screen.joined(separator: "\n"))")
        #expect(screen.contains { $0.hasPrefix("A  file9.txt") }, "the hook's tree, written to the terminal")
        #expect(try Shell.git(["rev-list", "--count", "HEAD"], in: repo).text == "1\n")
        if screen.last == ":" { try pane.press("q") }
    }

    @Test func anAliasOnTheTerminalStillPages() async throws {
        let repo = try Self.stagedRepository(files: 80)
        let pane = try await Self.terminal()
        let alias = "alias.tr=!'\(Binary.path)' --staged"
        try pane.run("cd '\(repo)' && git -c \(PagerTerminal.quoted(alias)) tr; echo \"alias ended: $?\"")
        let screen = try await pane.waitForScreen("less's prompt or the alias's end") { rows in
            rows.contains { $0.hasPrefix("alias ended: ") } || rows.last == ":"
        }
        #expect(screen.last == ":", "no pager:\n\(screen.joined(separator: "\n"))")
        #expect(screen.first?.hasPrefix("HEAD → index · 80 files changed") == true)
        try pane.press("q")
        try await pane.waitFor("alias ended: 0")
    }

    /// The rule on its own: who started treereview, and what its standard input is.
    @Test(arguments: [
        (["GIT_EXEC_PATH": "/usr/lib/git-core", "GIT_INDEX_FILE": ".git/index"], false as Bool?, true),
        (["GIT_EXEC_PATH": "/usr/lib/git-core"], false, true),
        (["GIT_EXEC_PATH": "/usr/lib/git-core", "GIT_PREFIX": ""], true, false),
        (["GIT_EXEC_PATH": "/usr/lib/git-core"], nil, false),
        (["GIT_INDEX_FILE": ".git/index"], false, false),
        ([:], false, false),
    ])
    func aHookIsAChildOfGitWithoutTheTerminalAsInput(environment: [String: String], terminalInput: Bool?, isHook: Bool) {
        #expect(GitHook.isRunning(environment: environment, standardInputIsTerminal: terminalInput) == isHook)
    }

    @Test func inAHookOnlyPaginateStartsThePager() throws {
        let hook = ["GIT_EXEC_PATH": "/usr/lib/git-core"]
        func paging(_ arguments: [String], config: [String: [String]] = [:]) throws -> Pager.Request {
            try Settings.resolve(try ArgumentParser.parse(arguments), config: config, environment: hook,
                                 standardInputIsTerminal: false).paging
        }
        #expect(try paging(["--staged"]) == .off)
        #expect(try paging(["--staged"], config: ["treereview.pager": ["less -S"]]) == .off)
        #expect(try paging(["--staged", "--paginate"]) == .usual)
        #expect(try Settings.resolve(try ArgumentParser.parse([]), config: [:], environment: hook,
                                     standardInputIsTerminal: true).paging == .usual)
    }
}
