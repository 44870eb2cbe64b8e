import Foundation
import Testing
import TestSupport
import TreeModel

/// README.md tells the truth: its sample is the real output of its command, and each
/// example of `## Use` runs, as written, on `Fixtures/repos/readme.sh`'s repository and does
/// what its comment says, checked against git.
struct ReadmeTests {
    /// One run of an example: what it printed, the repository it ran in, and the file the
    /// `swift-format` stand-in wrote its arguments to.
    struct Run {
        let result: Shell.Result
        let repo: String
        let log: String
    }

    typealias Check = @Sendable (Run) throws -> Void

    @Test func theSampleIsTheRealOutputOfItsCommand() throws {
        let repo = try Fixtures.repository("readme")
        let sample = ReadmeDocument.sample
        #expect(sample.command == "treereview main...feature")
        let result = try ReadmeDocument.run(sample.command, in: repo)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.text == sample.output, "\(Golden.lineDiff(expected: sample.output, actual: result.text))")

        // Independently: the sample's header and rows are git's figures.
        let shown = try RenderedTree(parsing: sample.output)
        let git = try GitOracle.changes(in: repo, ["main...feature"])
        #expect(shown.headerDifferences(from: git) == [])
        #expect(shown.differences(from: git) == [])
        #expect(shown.header.files == git.count && git.count > 10)
    }

    @Test(arguments: ReadmeDocument.examples)
    func exampleDoesWhatItsCommentSays(_ example: ReadmeDocument.Example) throws {
        let repo = try Fixtures.repository("readme")
        guard let check = Self.checks[example.command] else {
            Issue.record("README example without a test: \(example.command)")
            return
        }
        #expect(!example.comment.isEmpty, "every example says what it does")
        let tools = try Self.standIns()
        let log = tools + "/swift-format.log"
        let result = try ReadmeDocument.run(example.command, in: repo, tools: tools, environment: ["SWIFT_FORMAT_LOG": log])
        #expect(result.status == 0, "\(result.error)")
        #expect(!result.output.isEmpty || FileManager.default.fileExists(atPath: log))
        try check(Run(result: result, repo: repo, log: log))
    }

    @Test func everyTestedExampleIsInTheReadme() {
        let commands = Set(ReadmeDocument.examples.map(\.command))
        #expect(commands.count == ReadmeDocument.examples.count, "an example is listed twice")
        #expect(Set(Self.checks.keys) == commands)
    }

    @Test func theExamplesUseOnlyRealOptions() throws {
        let help = try Shell.run(Binary.path, ["--help"]).text
        let known = DocumentedOption.fromHelp(help).reduce(into: Set<String>()) { $0.formUnion($1.names) }
        let used = ReadmeDocument.examples.flatMap { example in
            example.command.split(separator: "|").filter { $0.trimmingPrefix(while: \.isWhitespace).hasPrefix("treereview") }
                .flatMap { $0.split(separator: " ").filter { $0.hasPrefix("-") && $0 != "--" } }
                .map { $0.hasPrefix("--") ? String($0.prefix { $0 != "=" }) : String($0.prefix(2)) }
        }
        #expect(used.count >= 10)
        #expect(Set(used).subtracting(known).isEmpty, "README examples use options treereview does not have: \(Set(used).subtracting(known))")
    }

    /// A directory with a `swift-format` stand-in that appends its arguments, each followed by a NUL,
    /// to `$SWIFT_FORMAT_LOG`.
    static func standIns() throws -> String {
        let directory = try Fixtures.temporaryDirectory()
        let script = "#!/bin/sh\n[ \"$1\" = lint ] || exit 3\nshift\nprintf '%s\\0' \"$@\" >> \"$SWIFT_FORMAT_LOG\"\n"
        try ExecutableFile.write(script, to: directory + "/swift-format")
        return directory
    }

    /// The tree in `result`, compared with git's answer for `arguments`.
    static func expectTree(
        _ result: Shell.Result, _ repo: String, git arguments: [String], pathspecs: [String] = [], untracked: Bool = false,
        icons: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (tree: RenderedTree, git: [FileChange]) {
        let tree = try RenderedTree(parsing: result.text, icons: icons)
        let git = try GitOracle.changes(in: repo, arguments, pathspecs: pathspecs, untracked: untracked)
        #expect(!git.isEmpty, sourceLocation: sourceLocation)
        #expect(tree.differences(from: git) == [], sourceLocation: sourceLocation)
        #expect(tree.headerDifferences(from: git) == [], sourceLocation: sourceLocation)
        return (tree, git)
    }

    static let checks: [String: Check] = [
        "treereview": { run in
            let (result, repo) = (run.result, run.repo)
            let (tree, git) = try expectTree(result, repo, git: ["HEAD"], untracked: true)
            #expect(tree.header.title == "HEAD → working tree")
            #expect(Set(git.compactMap(\.status)) == [.modified, .untracked], "the fixture has staged, unstaged and untracked changes")
        },
        "treereview main...feature": { run in
            let (result, repo) = (run.result, run.repo)
            _ = try expectTree(result, repo, git: ["main...feature"])
            let base = try Shell.git(["merge-base", "main", "feature"], in: repo).text.trimmingCharacters(in: .newlines)
            #expect(try GitOracle.changes(in: repo, [base, "feature"]) == GitOracle.changes(in: repo, ["main...feature"]))
        },
        "treereview v1.0 v2.0": { run in
            let (result, repo) = (run.result, run.repo)
            let (tree, _) = try expectTree(result, repo, git: ["v1.0", "v2.0"])
            let range = try RenderedTree(parsing: try ReadmeDocument.run("treereview v1.0..v2.0", in: repo).text)
            #expect(range.rows.map(\.text) == tree.rows.map(\.text))
            #expect(range.header.counts == tree.header.counts && range.header.files == tree.header.files)
        },
        "treereview HEAD~3": { run in
            let (result, repo) = (run.result, run.repo)
            let (tree, _) = try expectTree(result, repo, git: ["HEAD~3"], untracked: true)
            #expect(tree.header.title == "HEAD~3 → working tree")
        },
        "treereview --staged": { run in
            let (result, repo) = (run.result, run.repo)
            _ = try expectTree(result, repo, git: ["--cached"])
            try expectStagedInsideAPreCommitHook()
        },
        "treereview main...feature -- Sources": { run in
            let (result, repo) = (run.result, run.repo)
            let (tree, git) = try expectTree(result, repo, git: ["main...feature"], pathspecs: ["Sources"])
            #expect(tree.files.allSatisfy { $0.path.description.hasPrefix("Sources/") })
            #expect(git.count < (try GitOracle.changes(in: repo, ["main...feature"])).count)
        },
        "treereview --format json main..feature | jq '.summary'": { run in
            let (result, repo) = (run.result, run.repo)
            let summary = try JSONSerialization.jsonObject(with: Data(result.output)) as? [String: Any]
            let git = try GitOracle.changes(in: repo, ["main..feature"])
            #expect(ReportJSON.summaryDifferences(summary ?? [:], from: git) == [])
        },
        "treereview --format json --hunks main...feature": { run in
            let files = try HunksTests.files(run.result.output)
            #expect(files.count > 5)
            for (path, file) in files where file["hunks"] is [Any] && file["status"] as? String != "typeChanged" {
                let paths = [file["oldPath"] as? String, path].compactMap { $0 }
                #expect(try HunksTests.hunks(of: file) == GitOracle.hunks(in: run.repo, ["main...feature"], paths: paths)
                        .withSections(1), "\(path)")
            }
        },
        "treereview -z --status=d main... | xargs -0 swift-format lint": { run in
            let (result, repo) = (run.result, run.repo)
            let log = try #require(FileManager.default.contents(atPath: run.log))
            let linted = log.split(separator: 0).map { Array($0) }
            let git = try Shell.git(["diff", "-z", "--name-only", "--diff-filter=d", "main..."], in: repo).output
            #expect(linted.sorted { $0.lexicographicallyPrecedes($1) } == git.split(separator: 0).map { Array($0) }.sorted { $0.lexicographicallyPrecedes($1) })
            #expect(linted.count > 5)
        },
        "treereview main...feature --depth 1": { run in
            let (result, repo) = (run.result, run.repo)
            let (tree, _) = try expectTree(result, repo, git: ["main...feature"])
            for row in tree.rows where row.isDirectory {
                #expect((row.rollUp == nil) == (row.level == 0), "\(row.text)")
            }
            #expect(tree.rows.allSatisfy { $0.level <= 1 })
            #expect(tree.rows.contains { $0.rollUp != nil })
        },
        "treereview main...feature --search model": { run in
            let (result, repo) = (run.result, run.repo)
            let matches = try GitOracle.changes(in: repo, ["main...feature"]).filter { $0.path.description.lowercased().contains("model") }
            let tree = try RenderedTree(parsing: result.text)
            #expect(matches.count >= 2)
            #expect(tree.files.allSatisfy { $0.path.description.lowercased().contains("model") })
            #expect(tree.differences(from: matches) == [])
            #expect(tree.headerDifferences(from: matches) == [])
        },
        "treereview main...feature --status=d": { run in
            let (result, repo) = (run.result, run.repo)
            let (tree, _) = try expectTree(result, repo, git: ["--diff-filter=d", "main...feature"])
            #expect(!tree.files.contains { $0.status == "D" })
            #expect(try GitOracle.changes(in: repo, ["main...feature"]).contains { $0.status == .deleted })
        },
        "treereview main...feature --icons nerd": { run in
            let (result, repo) = (run.result, run.repo)
            let (tree, _) = try expectTree(result, repo, git: ["main...feature"], icons: true)
            for row in tree.rows {
                #expect(row.label.unicodeScalars.contains { (0xE000...0xF8FF).contains($0.value) }, "no Nerd Font glyph in \(row.label)")
            }
        },
        "git diff --name-status -z -M v1.0 v2.0 | treereview --stdin -z": { run in
            let (result, repo) = (run.result, run.repo)
            let tree = try RenderedTree(parsing: result.text)
            let git = try GitOracle.changes(in: repo, ["-M", "v1.0", "v2.0"])
            #expect(tree.differences(from: git, checks: .origins) == [])
            #expect(tree.headerDifferences(from: git, lines: false) == [])
            let list = try Shell.git(["diff", "--name-status", "-z", "-M", "v1.0", "v2.0"], in: repo).output
            let elsewhere = try Fixtures.temporaryDirectory()
            let outside = try ReadmeDocument.run("treereview --stdin -z", in: elsewhere,
                                                 environment: ["GIT_CEILING_DIRECTORIES": elsewhere], input: list)
            #expect(outside.status == 0 && outside.output == result.output, "no repository needed: \(outside.error)")
        },
    ]

    /// The README's `treereview --staged`, run by git's pre-commit hook during `git commit -a`,
    /// sees exactly what is being committed.
    static func expectStagedInsideAPreCommitHook() throws {
        let repo = try Fixtures.fresh("readme")
        let report = repo + "/../staged-in-hook.txt"
        let binaries = URL(fileURLWithPath: Binary.path).deletingLastPathComponent().path
        let hook = "#!/bin/sh\nPATH='\(binaries)':\"$PATH\" treereview --staged > '\(report)' 2>&1\n"
        try ExecutableFile.write(hook, to: repo + "/.git/hooks/pre-commit")
        try Shell.git(["-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-a", "-m", "hooked"], in: repo)
        let seen = try RenderedTree(parsing: try String(contentsOfFile: report, encoding: .utf8))
        let committed = try GitOracle.changes(in: repo, ["HEAD~1", "HEAD"])
        #expect(committed.count == 2, "the staged and the unstaged change, not the untracked file")
        #expect(seen.differences(from: committed) == [])
        #expect(seen.header.title == "HEAD → index")
    }
}
