import Foundation
import Testing
import TestSupport

/// Another user's repository, as git 2.39 treats it: "detected dubious ownership" unless
/// `safe.directory` (in the user's global configuration) names it or is `*`; a repository
/// named by `GIT_DIR` is not checked. Run as `nobody` through `setpriv` (the tests run as
/// root, whose own repositories these are).
struct RepositoryOwnershipTests {
    static let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The built binary, where `nobody` can run it.
    static var binary: String { Unprivileged.binary }

    /// `command` as `nobody`, in `directory`, with `HOME=home` (where the global config is).
    private func asNobody(_ command: [String], in directory: String, home: String, environment: [String] = []) throws -> Shell.Result {
        let setpriv = try #require(Self.setpriv, "setpriv is needed to run as another user")
        return try Shell.run(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", "env", "-u", "GIT_CONFIG_GLOBAL",
                                       "HOME=\(home)"] + environment + command, in: directory)
    }

    private func setUp() throws -> (repo: String, home: String) {
        #expect(getuid() == 0, "the repository must belong to another user than nobody")
        let repo = try Fixtures.fresh("branches")
        let home = try Fixtures.temporaryDirectory()
        for path in [home, (repo as NSString).deletingLastPathComponent, (home as NSString).deletingLastPathComponent] {
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: path)
        }
        _ = try Shell.run("chmod", ["-R", "a+rX", repo])
        return (repo, home)
    }

    @Test func anotherUsersRepositoryIsRefusedAsGitRefusesIt() throws {
        let (repo, home) = try setUp()
        let git = try asNobody(["git", "rev-parse", "HEAD"], in: repo, home: home)
        #expect(git.status == 128)
        let gitLine = git.error.split(separator: "\n").first.map(String.init) ?? ""
        #expect(gitLine == "fatal: detected dubious ownership in repository at '\(repo)'")
        let ours = try asNobody([Self.binary, "--format", "plain", "main..feature"], in: repo, home: home)
        #expect(ours.status == 2 && ours.output.isEmpty)
        #expect(ours.error == "treereview: detected dubious ownership in repository at '\(repo)'; to add an exception "
            + "for this directory: git config --global --add safe.directory \(repo)\n")
        let named = try asNobody([Self.binary, "--format", "plain", "main..feature"], in: repo, home: home,
                                 environment: ["GIT_DIR=\(repo)/.git"])
        #expect(named.status == 0, "GIT_DIR is not checked, as in git: \(named.error)")
    }

    @Test(arguments: ["REPO", "*"])
    func safeDirectoryAllowsIt(_ value: String) throws {
        let (repo, home) = try setUp()
        let setting = value == "REPO" ? repo : value
        try "[safe]\n\tdirectory = \(setting)\n".write(toFile: home + "/.gitconfig", atomically: true, encoding: .utf8)
        let ours = try asNobody([Self.binary, "--format", "plain", "--no-stat", "main..feature"], in: repo, home: home)
        let git = try asNobody(["git", "diff", "--name-only", "main..feature"], in: repo, home: home)
        #expect(git.status == 0 && ours.status == 0, "\(ours.error)")
        #expect(ours.text == git.text)
        try "[safe]\n\tdirectory = \(setting)\n\tdirectory =\n".write(toFile: home + "/.gitconfig", atomically: true, encoding: .utf8)
        let reset = try asNobody([Self.binary, "main..feature"], in: repo, home: home)
        #expect(reset.status == 2 && reset.error.contains("dubious ownership"), "an empty value resets the list, as in git")
    }

    @Test func theRepositorysOwnConfigCannotAllowIt() throws {
        let (repo, home) = try setUp()
        try Shell.git(["config", "safe.directory", "*"], in: repo)
        let ours = try asNobody([Self.binary, "main..feature"], in: repo, home: home)
        #expect(ours.status == 2 && ours.error.contains("dubious ownership"))
    }
}
