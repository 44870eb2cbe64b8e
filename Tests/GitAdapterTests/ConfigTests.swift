import Foundation
import GitRules
import Testing
import TreeModel
import TestSupport
@testable import GitAdapter

/// Configuration values read as git reads them, against `git config --type=int|bool`, and the
/// configuration files an environment names.
struct ConfigTests {
    /// git's reading of `value` as `type`: its output, or nil when it refuses the value.
    private func git(_ value: String?, type: String) throws -> String? {
        let directory = try Fixtures.temporaryDirectory()
        let file = directory + "/config"
        if let value {
            try Shell.git(["config", "-f", file, "x.y", value], in: directory)
        } else {
            try "[x]\n\ty\n".write(toFile: file, atomically: true, encoding: .utf8)
        }
        let result = try Shell.run("git", ["config", "-f", file, "--type=\(type)", "--get", "x.y"], in: directory)
        return result.status == 0 ? result.text.trimmingCharacters(in: .newlines) : nil
    }

    static let numbers: [String?] = [
        "0", "1", "-1", "+7", " 5", "5 ", "010", "0x10", "1k", "1K", "2m", "1g", "2g", "3g", "1kb", "abc", "", "5x",
        "2147483647", "2147483648", "-2147483648", "-2147483649", "99999999999", "99999999999999999999", nil,
    ]

    /// Whether `git diff` accepts `value` for `diff.renameLimit` (an `int`, where
    /// `git config --type=int` reads a 64-bit number).
    private func gitDiffAccepts(renameLimit value: String?) throws -> Bool {
        let setting = value.map { "diff.renameLimit=\($0)" } ?? "diff.renameLimit"
        return try Shell.run("git", ["-c", setting, "diff", "--no-index", "/dev/null", "/dev/null"]).status == 0
    }

    @Test(arguments: numbers)
    func integersAsGitReadsThem(_ value: String?) throws {
        let ours = try? GitConfigValue.int(value).get()
        let theirs = try gitDiffAccepts(renameLimit: value) ? try git(value, type: "int") : nil
        #expect(ours.map(String.init) == theirs)
        if case .failure(let problem) = GitConfigValue.int(value).mapError(ConfigValueProblem.init) {
            let refusal = try Shell.run("git", ["-c", value.map { "diff.renameLimit=\($0)" } ?? "diff.renameLimit",
                                                "diff", "--no-index", "/dev/null", "/dev/null"]).error
            #expect(refusal == "fatal: " + problem.message(key: "diff.renamelimit", value: value ?? "") + "\n")
        }
    }

    @Test(arguments: numbers + ["true", "TRUE", "Yes", "on", "false", "No", "OFF", "maybe", "1 ", "0x0", "true "])
    func booleansAsGitReadsThem(_ value: String?) throws {
        #expect(GitConfigValue.bool(value).map { $0 ? "true" : "false" } == (try git(value, type: "bool")))
    }

    @Test func theFilesAnEnvironmentNames() throws {
        let bare = try ConfigFiles(environment: [:])
        #expect(bare.system == "/etc/gitconfig" && bare.global == nil && bare.xdg == nil && bare.xdgGitDirectory == nil)
        let home = try ConfigFiles(environment: ["HOME": "/h"])
        #expect(home.global == "/h/.gitconfig" && home.xdg == "/h/.config/git/config")
        let xdg = try ConfigFiles(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "/x"])
        #expect(xdg.xdg == "/x/git/config" && xdg.xdgGitDirectory == "/x/git")
        #expect(try ConfigFiles(environment: ["HOME": "/h", "XDG_CONFIG_HOME": ""]).xdg == "/h/.config/git/config")
        let devNull = try ConfigFiles(environment: ["HOME": "/h", "GIT_CONFIG_GLOBAL": "/dev/null"])
        #expect(devNull.global == "/dev/null" && devNull.xdg == nil)
        #expect(devNull.xdgGitDirectory == "/h/.config/git", "attributes are still looked up there, as git does")
        #expect(try ConfigFiles(environment: ["GIT_CONFIG_SYSTEM": "/s"]).system == "/s")
        #expect(try ConfigFiles(environment: ["GIT_CONFIG_SYSTEM": "/s", "GIT_CONFIG_NOSYSTEM": "yes"]).system == nil)
        #expect(try ConfigFiles(environment: ["GIT_CONFIG_NOSYSTEM": "0"]).system == "/etc/gitconfig")
        #expect(try !ConfigFiles(environment: ["GIT_ATTR_NOSYSTEM": "1"]).readsSystemAttributes)
        #expect(throws: AdapterError.badConfigValue(key: "GIT_CONFIG_NOSYSTEM", value: "maybe", problem: .notABoolean)) {
            try ConfigFiles(environment: ["GIT_CONFIG_NOSYSTEM": "maybe"])
        }
    }

    @Test func oneSnapshotGivesTheDiffKeysAndTheSection() throws {
        let repo = try Fixtures.fresh("branches")
        try Shell.git(["config", "diff.renames", "copies"], in: repo)
        try Shell.git(["config", "diff.renameLimit", "2k"], in: repo)
        try Shell.git(["config", "--add", "treereview.icon", "ext:a=b"], in: repo)
        try Shell.git(["config", "--add", "treereview.icon", "ext:c=d"], in: repo)
        try Shell.git(["config", "treereview.Format", "json"], in: repo)
        let config = try Repository.open(at: repo, environment: TestEnvironment.variables()).readConfig(section: "treereview")
        #expect(config.section == ["treereview.icon": ["ext:a=b", "ext:c=d"], "treereview.format": ["json"]])
        #expect(try config.renameSetting() == .copies(threshold: nil, harder: false))
        #expect(try config.renameLimit() == 2048)
        #expect(try Repository.open(at: repo, environment: TestEnvironment.variables()).readConfig().section.isEmpty)
    }
}

