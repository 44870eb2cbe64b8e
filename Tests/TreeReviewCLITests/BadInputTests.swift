import Foundation
import Testing
import TestSupport

/// Each bad input: one line on stderr naming the problem, exit 2, nothing on stdout,
/// and the repository untouched.
struct BadInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let fixture: String
        let arguments: [String]
        let message: String
        var testDescription: String { "\(fixture): \(arguments.joined(separator: " "))" }
    }

    static let cases: [Case] = [
        Case(fixture: "branches", arguments: ["nope..main"], message: "ambiguous argument 'nope..main': unknown revision"),
        Case(fixture: "branches", arguments: ["nope..main", "--"], message: "unknown revision 'nope'"),
        Case(fixture: "branches", arguments: ["does-not-exist"],
             message: "ambiguous argument 'does-not-exist': unknown revision or path not in the working tree; use '--'"),
        Case(fixture: "branches", arguments: ["main....feature"], message: "malformed range 'main....feature'"),
        Case(fixture: "branches", arguments: [".."], message: "malformed range '..'"),
        Case(fixture: "unrelated", arguments: ["main...island"], message: "main...island: no merge base"),
        Case(fixture: "branches", arguments: ["--fromat", "json"], message: "unknown option '--fromat'; did you mean '--format'?"),
        Case(fixture: "branches", arguments: ["--format"], message: "option '--format' needs a value"),
        Case(fixture: "branches", arguments: ["--format", "xml"], message: "invalid value 'xml' for --format"),
        Case(fixture: "branches", arguments: ["-C"], message: "option '-C' needs a value"),
        Case(fixture: "branches", arguments: ["-C", "no/such/dir"], message: "cannot change to"),
        Case(fixture: "branches", arguments: ["-q"], message: "unknown option '-q'"),
        Case(fixture: "branches", arguments: ["main", "feature", "main"], message: "too many revisions"),
        Case(fixture: "branches", arguments: ["-M", "--find-renames=abc", "main..feature"], message: "invalid similarity 'abc'"),
        Case(fixture: "branches", arguments: ["--depth", "-1"], message: "invalid value '-1' for --depth: expected a whole number, 0 or more"),
        Case(fixture: "branches", arguments: ["--depth", "2x"], message: "invalid value '2x' for --depth"),
        Case(fixture: "branches", arguments: ["--depth="], message: "invalid value '' for --depth"),
        Case(fixture: "branches", arguments: ["-l", "-1"], message: "invalid value '-1' for -l: expected a whole number, 0 or more"),
        Case(fixture: "branches", arguments: ["-l1e3"], message: "invalid value '1e3' for -l"),
        Case(fixture: "branches", arguments: ["--status", "AZ"], message: "invalid status 'Z'"),
        Case(fixture: "branches", arguments: ["--sort", "bytes"], message: "invalid value 'bytes' for --sort"),
        Case(fixture: "branches", arguments: ["--search-mode", "hid"], message: "did you mean 'hide'?"),
        Case(fixture: "branches", arguments: ["--stdin", "main..feature"], message: "--stdin"),
        Case(fixture: "branches", arguments: ["--stdin", "-M"], message: "-M does not apply to --stdin: the change list already decided"),
        Case(fixture: "branches", arguments: ["-M50%", "--stdin"], message: "-M does not apply to --stdin"),
        Case(fixture: "branches", arguments: ["--stdin", "--find-renames=60"], message: "--find-renames does not apply to --stdin"),
        Case(fixture: "branches", arguments: ["--stdin", "--find-copies"], message: "--find-copies does not apply to --stdin"),
        Case(fixture: "branches", arguments: ["--stdin", "--find-copies-harder"], message: "--find-copies-harder does not apply to --stdin"),
        Case(fixture: "branches", arguments: ["--stdin", "--no-renames"], message: "--no-renames does not apply to --stdin"),
        Case(fixture: "branches", arguments: ["--stdin", "-l5"], message: "-l does not apply to --stdin"),
        Case(fixture: "branches", arguments: ["--stdin", "--no-untracked"], message: "--no-untracked does not apply to --stdin: the change list already decided"),
        Case(fixture: "branches", arguments: ["-z", "--format", "json", "main..feature"], message: "-z cannot go with --format json"),
        Case(fixture: "branches", arguments: ["--format=tree", "-z", "main..feature"], message: "-z cannot go with --format tree"),
        Case(fixture: "branches", arguments: ["--staged", "main..feature"], message: "--staged"),
        Case(fixture: "empty", arguments: ["HEAD~1..HEAD"], message: "HEAD has no commits yet"),
    ]

    @Test(arguments: cases)
    func failsWithOneLineAndLeavesTheRepositoryAlone(_ example: Case) throws {
        let repo = try Fixtures.repository(example.fixture)
        let index = FileManager.default.contents(atPath: repo + "/.git/index")
        let outcome = CLIRunner.run(example.arguments, in: repo)
        #expect(outcome.status == 2)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errorLines.count == 1)
        #expect(outcome.error.hasPrefix("treereview: "))
        #expect(outcome.error.contains(example.message), "\(outcome.error)")
        #expect(FileManager.default.contents(atPath: repo + "/.git/index") == index)
        #expect(!FileManager.default.fileExists(atPath: repo + "/.git/index.lock"))
    }

    @Test func outsideARepository() throws {
        let directory = try Fixtures.temporaryDirectory()
        let outcome = CLIRunner.run([], in: directory, environment: ["GIT_CEILING_DIRECTORIES": directory])
        #expect(outcome.status == 2)
        #expect(outcome.output.isEmpty)
        #expect(outcome.error.contains("not a git repository"))
    }

    @Test func bareRepositoryRefusesWorkingTreeComparisonsButComparesCommits() throws {
        let source = try Fixtures.repository("branches")
        let bare = try Fixtures.temporaryDirectory() + "/bare.git"
        try Shell.git(["clone", "-q", "--bare", source, bare], in: source)
        for arguments in [[], ["--staged"], ["main"]] {
            let outcome = CLIRunner.run(arguments, in: bare)
            #expect(outcome.status == 2)
            #expect(outcome.output.isEmpty)
            #expect(outcome.error.contains("bare repository"))
        }
        let range = CLIRunner.run(["--format", "plain", "main..feature"], in: bare)
        #expect(range.status == 0)
        #expect(range.text.contains("README.md"))
    }

    @Test func severalMergeBasesWarnAsGitDoes() throws {
        let repo = try Fixtures.repository("criss-cross")
        let outcome = CLIRunner.run(["--format", "plain", "main...other"], in: repo)
        let git = try Shell.run("git", ["diff", "--name-only", "main...other"], in: repo)
        #expect(outcome.status == 0)
        #expect(outcome.error == git.error)
        #expect(outcome.text == git.text)
    }
}
