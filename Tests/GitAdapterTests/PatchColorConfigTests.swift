import Testing
import TestSupport
@testable import GitAdapter

/// Whether diffs are colored on a terminal and the color slots' values, against
/// `git config --get-colorbool` and `git config --get`.
struct PatchColorConfigTests {
    static let settings: [[String]] = [
        [], ["color.ui=false"], ["color.ui=never"], ["color.ui=always"], ["color.ui=auto"], ["color.ui=off"],
        ["color.ui=true"], ["color.ui=0"], ["color.diff=false"], ["color.ui=false", "color.diff=auto"],
        ["color.ui=true", "color.diff=no"], ["color.diff=always", "color.diff=never"], ["color.ui"],
    ]

    @Test(arguments: settings)
    func colorOnATerminalFollowsGit(_ setting: [String]) throws {
        let path = try Fixtures.fresh("empty")
        for pair in setting {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 {
                try Shell.git(["config", "--add", parts[0], parts[1]], in: path)
            } else {
                try Shell.run("sh", ["-c", "printf '[color]\\n\\tui\\n' >> .git/config"], in: path)
            }
        }
        let git = try Shell.run("git", ["config", "--get-colorbool", "color.diff", "true"], in: path,
                                environment: ["TERM": "xterm"]).text
        let config = try PatchOracle.open(path).readConfig()
        #expect(config.colorsDiffOnTerminal == (git == "true\n"), "\(setting)")
    }

    /// git reads `color.diff.<slot>` and `diff.color.<slot>` alike: the later one wins; a
    /// subsection in another case (`[diff "Color"]`) is not theirs.
    @Test func aColorSlotTakesItsLastValueUnderEitherName() throws {
        let path = try Fixtures.fresh("patches")
        for (key, value) in [("color.diff.meta", "blue"), ("diff.color.meta", "red"), ("diff.color.old", "green"),
                             ("color.diff.new", "yellow"), ("color.diff.new", "bold cyan"), ("Diff.Color.Frag", "ul"), ("Color.Diff.Func", "blue")] {
            try Shell.git(["config", "--add", key, value], in: path)
        }
        let colors = try PatchOracle.open(path).readConfig().diffColors
        #expect(colors == ["meta": "red", "old": "green", "new": "bold cyan"])
        let git = try Shell.git(["diff", "--color=always", "HEAD~1..HEAD", "--", "code.c"], in: path).text
        #expect(git.hasPrefix("\u{1B}[31mdiff --git"))
        #expect(git.contains("\u{1B}[36m@@ ") && !git.contains("\u{1B}[34m"))
    }
}