/// What the adapter takes from the environment it is given, and gives back as values.
struct AdapterEnvironmentTests {
    @Test func theWorkerCountComesFromTheEnvironmentGiven() throws {
        let repo = try Fixtures.repository("branches")
        #expect(try Repository.open(at: repo, environment: TestEnvironment.variables(adding: ["TREEREVIEW_WORKERS": "1"])).workers == 1)
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        #expect(try Repository.open(at: repo, environment: TestEnvironment.variables(adding: ["TREEREVIEW_WORKERS": "none"])).workers == cores)
        #expect(try Repository.open(at: repo, environment: TestEnvironment.variables()).workers == cores)
        let one = try Repository.open(at: repo, environment: TestEnvironment.variables(adding: ["TREEREVIEW_WORKERS": "1"])).changes(for: .init(revisions: ["main...feature"]))
        let all = try Repository.open(at: repo, environment: TestEnvironment.variables()).changes(for: .init(revisions: ["main...feature"]))
        #expect(one.changes == all.changes)
    }

    @Test func phaseTimingsAreReturnedInOrder() throws {
        let set = try Repository.open(at: try Fixtures.repository("branches"), environment: TestEnvironment.variables())
            .changes(for: .init(revisions: ["main...feature"]))
        let phases = ["resolved", "collect ", "renames ", "changes 14", "line counts 14", "sorted"]
        #expect(set.trace.count == phases.count)
        #expect(zip(set.trace, phases).allSatisfy { $0.phase.hasPrefix($1) }, "\(set.trace.map(\.phase))")
        #expect(zip(set.trace, set.trace.dropFirst()).allSatisfy { $0.seconds <= $1.seconds })
    }

    @Test func aRenameLimitTooLargeToSquareRunsTheMatrix() throws {
        let options = RenameOptions(.renames(threshold: nil), limit: 4_000_000_000)!
        #expect(!options.exceedsLimit(destinations: 100_000, sources: 100_000))
        #expect(!RenameOptions(.renames(threshold: nil), limit: .max)!.exceedsLimit(destinations: .max, sources: .max))
        #expect(!RenameOptions(.renames(threshold: nil), limit: 0)!.exceedsLimit(destinations: 10, sources: 10))
        let three = RenameOptions(.renames(threshold: nil), limit: 3)!
        #expect(!three.exceedsLimit(destinations: 3, sources: 3))
        #expect(three.exceedsLimit(destinations: 3, sources: 4))
        #expect(three.exceedsLimit(destinations: .max, sources: 2), "a product too large to hold exceeds any limit")
        let repo = try Fixtures.repository("renames")
        for limit in [4_000_000_000, Int.max] {
            let ours = try Repository.open(at: repo, environment: TestEnvironment.variables()).changes(for: .init(revisions: ["start..limit"], renameLimit: limit))
            #expect(ours.changes.map(GitOracle.comparable) == (try GitOracle.changes(in: repo, ["-l0", "start..limit"])))
            #expect(ours.warnings.isEmpty)
        }
    }

    @Test func aNegativeLimitFollowsTheConfigurationAsGitsDoes() throws {
        let repo = try Fixtures.fresh("branches")
        try Shell.git(["config", "diff.renameLimit", "1"], in: repo)
        let ours = try Repository.open(at: repo, environment: TestEnvironment.variables()).changes(for: .init(revisions: ["main...feature"], renameLimit: -1))
        let git = try Shell.run("git", ["diff", "--name-status", "-l-1", "main...feature"], in: repo)
        #expect(!ours.warnings.isEmpty)
        #expect(ours.warnings.joined(separator: "\n") + "\n" == git.error)
    }
}
