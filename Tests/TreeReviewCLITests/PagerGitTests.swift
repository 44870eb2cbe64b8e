import Foundation
import Testing
import TestSupport

/// treereview picks the pager git picks: `git log` and `treereview` run on a pseudo-terminal
/// with the same `GIT_PAGER`, `PAGER` and `core.pager`, `pager.log` set as `treereview.pager`,
/// and `git -p`/`-P` given as `--paginate`/`-P`; each pager says its name. The default pager
/// (git's build-time choice: `less`, or `pager` on Debian) is a stand-in on `PATH`.
struct PagerGitTests {
    /// A pager that prints `chosen=<name>` and reads its input.
    private static func pager(_ name: String) -> String { "echo chosen=\(name); cat >/dev/null" }

    /// One case: the variables, `core.pager`, `pager.log` (= `treereview.pager`), the option.
    struct Case: Sendable {
        var gitPager: String? = nil
        var userPager: String? = nil
        var corePager: String? = nil
        var perCommand: String? = nil
        var option: (git: String, treereview: String) = ("", "")
    }

    private static let paginate = ("-p", "--paginate"), noPager = ("-P", "-P")

    static let cases: [Case] = [
        Case(),
        Case(userPager: pager("PAGER")),
        Case(userPager: "cat"),
        Case(userPager: pager("PAGER"), corePager: pager("core.pager")),
        Case(gitPager: pager("GIT_PAGER"), corePager: pager("core.pager")),
        Case(gitPager: "", corePager: pager("core.pager")),
        Case(userPager: pager("PAGER"), corePager: pager("core.pager"), perCommand: pager("command")),
        Case(gitPager: pager("GIT_PAGER"), perCommand: pager("command")),
        Case(gitPager: pager("GIT_PAGER"), perCommand: "false"),
        Case(userPager: pager("PAGER"), perCommand: "false", option: paginate),
        Case(corePager: pager("core.pager"), perCommand: pager("command"), option: paginate),
        Case(userPager: pager("PAGER"), perCommand: "true"),
        Case(userPager: pager("PAGER"), perCommand: ""),
        Case(corePager: pager("core.pager"), perCommand: "2"),
        Case(userPager: pager("PAGER"), perCommand: "0"),
        Case(perCommand: "cat"),
        Case(gitPager: pager("GIT_PAGER"), option: noPager),
        Case(perCommand: pager("command"), option: noPager),
        Case(perCommand: "off", option: paginate),
    ]

    @Test func bothChooseTheSamePager() throws {
        let repo = try Fixtures.fresh("branches")
        let tools = try Fixtures.temporaryDirectory()
        for name in ["less", "pager"] {
            try ExecutableFile.write("#!/bin/sh\n\(Self.pager("default"))\n", to: tools + "/" + name)
        }
        let path = tools + ":" + (TestEnvironment.variables()["PATH"] ?? "/usr/bin:/bin")
        var chosen: Set<String> = []
        for example in Self.cases {
            var environment = ["PATH": path]
            environment["GIT_PAGER"] = example.gitPager
            environment["PAGER"] = example.userPager
            try set("core.pager", example.corePager, in: repo)
            try set("pager.log", example.perCommand, in: repo)
            try set("treereview.pager", example.perCommand, in: repo)
            let git = try PagerTerminal.run("git \(example.option.git) log --oneline -1", in: repo, environment: environment)
            let ours = try PagerTerminal.run(PagerTerminal.treereview("main...feature") + " \(example.option.treereview)",
                                             in: repo, environment: environment)
            let expected = Self.choice(in: git.text)
            #expect(Self.choice(in: ours.text) == expected, "\(example)")
            chosen.insert(expected)
        }
        #expect(chosen == ["none", "GIT_PAGER", "PAGER", "core.pager", "command", "default"], "the cases reach every outcome")
    }

    private static func choice(in text: String) -> String {
        text.firstMatch(of: /chosen=(\S+)/).map { String($0.output.1) } ?? "none"
    }

    private func set(_ key: String, _ value: String?, in repo: String) throws {
        if let value {
            try Shell.git(["config", key, value], in: repo)
        } else {
            _ = try Shell.run("git", ["config", "--unset-all", key], in: repo)
        }
    }
}
