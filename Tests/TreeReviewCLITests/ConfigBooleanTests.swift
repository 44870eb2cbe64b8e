import Testing
import TestSupport
@testable import TreeReviewCLI

/// `treereview.*` switches read as git reads booleans (`git config --type=bool`): an empty
/// value is false, any number but zero is true, `on` is true, and a value git refuses stops
/// the run with one line naming the key, exit 2. Each case through the real run, against
/// git's own reading of the same repository's configuration.
struct ConfigBooleanTests {
    @Test(arguments: [("", false), ("2", true), ("on", true), ("maybe", nil), ("0x0", false), ("-1", true), ("1k", true)] as [(String, Bool?)])
    func flattenIsReadAsGitReadsABoolean(_ value: String, _ expected: Bool?) throws {
        let repo = try Fixtures.fresh("branches")
        try Shell.git(["config", "treereview.flatten", value], in: repo)
        let git = try Shell.run("git", ["config", "--type=bool", "treereview.flatten"], in: repo)
        #expect((git.status == 0 ? git.text == "true\n" : nil) == expected, "git reads '\(value)' so")
        let outcome = CLIRunner.run(["main...feature"], in: repo)
        guard let expected else {
            #expect(outcome.status == 2)
            #expect(outcome.output.isEmpty)
            #expect(outcome.errorLines.count == 1)
            #expect(outcome.error.contains("treereview.flatten") && outcome.error.contains("'\(value)'"), "\(outcome.error)")
            return
        }
        try Shell.git(["config", "--unset", "treereview.flatten"], in: repo)
        let flattened = CLIRunner.run(["--flatten", "main...feature"], in: repo)
        let unflattened = CLIRunner.run(["--no-flatten", "main...feature"], in: repo)
        #expect(flattened.output != unflattened.output, "the fixture shows the difference")
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output == (expected ? flattened : unflattened).output)
    }

    @Test(arguments: [("", "never"), ("1", "auto"), ("off", "never"), ("Always", "always"), ("sometimes", nil)] as [(String, String?)])
    func colorIsReadAsGitReadsColorUI(_ value: String, _ expected: String?) throws {
        let repo = try Fixtures.fresh("branches")
        try Shell.git(["config", "treereview.color", value], in: repo)
        let outcome = CLIRunner.run(["main...feature"], in: repo, terminal: true)
        guard let expected else {
            #expect(outcome.status == 2)
            #expect(outcome.errorLines.count == 1)
            #expect(outcome.error.contains("treereview.color"), "\(outcome.error)")
            return
        }
        try Shell.git(["config", "--unset", "treereview.color"], in: repo)
        let reference = CLIRunner.run(["--color=\(expected)", "main...feature"], in: repo, terminal: true)
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output == reference.output)
    }

    /// `treereview.pager` is `pager.<command>` to git: a value git reads as a boolean switches
    /// paging, any other names the pager.
    @Test func pagerValuesAreBooleansWhereGitReadsABoolean() throws {
        let directory = try Fixtures.temporaryDirectory()
        let file = directory + "/config"
        var kinds: Set<String> = []
        for value in ["", "1k", "0x0", " 1", "-0", "2147483648", "1 ", "YES", "nO", "less -S", "0k", "9g"] {
            try Shell.git(["config", "-f", file, "treereview.pager", value], in: directory)
            let git = try Shell.run("git", ["config", "-f", file, "--type=bool", "treereview.pager"], in: directory)
            let expected: Pager.Request = git.status != 0 ? .command(value) : git.text == "true\n" ? .usual : .off
            #expect(Pager.Request.fromConfig(value) == expected, "'\(value)'")
            switch expected {
            case .off: kinds.insert("off")
            case .usual: kinds.insert("on")
            case .command: kinds.insert("command")
            }
        }
        #expect(kinds == ["on", "off", "command"], "the values reach every reading")
    }
}
