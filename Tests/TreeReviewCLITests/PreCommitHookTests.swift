import Foundation
import Testing
import TestSupport

/// `treereview --staged` inside real `git commit`s: the hook runs the built binary and asks
/// git the same questions with the same environment (the index git prepared, in
/// `GIT_INDEX_FILE`), for a plain commit, `commit -a`, `commit --include` and `commit -- <path>`.
struct PreCommitHookTests {
    /// What the hook saw: treereview's JSON, and git's answers in the hook.
    struct HookReport {
        var json: [String: Any]
        var staged: Set<String>
        var unstaged: Set<String>
        var untracked: [String]
        var error: String

        var files: [[String: Any]] { json["files"] as? [[String: Any]] ?? [] }
    }

    static let binaries = URL(fileURLWithPath: Binary.path).deletingLastPathComponent().path

    /// Makes `body` the pre-commit hook of `repo`, with the built treereview first on `PATH`.
    static func installHook(_ body: String, in repo: String) throws {
        let hook = "#!/bin/sh\nPATH='\(binaries)':\"$PATH\"\n" + body + "\n"
        try ExecutableFile.write(hook, to: repo + "/.git/hooks/pre-commit")
    }

    static func commit(_ arguments: [String], in repo: String) throws {
        try Shell.git(["-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "hooked"] + arguments, in: repo)
    }

    /// Commits `partly-staged` with `arguments`, the hook recording treereview's and git's answers.
    static func commitWithReport(_ arguments: [String]) throws -> (report: HookReport, repo: String) {
        let repo = try Fixtures.fresh("partly-staged")
        let reports = try Fixtures.temporaryDirectory()
        try Self.installHook("""
            treereview --staged --no-renames --format json > '\(reports)/json' 2> '\(reports)/error'
            git diff --cached --no-renames --name-only -z > '\(reports)/staged'
            git diff --no-renames --name-only -z > '\(reports)/unstaged'
            git ls-files -z --others --exclude-standard > '\(reports)/untracked'
            """, in: repo)
        try commit(arguments, in: repo)
        func names(_ file: String) throws -> [String] {
            try String(contentsOfFile: reports + "/" + file, encoding: .utf8).split(separator: "\0").map(String.init)
        }
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: reports + "/json"))) as? [String: Any]
        return (HookReport(json: json ?? [:], staged: Set(try names("staged")), unstaged: Set(try names("unstaged")),
                           untracked: try names("untracked"),
                           error: try String(contentsOfFile: reports + "/error", encoding: .utf8)), repo)
    }

    @Test(arguments: [[], ["-a"], ["--include", "unstaged.c"], ["--", "lib/both.c", "added.txt"]])
    func theHookListsExactlyWhatIsCommitted(arguments: [String]) throws {
        let (report, repo) = try Self.commitWithReport(arguments)
        #expect(report.error.isEmpty)
        let listed = Set(report.files.compactMap { $0["path"] as? String })
        let committed = try Shell.git(["diff", "--no-renames", "--name-only", "HEAD~1", "HEAD"], in: repo).text
        #expect(listed == Set(committed.split(separator: "\n").map(String.init)))
        #expect(listed == report.staged)
        #expect(!listed.isEmpty)
        #expect(listed.contains("unstaged.c") == (arguments.first == "-a" || arguments.first == "--include"))
        // Partly staged and untracked as git sees them in the hook, with the index git prepared.
        let partly = Set(report.files.filter { $0["partiallyStaged"] as? Bool == true }.compactMap { $0["path"] as? String })
        #expect(partly == report.staged.intersection(report.unstaged))
        #expect(report.json["untrackedNotStaged"] as? Int == report.untracked.count)
        #expect(report.untracked.count >= 3)
        #expect(partly.isEmpty == (arguments.first == "-a" || arguments.first == "--"),
                "commit -a and commit -- <path> stage the working tree's content of what they commit")
    }

    /// The hook of the README, as it is written there.
    @Test func theReadmeHookShowsTheTree() throws {
        let lines = ReadmeDocument.block(after: "## Before a commit")
        #expect(lines == ["#!/bin/sh", "treereview --staged"])
        let repo = try Fixtures.fresh("partly-staged")
        let report = try Fixtures.temporaryDirectory() + "/out"
        try Self.installHook(lines.dropFirst().joined(separator: "\n") + " > '\(report)' 2>&1", in: repo)
        try Self.commit(["-a"], in: repo)
        let output = try String(contentsOfFile: report, encoding: .utf8)
        let committed = try GitOracle.changes(in: repo, ["HEAD~1", "HEAD"])
        #expect(output.hasPrefix("HEAD → index · \(committed.count) files changed"))
    }

    /// The pre-commit framework's hook: what it declares, and its entry run as a hook.
    @Test func thePreCommitFrameworkHookRunsTheOverview() throws {
        let path = Fixtures.directory + "/../.pre-commit-hooks.yaml"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let body = line.drop { $0 == " " || $0 == "-" }
            guard let colon = body.firstIndex(of: ":") else { continue }
            fields[String(body[..<colon])] = String(body[body.index(after: colon)...].drop { $0 == " " })
        }
        #expect(text.hasPrefix("#") && text.contains("\n- id: treereview\n"), "one hook, a list item")
        #expect(fields["id"] == "treereview")
        #expect(fields["entry"] == "treereview --staged")
        #expect(fields["language"] == "system")
        #expect(fields["pass_filenames"] == "false" && fields["always_run"] == "true" && fields["verbose"] == "true")
        #expect(fields["stages"] == "[pre-commit]")
        let repo = try Fixtures.fresh("partly-staged")
        let report = try Fixtures.temporaryDirectory() + "/out"
        try Self.installHook("\(fields["entry"] ?? "false") > '\(report)' 2>&1", in: repo)
        try Self.commit([], in: repo)
        #expect(try String(contentsOfFile: report, encoding: .utf8).hasPrefix("HEAD → index · "))
        #expect(ReadmeDocument.text.contains(".pre-commit-hooks.yaml") && ReadmeDocument.text.contains("entry: treereview --staged"))
    }
}
