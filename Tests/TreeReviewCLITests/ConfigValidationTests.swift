import Foundation
import Testing
import TestSupport
import TreeModel

/// `diff.renames` and `diff.renameLimit` values git refuses stop treereview as they stop
/// `git diff`: one line with git's words naming the key and the value, exit 2, nothing on
/// stdout, and the repository untouched. Values git accepts are read as git reads them.
struct ConfigValidationTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let key: String
        let value: String?
        var testDescription: String { "\(key)=\(value.map { "'\($0)'" } ?? "(no value)")" }
    }

    static let refused: [Case] = [
        Case(key: "diff.renames", value: "bogus"),
        Case(key: "diff.renames", value: "1 "),
        Case(key: "diff.renames", value: "99999999999"),
        Case(key: "diff.renameLimit", value: "abc"),
        Case(key: "diff.renameLimit", value: "5x"),
        Case(key: "diff.renameLimit", value: "3g"),
        Case(key: "diff.renameLimit", value: "99999999999"),
        Case(key: "diff.renameLimit", value: ""),
        Case(key: "diff.renameLimit", value: nil),
    ]

    private func configure(_ example: Case, in repo: String) throws {
        if let value = example.value {
            try Shell.git(["config", example.key, value], in: repo)
        } else {
            let parts = example.key.split(separator: ".")
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: repo + "/.git/config"))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("[\(parts[0])]\n\t\(parts[1])\n".utf8))
            try handle.close()
        }
    }

    @Test(arguments: refused)
    func aValueGitRefusesStopsWithGitsWords(_ example: Case) throws {
        let repo = try Fixtures.fresh("branches")
        try configure(example, in: repo)
        let git = try Shell.run("git", ["diff", "--name-status", "main", "feature"], in: repo)
        #expect(git.status == 128)
        #expect(git.error.hasPrefix("fatal: bad "), "\(git.error)")
        let before = try GitDirectorySnapshot(repo)
        let outcome = CLIRunner.run(["main..feature"], in: repo)
        #expect(outcome.status == 2)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errorLines.count == 1)
        #expect(outcome.error == "treereview: " + git.error.dropFirst("fatal: ".count))
        #expect(try GitDirectorySnapshot(repo) == before)
        #expect(CLIRunner.run(["--no-renames", "-l5", "main..feature"], in: repo).status == 2,
                "as for git, a flag does not excuse a bad value: git reads all of its config first")
    }

    @Test(arguments: [("diff.renames", ""), ("diff.renames", "2"), ("diff.renames", "0x0"), ("diff.renames", "Off"),
                      ("diff.renames", "COPIES"), ("diff.renameLimit", "1k"), ("diff.renameLimit", "0x10"),
                      ("diff.renameLimit", " 1"), ("diff.renameLimit", "-1")])
    func aValueGitAcceptsIsReadAsGitReadsIt(_ key: String, _ value: String) throws {
        let repo = try Fixtures.fresh("branches")
        try Shell.git(["config", key, value], in: repo)
        let git = try Shell.git(["diff", "--name-status", "-z", "main...feature"], in: repo)
        let outcome = CLIRunner.run(["--format", "json", "main...feature"], in: repo)
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(EnvironmentTests.statusCounts(json: outcome.output) == EnvironmentTests.statusCounts(nameStatus: git.output))
        #expect(outcome.error == git.error)
    }
}

/// Configuration comes from where git would read it with the environment given — not the
/// process's: a fake HOME, XDG_CONFIG_HOME, GIT_CONFIG_GLOBAL (also /dev/null),
/// GIT_CONFIG_SYSTEM and GIT_CONFIG_NOSYSTEM change git's answer and treereview's alike.
/// These run the built executable, as git runs, each with its own environment.
struct EnvironmentTests {
    /// How many files of each status `treereview --format json` output lists.
    static func statusCounts(json: [UInt8]) -> [String: Int] {
        let object = (try? JSONSerialization.jsonObject(with: Data(json))) as? [String: Any]
        let files = object?["files"] as? [[String: Any]] ?? []
        return Dictionary(grouping: files) { ($0["status"] as? String) ?? "?" }.mapValues(\.count)
    }

