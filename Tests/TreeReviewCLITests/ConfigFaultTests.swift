import Foundation
import Testing
import TestSupport

/// Configuration git refuses stops treereview with git's words, in every format: a line of a
/// file git cannot read (an unterminated quote, a key starting with a digit, a broken section
/// header), a value `git diff` refuses (`core.bare`, `color.ui`, `color.diff`, the color
/// slots, `core.quotePath`, `diff.context`), and bad `GIT_CONFIG_COUNT` /
/// `GIT_CONFIG_PARAMETERS` settings (`git -c`). Each is compared with `git diff`'s own
/// message (its last line, without `fatal: `); settings of the environment take effect.
struct ConfigFaultTests {
    static let formats: [[String]] = [["--format", "plain"], ["--format", "json"], ["--no-stat"], ["--format", "tree", "--no-stat"]]

    /// Text appended to `.git/config`, each refused by git.
    static let refusedText = [
        "[core]\n\tbare = maybe\n",
        "[core]\n\tquotePath = maybe\n",
        "[color]\n\tui = maybe\n",
        "[color]\n\tdiff = perhaps\n",
        "[color \"diff\"]\n\tmeta = blah\n",
        "[color \"diff\"]\n\tmeta\n",
        "[diff \"color\"]\n\tfrag = bold purple\n",
        "[diff]\n\tcontext = x\n",
        "[diff]\n\tcontext = -1\n",
        "[core]\n\tx = \"abc\n",
        "[core]\n\t1x = y\n",
        "[core\n",
        "[core \"x\n\ty = 1\n",
        "[core]\n\tx = a\\qb\n",
        "[core]\n\tx = \"a\" \\\n\"b\n",
    ]

    /// Environments git refuses.
    static let refusedEnvironments: [[String: String]] = [
        ["GIT_CONFIG_COUNT": "x"],
        ["GIT_CONFIG_COUNT": "1"],
        ["GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "color.ui"],
        ["GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "color.ui", "GIT_CONFIG_VALUE_0": "maybe"],
        ["GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "nodot", "GIT_CONFIG_VALUE_0": "1"],
        ["GIT_CONFIG_PARAMETERS": "'color.ui'='maybe'"],
        ["GIT_CONFIG_PARAMETERS": "'core.quotepath=maybe'"],
        ["GIT_CONFIG_PARAMETERS": "bogus"],
        ["GIT_CONFIG_PARAMETERS": "'a.b'x"],
        ["GIT_CONFIG_PARAMETERS": "'x.1y'='z'"],
        ["GIT_CONFIG_PARAMETERS": "'color.diff.meta'='blah'"],
    ]

    private func repository(appending text: String = "") throws -> String {
        let repo = try Fixtures.fresh("branches")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: repo + "/.git/config"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        return repo
    }

    /// git's message for `git diff --name-only` here: its last line without `fatal: `.
    private func gitMessage(in repo: String, environment: [String: String] = [:]) throws -> String {
        let git = try Shell.run("git", ["diff", "--name-only", "main", "feature"], in: repo, environment: environment)
        #expect(git.status == 128)
        let last = git.error.split(separator: "\n").last.map(String.init) ?? ""
        return last.hasPrefix("fatal: unable to parse command-line config")
            ? String(git.error.split(separator: "\n").first!.dropFirst("error: ".count))
            : String(last.dropFirst("fatal: ".count))
    }

    private func expectRefusal(_ message: String, in repo: String, environment: [String: String] = [:],
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        for format in Self.formats {
            let result = try Shell.run(Binary.path, format + ["main..feature"], in: repo, environment: environment)
            #expect(result.status == 2, "\(format)", sourceLocation: sourceLocation)
            #expect(result.output.isEmpty, "\(format)", sourceLocation: sourceLocation)
            #expect(result.error == "treereview: \(message)\n", "\(format)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: refusedText)
    func aConfigFileGitRefusesStopsWithGitsWords(text: String) throws {
        let repo = try repository(appending: text)
        let message = try gitMessage(in: repo)
        #expect(message.contains("config"))
        try expectRefusal(message, in: repo)
    }

    @Test(arguments: refusedEnvironments)
    func environmentSettingsGitRefusesStopWithGitsWords(environment: [String: String]) throws {
        let repo = try repository()
        let message = try gitMessage(in: repo, environment: environment)
        try expectRefusal(message, in: repo, environment: environment)
    }

    @Test func theEnvironmentsSettingsTakeEffectAboveTheFiles() throws {
        let repo = try repository(appending: "[treereview]\n\tformat = json\n")
        let plain = try Shell.run(Binary.path, ["--no-stat", "main..feature"], in: repo).text
        #expect(plain.hasPrefix("{"))
        let expected = try Shell.git(["diff", "--name-only", "--no-renames", "main", "feature"], in: repo).text
        let settings: [[String: String]] = [
            ["GIT_CONFIG_PARAMETERS": "'treereview.format'='plain' 'diff.renames'='false'"],
            ["GIT_CONFIG_PARAMETERS": "'treereview.format=plain' 'diff.renames=false'"],
            ["GIT_CONFIG_COUNT": "2", "GIT_CONFIG_KEY_0": "treereview.format", "GIT_CONFIG_VALUE_0": "plain",
             "GIT_CONFIG_KEY_1": "Diff.Renames", "GIT_CONFIG_VALUE_1": "false"],
        ]
        for environment in settings {
            let result = try Shell.run(Binary.path, ["--no-stat", "--no-untracked", "main..feature"], in: repo, environment: environment)
            #expect(result.status == 0, "\(environment): \(result.error)")
            #expect(result.text.split(separator: "\n").sorted() == expected.split(separator: "\n").sorted(), "\(environment)")
        }
    }

    @Test func valuesGitAcceptsAreAccepted() throws {
        let repo = try repository(appending: "[core]\n\tbare = 0\n\tquotePath = off\n[color]\n\tui = Auto\n\tdiff\n"
                                     + "[color \"diff\"]\n\tmeta = bold #ff0000 ul\n[color \"Diff\"]\n\tmeta = nonsense\n"
                                     + "[diff]\n\tcontext = 1k\n\tsomething = \"a\\tb\" ; comment\n")
        _ = try Shell.git(["diff", "--name-only", "main", "feature"], in: repo)
        let result = try Shell.run(Binary.path, ["--format", "plain", "main..feature"], in: repo)
        #expect(result.status == 0, "\(result.error)")
    }
}
