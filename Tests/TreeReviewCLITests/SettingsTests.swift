import Foundation
import Testing
import TestSupport
@testable import TreeReviewCLI

/// Flag, then git config, then default — decided in one place.
struct SettingsTests {
    private func settings(_ arguments: [String], config: [String: [String]] = [:], environment: [String: String] = [:]) throws -> Settings {
        try Settings.resolve(try ArgumentParser.parse(arguments), config: config, environment: environment)
    }

    @Test func everyListedConfigKeyIsReadAndValidated() throws {
        for key in Settings.configKeys where !Settings.freeFormConfigKeys.contains(key) {
            #expect(throws: UsageError.self, "\(key) is read and a bad value is refused") {
                _ = try settings([], config: [key: ["%%bad%%"]])
            }
            do {
                _ = try settings([], config: [key: ["%%bad%%"]])
            } catch let error as UsageError {
                #expect(error.message.contains(key), "the error names \(key): \(error.message)")
            }
        }
        for key in Settings.freeFormConfigKeys {
            #expect(try settings([], config: [key: ["%%bad%%"]]) != settings([]), "\(key) is read")
        }
        #expect(try settings([], config: ["treereview.unknown": ["%%bad%%"]]) == settings([]),
                "a key that is not listed is not read")
    }

    @Test func flagBeatsConfigBeatsDefault() throws {
        #expect(try settings([]).format == .tree)
        #expect(try settings([], config: ["treereview.format": ["json"]]).format == .json)
        #expect(try settings(["--format", "plain"], config: ["treereview.format": ["json"]]).format == .plain)
        #expect(try settings([], config: ["treereview.flatten": ["false"]]).flatten == false)
        #expect(try settings(["--flatten"], config: ["treereview.flatten": ["false"]]).flatten == true)
        #expect(try settings([], config: ["treereview.sort": ["name"]]).sort == .name)
        #expect(try settings([], config: ["treereview.icons": ["nerd"]]).icons == .nerd)
        #expect(try settings([], config: ["treereview.color": ["always"]]).color == .always)
        #expect(try settings(["--no-color"], config: ["treereview.color": ["always"]]).color == .never)
        #expect(try settings([], config: ["treereview.format": ["plain", "json"]]).format == .json, "the last value wins")
    }

    @Test func zMeansPlainOutputOnlyWithoutStdin() throws {
        #expect(try settings(["-z"]).format == .plain)
        #expect(try settings(["-z"], config: ["treereview.format": ["json"]]).format == .plain, "the command line wins")
        #expect(try settings(["--stdin", "-z"]).format == .tree)
        #expect(try settings(["--stdin", "-z"], config: ["treereview.format": ["json"]]).format == .json)
        #expect(try settings(["--stdin", "-z", "--format", "plain"]).format == .plain)
    }

    @Test func directoriesImplyPlainAndMaxBytesNeedsMarkdown() throws {
        #expect(try settings(["--directories"]).format == .plain)
        #expect(try settings(["--directories=2", "--format", "json"]).format == .json)
        #expect(try settings(["--max-bytes", "65536"], config: ["treereview.format": ["markdown"]]).format == .markdown)
        #expect(throws: UsageError("--max-bytes applies to --format markdown, not tree")) {
            try settings(["--max-bytes", "65536"])
        }
    }

    @Test func badConfigValueNamesTheKey() {
        #expect(throws: UsageError("invalid value 'yaml' for config treereview.format: expected tree, json, markdown or plain")) {
            try settings([], config: ["treereview.format": ["yaml"]])
        }
    }

    @Test func charsetFollowsTheLocale() throws {
        #expect(try settings([], environment: ["LANG": "en_US.UTF-8"]).charset == .unicode)
        #expect(try settings([], environment: ["LANG": "C"]).charset == .ascii)
        #expect(try settings([], environment: ["LC_ALL": "C", "LANG": "en_US.UTF-8"]).charset == .ascii)
        #expect(try settings([], environment: [:]).charset == .unicode)
        #expect(try settings(["--charset", "unicode"], environment: ["LANG": "C"]).charset == .unicode)
    }

    @Test func repositoryConfigReachesTheOutput() throws {
        let repo = try Fixtures.fresh("branches")
        try Shell.git(["config", "treereview.format", "plain"], in: repo)
        let outcome = CLIRunner.run(["main...feature"], in: repo)
        #expect(outcome.text.hasPrefix("Docs/guide/deep/start.md\n"))
        try Shell.git(["config", "treereview.format", "yaml"], in: repo)
        let bad = CLIRunner.run(["main...feature"], in: repo)
        #expect(bad.status == 2)
        #expect(bad.error.contains("treereview.format"))
    }

    @Test func iconOverridesFromConfigWinOverTheCatalog() throws {
        let repo = try Fixtures.fresh("branches")
        try Shell.git(["config", "--add", "treereview.icon", "ext:swift=my-swift"], in: repo)
        try Shell.git(["config", "--add", "treereview.icon", "basename:readme.md=docs"], in: repo)
        try Shell.git(["config", "treereview.icons", "names"], in: repo)
        let outcome = CLIRunner.run(["main...feature"], in: repo)
        #expect(outcome.text.contains("A  my-swift Added.swift"), "\(outcome.text)")
        #expect(outcome.text.contains("M  docs README.md"))
        #expect(outcome.text.contains("M  file-zip-duo logo.gif") == false)
        #expect(outcome.text.contains("M  image-duo logo.gif"))
        let json = try CLIRunner.json(["main...feature"], in: repo)
        let icons = (json["files"] as? [[String: Any]])?.compactMap { $0["icon"] as? String } ?? []
        #expect(icons.contains("my-swift"))
        try Shell.git(["config", "--add", "treereview.icon", "nonsense"], in: repo)
        let bad = CLIRunner.run(["main...feature"], in: repo)
        #expect(bad.status == 2)
        #expect(bad.error.contains("treereview.icon"))
        #expect(bad.error.contains("nonsense"))
    }
}