    /// The same counts from `git diff --name-status -z` output.
    static func statusCounts(nameStatus: [UInt8]) -> [String: Int] {
        var counts: [String: Int] = [:]
        var fields = nameStatus.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }[...]
        while let code = fields.popFirst() {
            let status = code.first.flatMap(ChangeStatus.init(letter:))
            fields = fields.dropFirst(status == .renamed || status == .copied ? 2 : 1)
            counts[status?.rawValue ?? code, default: 0] += 1
        }
        return counts
    }

    /// treereview's and git's status counts for `main...feature` under `environment`.
    private func both(_ environment: [String], in repo: String) throws -> (ours: [String: Int], git: [String: Int]) {
        let base = ["-u", "GIT_CONFIG_GLOBAL", "-u", "GIT_CONFIG_NOSYSTEM", "-u", "XDG_CONFIG_HOME", "-u", "HOME"]
        let ours = try Shell.run("env", base + environment + [Binary.path, "--format", "json", "main...feature"], in: repo)
        let git = try Shell.run("env", base + environment + ["git", "diff", "--name-status", "-z", "main...feature"], in: repo)
        #expect(ours.status == 0 && git.status == 0, "\(ours.error) \(git.error)")
        return (Self.statusCounts(json: ours.output), Self.statusCounts(nameStatus: git.output))
    }

    @Test func aGlobalConfigInHomeIsReadAndDevNullHidesIt() throws {
        let repo = try Fixtures.repository("branches")
        let home = try Fixtures.temporaryDirectory()
        try "[diff]\n\trenames = false\n".write(toFile: home + "/.gitconfig", atomically: true, encoding: .utf8)
        let off = try both(["HOME=\(home)", "GIT_CONFIG_NOSYSTEM=1"], in: repo)
        #expect(off.ours == off.git)
        #expect(off.ours["renamed"] == nil, "diff.renames=false in ~/.gitconfig turns renames off")
        let hidden = try both(["HOME=\(home)", "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null"], in: repo)
        #expect(hidden.ours == hidden.git)
        #expect(hidden.ours["renamed"] == 2, "GIT_CONFIG_GLOBAL=/dev/null hides it")
        let named = try both(["HOME=/nonexistent", "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=\(home)/.gitconfig"], in: repo)
        #expect(named.ours == named.git && named.ours["renamed"] == nil, "GIT_CONFIG_GLOBAL names any file")
    }

    @Test func theXDGConfigAndTheSystemConfigAreReadAsGitReadsThem() throws {
        let repo = try Fixtures.repository("branches")
        let xdg = try Fixtures.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: xdg + "/git", withIntermediateDirectories: true)
        try "[diff]\n\trenames = false\n".write(toFile: xdg + "/git/config", atomically: true, encoding: .utf8)
        let fromXDG = try both(["HOME=/nonexistent", "XDG_CONFIG_HOME=\(xdg)", "GIT_CONFIG_NOSYSTEM=1"], in: repo)
        #expect(fromXDG.ours == fromXDG.git && fromXDG.ours["renamed"] == nil)
        let system = try both(["HOME=/nonexistent", "GIT_CONFIG_SYSTEM=\(xdg)/git/config"], in: repo)
        #expect(system.ours == system.git && system.ours["renamed"] == nil)
        let noSystem = try both(["HOME=/nonexistent", "GIT_CONFIG_SYSTEM=\(xdg)/git/config", "GIT_CONFIG_NOSYSTEM=true"], in: repo)
        #expect(noSystem.ours == noSystem.git && noSystem.ours["renamed"] == 2)
    }

    @Test func aBadValueInTheUsersFileStopsEvenWhenTheRepositoryOverridesIt() throws {
        let repo = try Fixtures.fresh("branches")
        try Shell.git(["config", "diff.renames", "true"], in: repo)
        let home = try Fixtures.temporaryDirectory()
        try "[diff]\n\trenames = sometimes\n".write(toFile: home + "/.gitconfig", atomically: true, encoding: .utf8)
        let environment = ["-u", "GIT_CONFIG_GLOBAL", "HOME=\(home)"]
        let ours = try Shell.run("env", environment + [Binary.path, "main..feature"], in: repo)
        let git = try Shell.run("env", environment + ["git", "diff", "main", "feature"], in: repo)
        #expect(git.status == 128 && ours.status == 2 && ours.output.isEmpty)
        #expect(ours.error == "treereview: " + git.error.dropFirst("fatal: ".count))
    }

    @Test func traceLinesAreShownOnlyWhenAsked() throws {
        let repo = try Fixtures.repository("branches")
        let quiet = CLIRunner.run(["--format", "plain", "main..feature"], in: repo)
        #expect(quiet.error.isEmpty)
        let traced = CLIRunner.run(["--format", "plain", "main..feature"], in: repo, environment: ["TREEREVIEW_TRACE": "1"])
        #expect(traced.output == quiet.output)
        #expect(traced.errorLines.allSatisfy { $0.wholeMatch(of: /trace \d+\.\d{3} s: .+/) != nil }, "\(traced.error)")
        #expect(traced.errorLines.first?.hasSuffix(" s: resolved") == true)
        #expect(traced.errorLines.contains { $0.hasSuffix(" s: sorted") })
        #expect(traced.errorLines.suffix(2).map { String($0.split(separator: ":").last ?? "") } == [" tree built", " written"])
    }
}
