import Foundation
import Testing
import TestSupport
@testable import TreeReviewCLI

/// Words without `--` told apart as git tells them, and `--merge-base`, against `git diff`
/// on a repository built here: `main` (README.md, docs/guide.md, src/a.c) with a branch
/// `docs` (also a directory), a branch `side` from `main~1`, and README.md edited in the
/// working tree.
struct RevisionOrPathTests {
    static let script = """
        set -e
        git init -q -b main .
        mkdir docs src
        echo one > README.md; echo guide > docs/guide.md; echo a > src/a.c
        git add . && git commit -qm one
        echo two >> src/a.c && git commit -qam two
        git branch docs
        git branch side HEAD~1
        git checkout -q side && echo side > side.txt && git add side.txt && git commit -qm side && git checkout -q main
        echo three >> README.md && echo b > src/b.c && git add src/b.c && git commit -qm three
        echo edited >> README.md
        """

    static let repository: String = {
        let directory = (try? Fixtures.temporaryDirectory()) ?? NSTemporaryDirectory()
        let environment = ["GIT_AUTHOR_NAME": "a", "GIT_AUTHOR_EMAIL": "a@x", "GIT_COMMITTER_NAME": "a", "GIT_COMMITTER_EMAIL": "a@x"]
        _ = try? Shell.run("sh", ["-c", script], in: directory, environment: environment)
        return directory
    }()

    private func names(_ arguments: [String], in directory: String = repository) -> [String] {
        let outcome = CLIRunner.run(["--format", "plain", "--no-stat", "--no-untracked"] + arguments, in: directory)
        #expect(outcome.status == 0, "\(arguments): \(outcome.error)")
        return outcome.text.split(separator: "\n").map(String.init).sorted()
    }

    private func gitNames(_ arguments: [String], in directory: String = repository) throws -> [String] {
        try Shell.git(["diff", "--name-only"] + arguments, in: directory).text.split(separator: "\n").map(String.init).sorted()
    }

    /// git's first line of refusal, without `fatal: ` and its final `.`.
    private func gitRefusal(_ arguments: [String], in directory: String = repository) throws -> String {
        let result = try Shell.run("git", ["diff"] + arguments, in: directory)
        #expect(result.status == 128, "git diff \(arguments) should fail")
        var line = result.error.split(separator: "\n").first.map(String.init) ?? ""
        line = String(line.dropFirst("fatal: ".count))
        return line.hasSuffix(".") ? String(line.dropLast()) : line
    }

    @Test(arguments: [["README.md"], ["HEAD~1", "src"], ["HEAD~2..HEAD", "src/a.c", "README.md"], ["HEAD~1", "*.md"],
                      ["HEAD~2", ":(glob)**/*.c"], ["HEAD~2", ":/src"], ["HEAD~2", "docs/", "src"]])
    func anExistingPathIsAPathspec(_ arguments: [String]) throws {
        let theirs = try gitNames(arguments.first!.hasPrefix("HEAD") ? arguments : ["HEAD"] + arguments)
        #expect(!theirs.isEmpty)
        #expect(names(arguments) == theirs, "\(arguments)")
    }

    @Test func aPathspecFromASubdirectoryIsFromThere() throws {
        let here = Self.repository + "/src"
        #expect(names(["HEAD~2", "a.c"], in: here) == (try gitNames(["HEAD~2", "a.c"], in: here)))
    }

