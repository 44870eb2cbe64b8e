import Foundation
import Testing
import TestSupport
import TreeModel
@testable import TreeReviewCLI

/// `treereview viewed` and `unviewed` end to end on fixture repositories: what they mark
/// (checked against git's own object ids), where the marks live, what `--unviewed` leaves
/// out, and what a later change to a marked file makes of its mark.
struct ViewedTests {
    static func marksFile(_ repo: String) throws -> String {
        let common = try Shell.git(["rev-parse", "--path-format=absolute", "--git-common-dir"], in: repo).text
        return common.trimmingCharacters(in: .newlines) + "/treereview/viewed"
    }

    /// The marks file's lines after the version line, as path → new id.
    static func marks(_ repo: String) throws -> [String: String] {
        try fields(repo).mapValues { $0[0] }
    }

    /// The marks file's lines after the version line, as path → its fields (new id, old id,
    /// head, base, sequence).
    static func fields(_ repo: String) throws -> [String: [String]] {
        let text = try String(contentsOfFile: marksFile(repo), encoding: .utf8)
        var lines = text.split(separator: "\n")
        #expect(lines.removeFirst() == "treereview viewed 2")
        return Dictionary(uniqueKeysWithValues: lines.map { line in
            let parts = line.split(separator: "\t", maxSplits: 1)
            return (String(parts[1]), parts[0].split(separator: " ").map(String.init))
        })
    }

    /// How a path that matches no changed file of the default comparison ends its message.
    static let inWorkingTree = " in HEAD → working tree; name the comparison: treereview viewed <comparison> -- <path>..."

    static func hashObject(_ path: String, in repo: String) throws -> String {
        try Shell.git(["hash-object", "--", path], in: repo).text.trimmingCharacters(in: .newlines)
    }

    static func plain(_ arguments: [String], in repo: String) throws -> [String] {
        let outcome = CLIRunner.run(["--format", "plain"] + arguments, in: repo)
        try #require(outcome.status == 0, "\(outcome.error)")
        return outcome.text.split(separator: "\n").map(String.init)
    }

    /// The view state of each change, as the command reads it.
    static func states(_ arguments: [String], in repo: String) throws -> [String: ViewState] {
        let options = try ArgumentParser.parse(arguments)
        let io = IO(standardOutput: BufferSink(), standardError: BufferSink(), readStandardInput: { [] },
                    outputIsTerminal: false, currentDirectory: repo)
        let input = try ChangeInput.read(options, environment: TestEnvironment.variables(), io: io)
        return Dictionary(uniqueKeysWithValues: input.changes.map { ($0.path.lossyString, $0.viewState) })
    }