    @Test(arguments: [(["docs"], "ambiguous argument 'docs': both revision and filename"),
                      (["HEAD~1", "docs"], "ambiguous argument 'docs': both revision and filename"),
                      (["nope"], "ambiguous argument 'nope': unknown revision or path not in the working tree"),
                      (["HEAD", "README.md", "nope"], "nope: no such path in the working tree")])
    func anUnclearWordIsRefusedInGitsWords(_ arguments: [String], _ message: String) throws {
        #expect(try gitRefusal(arguments) == message)
        let ours = try CLIRunner.failure(arguments, in: Self.repository)
        #expect(ours.hasPrefix(message + "; use '"), "\(ours)")
        #expect(CLIRunner.run(arguments + ["--"], in: Self.repository).status == (arguments.contains("nope") ? 2 : 0),
                "with '--' every word before it is a revision")
    }

    @Test func aRevisionThatIsAlsoAPathIsARevisionAfterTheSeparator() throws {
        #expect(names(["docs", "--"]) == (try gitNames(["docs", "--"])))
        #expect(names(["--", "docs"]) == (try gitNames(["HEAD", "--", "docs"])))
    }

    @Test(arguments: [["main", "side"], ["side", "main"], ["side"], ["--staged", "side"]])
    func mergeBaseIsGitDiffs(_ arguments: [String]) throws {
        let theirs = try gitNames(["--merge-base"] + arguments.map { $0 == "--staged" ? "--cached" : $0 })
        #expect(!theirs.isEmpty)
        #expect(names(["--merge-base"] + arguments) == theirs, "\(arguments)")
        #expect(names(["--merge-base"] + arguments + ["--", "src"]) == (try gitNames(["--merge-base"]
            + arguments.map { $0 == "--staged" ? "--cached" : $0 } + ["--", "src"])))
    }

    @Test func mergeBaseRefusesWhatGitRefuses() throws {
        #expect(try gitRefusal(["--merge-base", "main..side"]) == "--merge-base does not work with ranges")
        #expect(try CLIRunner.failure(["--merge-base", "main..side"], in: Self.repository) == "--merge-base does not work with ranges")
        #expect(try CLIRunner.failure(["--merge-base"], in: Self.repository).contains("--merge-base"))
        #expect(try CLIRunner.failure(["--stdin", "--merge-base"], in: Self.repository)
                == "--merge-base does not apply to --stdin: the change list already decided what is compared")
    }

    @Test func viewedTakesTheLeadingRevisionsAsGitWould() throws {
        let repo = try Fixtures.temporaryDirectory()
        try FileManager.default.removeItem(atPath: repo)
        try FileManager.default.copyItem(atPath: Self.repository, toPath: repo)
        #expect(CLIRunner.run(["viewed", "HEAD~2", "src"], in: repo).status == 0)
        let marks = try ViewedTests.marks(repo)
        #expect(marks.keys.sorted() == ["src/a.c", "src/b.c"])
        #expect(try CLIRunner.failure(["viewed", "docs"], in: repo).hasPrefix("ambiguous argument 'docs': both revision and filename"))
        #expect(CLIRunner.run(["viewed", "gone.c"], in: repo).error == "treereview: pathspec 'gone.c' did not match any file changed\(ViewedTests.inWorkingTree)\n",
                "a path that does not exist may still name a deleted file")
    }

    @Test func liveRefreshComparesWhatTheFirstReadCompared() throws {
        let repo = try Fixtures.temporaryDirectory()
        try FileManager.default.removeItem(atPath: repo)
        try FileManager.default.copyItem(atPath: Self.repository, toPath: repo)
        let options = try ArgumentParser.parse(["HEAD~1", "README.md"])
        let io = IO(standardOutput: BufferSink(), standardError: BufferSink(), outputIsTerminal: false, currentDirectory: repo)
        let environment = TestEnvironment.variables()
        let input = try ChangeInput.read(options, environment: environment, io: io)
        #expect(input.words?.revisions == ["HEAD~1"] && input.words?.pathspecs == ["README.md"])
        #expect(input.changes.map(\.path.description) == ["README.md"])
        try FileManager.default.removeItem(atPath: repo + "/README.md")
        let reader = LiveChangeReader(options: options, environment: environment, io: io, input: input)
        let again = try #require(reader.readAll(), "a whole read after README.md is deleted")
        #expect(again.map(\.path.description) == ["README.md"] && again.first?.status == .deleted)
    }
}