    @Test func aDirectoryMarksEveryChangedFileBelowItWithTheIdGitWouldRecord() throws {
        let repo = try Fixtures.fresh("partly-staged")
        let outcome = CLIRunner.run(["viewed", "new", "lib/both.c", "gone.txt"], in: repo)
        #expect(outcome.status == 0 && outcome.output.isEmpty && outcome.error.isEmpty, "\(outcome.error)")
        #expect(try Self.marks(repo) == [
            "new/u.txt": try Self.hashObject("new/u.txt", in: repo),
            "new/deeper/v.txt": try Self.hashObject("new/deeper/v.txt", in: repo),
            "lib/both.c": try Self.hashObject("lib/both.c", in: repo),
            "gone.txt": String(repeating: "0", count: 40),
        ])
        let states = try Self.states([], in: repo)
        #expect(states.filter { $0.value == .viewed }.keys.sorted() == ["gone.txt", "lib/both.c", "new/deeper/v.txt", "new/u.txt"])
        #expect(states.filter { $0.value == .changedSinceViewed }.isEmpty)
    }

    @Test func unviewedHidesTheViewedFilesInEveryFormat() throws {
        let repo = try Fixtures.fresh("partly-staged")
        let all = try Self.plain([], in: repo)
        #expect(CLIRunner.run(["viewed", "lib", "new"], in: repo).status == 0)
        let unviewed = try Self.plain(["--unviewed"], in: repo)
        #expect(unviewed == all.filter { !$0.hasPrefix("lib/") && !$0.hasPrefix("new/") })
        #expect(unviewed.count >= 5)
        #expect(try Self.plain([], in: repo) == all, "without --unviewed nothing is hidden")
        #expect(CLIRunner.run(["unviewed", "lib"], in: repo).status == 0)
        #expect(try Self.plain(["--unviewed"], in: repo) == all.filter { !$0.hasPrefix("new/") })
        #expect(try Self.marks(repo).keys.sorted() == ["new/deeper/v.txt", "new/u.txt"])
    }

    @Test func aFileChangedAfterItWasMarkedIsChangedSinceViewedAndShownAgain() throws {
        let repo = try Fixtures.fresh("partly-staged")
        #expect(CLIRunner.run(["viewed", "lib/both.c", "unstaged.c", "removed-after.c"], in: repo).status == 0)
        try "edited again\n".write(toFile: repo + "/lib/both.c", atomically: true, encoding: .utf8)
        try "back, with other content\n".write(toFile: repo + "/removed-after.c", atomically: true, encoding: .utf8)
        let states = try Self.states([], in: repo)
        #expect(states["lib/both.c"] == .changedSinceViewed)
        #expect(states["removed-after.c"] == .changedSinceViewed, "a viewed deletion whose file came back")
        #expect(states["unstaged.c"] == .viewed)
        let unviewed = try Self.plain(["--unviewed"], in: repo)
        #expect(unviewed.contains("lib/both.c") && unviewed.contains("removed-after.c") && !unviewed.contains("unstaged.c"))
        #expect(CLIRunner.run(["viewed", "lib/both.c"], in: repo).status == 0)
        #expect(try Self.states([], in: repo)["lib/both.c"] == .viewed, "marking again takes the new content")
    }

    @Test func theComparisonGivenDecidesTheContentMarked() throws {
        let repo = try Fixtures.fresh("branches")
        #expect(CLIRunner.run(["viewed", "main...feature", "--", "Sources"], in: repo).status == 0)
        let marks = try Self.marks(repo)
        #expect(marks.count >= 3)
        for (path, id) in marks {
            let expected = try Shell.run("git", ["rev-parse", "--verify", "-q", "feature:" + path], in: repo).text
            #expect(id == (expected.isEmpty ? String(repeating: "0", count: 40) : expected.trimmingCharacters(in: .newlines)), "\(path)")
        }
        let states = try Self.states(["main...feature"], in: repo)
        #expect(states.filter { $0.key.hasPrefix("Sources/") }.allSatisfy { $0.value == .viewed })
        #expect(states.filter { !$0.key.hasPrefix("Sources/") }.allSatisfy { $0.value == .notViewed })
        let staged = try Self.states(["--staged"], in: try Fixtures.fresh("partly-staged"))
        #expect(staged.values.allSatisfy { $0 == .notViewed }, "marks belong to their repository")
    }

    @Test func pathsAreRelativeToTheDirectoryAndToDashC() throws {
        let repo = try Fixtures.fresh("partly-staged")
        #expect(CLIRunner.run(["viewed", "both.c"], in: repo + "/lib").status == 0)
        #expect(CLIRunner.run(["viewed", "-C", "new", "--", "deeper"], in: repo).status == 0)
        #expect(try Self.marks(repo).keys.sorted() == ["lib/both.c", "new/deeper/v.txt"])
    }

    @Test func theMarksLiveInTheCommonGitDirectoryAndNowhereElse() throws {
        let repo = try Fixtures.fresh("linked-worktree")
        let status = try Shell.git(["status", "--porcelain", "--ignored", "-uall"], in: repo).text
        let index = try Data(contentsOf: URL(fileURLWithPath: try Shell.git(["rev-parse", "--path-format=absolute", "--git-path", "index"], in: repo)
            .text.trimmingCharacters(in: .newlines)))
        let refs = try Shell.git(["for-each-ref"], in: repo).text
        #expect(CLIRunner.run(["viewed", "--staged", "b.txt"], in: repo).status == 0)
        #expect(try Self.marksFile(repo).hasPrefix(repo + "-main/.git/"), "shared by the worktrees")
        #expect(try Self.marks(repo).keys.sorted() == ["b.txt"])
        #expect(try Shell.git(["status", "--porcelain", "--ignored", "-uall"], in: repo).text == status)
        #expect(try Shell.git(["for-each-ref"], in: repo).text == refs)
        #expect(try Data(contentsOf: URL(fileURLWithPath: try Shell.git(["rev-parse", "--path-format=absolute", "--git-path", "index"], in: repo)
            .text.trimmingCharacters(in: .newlines))) == index)
        #expect(try Self.states(["--staged"], in: repo + "-main")["main-only.txt"] == .notViewed)
    }

    @Test(arguments: [
        (["viewed"], "treereview: viewed needs the paths to mark: treereview viewed [<comparison> --] <path>..."),
        (["unviewed", "main", "--"], "treereview: unviewed needs the paths to mark: treereview unviewed [<comparison> --] <path>..."),
        (["viewed", "no-such-file"], "treereview: pathspec 'no-such-file' did not match any file changed\(Self.inWorkingTree)"),
        (["viewed", "lib", "no-such-file"], "treereview: pathspec 'no-such-file' did not match any file changed\(Self.inWorkingTree)"),
        (["unviewed", "lib"], "treereview: pathspec 'lib' did not match any file marked viewed"),
        (["viewed", "--format", "json", "lib"], "treereview: option '--format' does not apply to viewed"),
        (["unviewed", "-M", "lib"], "treereview: option '-M' does not apply to unviewed"),
        (["viewed", "--stdin", "lib"], "treereview: option '--stdin' does not apply to viewed"),
        (["viewed", "no-such-rev", "--", "lib"], "treereview: unknown revision 'no-such-rev'"),
        (["--stdin", "--unviewed"], "treereview: --unviewed does not apply to --stdin: viewed marks need the files' object ids"),
    ])
    func badUseIsOneLineAndMarksNothing(arguments: [String], message: String) throws {
        let repo = try Fixtures.fresh("partly-staged")
        let outcome = CLIRunner.run(arguments, in: repo)
        #expect(outcome.status == 2)
        #expect(outcome.output.isEmpty)
        #expect(outcome.error == message + "\n")
        #expect(!FileManager.default.fileExists(atPath: try Self.marksFile(repo)))
    }

    @Test func aDamagedStoreIsAWarningAndAFreshStart() throws {
        let repo = try Fixtures.fresh("partly-staged")
        let file = try Self.marksFile(repo)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "treereview viewed 1\n\u{1B}[31mnot a mark\n".write(toFile: file, atomically: true, encoding: .utf8)
        let warning = "treereview: warning: ignoring the viewed marks in \(file): line 2: not '<object id> TAB <path>'\n"
        let all = try Self.plain([], in: repo)
        let outcome = CLIRunner.run(["--format", "plain", "--unviewed"], in: repo)
        #expect(outcome.status == 0 && outcome.text.split(separator: "\n").map(String.init) == all)
        #expect(outcome.error == warning)
        let marking = CLIRunner.run(["viewed", "mode.sh"], in: repo)
        #expect(marking.status == 0 && marking.error == warning)
        #expect(try Self.marks(repo).keys.sorted() == ["mode.sh"])
        #expect(CLIRunner.run(["--format", "plain"], in: repo).error.isEmpty)
        try "treereview viewed \u{1B}]0;title\u{07}\n".write(toFile: file, atomically: true, encoding: .utf8)
        let hostile = CLIRunner.run(["--format", "plain"], in: repo)
        #expect(hostile.error == "treereview: warning: ignoring the viewed marks in \(file): line 1: an unknown version\n")
    }

    /// Many `treereview viewed` processes at once, each marking files of its own: every mark
    /// is there at the end, and the file is whole.
    @Test func parallelProcessesLoseNoMark() throws {
        let repo = try Fixtures.fresh("partly-staged")
        let writers = 16
        try FileManager.default.createDirectory(atPath: repo + "/many", withIntermediateDirectories: true)
        for writer in 0..<writers {
            for file in 0..<3 {
                try "\(writer) \(file)\n".write(toFile: repo + "/many/w\(writer)-\(file).txt", atomically: true, encoding: .utf8)
            }
        }
        let processes = try (0..<writers).map { writer in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Binary.path)
            process.arguments = ["viewed", "--", "many/w\(writer)-*"]
            process.currentDirectoryURL = URL(fileURLWithPath: repo)
            process.environment = TestEnvironment.variables()
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let marks = try Self.marks(repo)
        #expect(marks.count == writers * 3)
        for (path, id) in marks { #expect(id == (try Self.hashObject(path, in: repo)), "\(path)") }
    }
}
