import Foundation
import Testing
import TestSupport

/// `--filters`, `--group`, `--predicate-quantifier` and `--group-by group`: dorny/paths-filter's
/// README examples give the groups paths-filter gives (Fixtures/filters/oracle.py: PyYAML and
/// picomatch), and every format shows the groups of the `groups` fixture.
@Suite struct GroupsCLITests {
    static let filtersDirectory = Fixtures.directory + "/filters"
    static let examples = ["subfolders", "packages", "anchors", "statuses", "every-extensions", "markdown", "everything"]

    /// paths-filter's groups for each path of `changes.txt`, as the oracle computes them.
    static func oracle(_ example: String, quantifier: String) throws -> [String: Set<String>] {
        try RequiredTool.require("python3", "node")
        let result = try Shell.run("python3", ["-c", "import yaml"])
        guard result.status == 0 else { throw CLIFailure(message: "the tests need PyYAML: apt-get install python3-yaml") }
        let run = try Shell.run("python3", [filtersDirectory + "/oracle.py", filtersDirectory + "/\(example).yml",
                                            filtersDirectory + "/changes.txt", quantifier])
        guard run.status == 0 else { throw CLIFailure(message: "oracle.py: \(run.error) (apt-get install nodejs node-picomatch)") }
        var groups: [String: Set<String>] = [:]
        for line in run.text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            groups[String(fields[0])] = Set(fields[1].split(separator: " ").map(String.init))
        }
        return groups
    }

    /// The groups treereview gives each path, from `--format json`'s `groups`.
    static func groupsOfPaths(_ json: [String: Any]) -> [String: Set<String>] {
        var byPath: [String: Set<String>] = [:]
        for file in json["files"] as? [[String: Any]] ?? [] { byPath[file["path"] as! String] = [] }
        for (name, group) in json["groups"] as? [String: Any] ?? [:] {
            for path in (group as! [String: Any])["files"] as! [String] { byPath[path, default: []].insert(name) }
        }
        return byPath
    }

    @Test(arguments: examples)
    func pathsFiltersReadmeExamplesGiveItsGroups(example: String) throws {
        let quantifier = example.hasPrefix("every-") ? "every" : "some"
        let expected = try Self.oracle(example, quantifier: quantifier)
        #expect(expected.count == 24, "the oracle answers for every change")
        let input = Array(try String(contentsOfFile: Self.filtersDirectory + "/changes.txt", encoding: .utf8).utf8)
        let json = try CLIRunner.json(["--stdin", "--filters", Self.filtersDirectory + "/\(example).yml",
                                       "--predicate-quantifier", quantifier], in: Self.filtersDirectory, input: input)
        #expect(Self.groupsOfPaths(json) == expected)
    }

    /// Braces, classes and extglobs: needs the picomatch-exact `Glob` (the stand-in reads
    /// them as literals); run after that matcher is merged.
    @Test func bracesClassesAndExtglobsGiveTheOraclesGroupsAfterGlobMatcher() throws {
        let expected = try Self.oracle("extglobs", quantifier: "some")
        #expect(expected["frontend/src/App.tsx"] == ["typescript", "notDocs"])
        let input = Array(try String(contentsOfFile: Self.filtersDirectory + "/changes.txt", encoding: .utf8).utf8)
        let json = try CLIRunner.json(["--stdin", "--filters", Self.filtersDirectory + "/extglobs.yml"], in: Self.filtersDirectory,
                                      input: input)
        #expect(Self.groupsOfPaths(json) == expected)
    }

    @Test func theOracleSeesWhatTheExamplesMean() throws {
        let subfolders = try Self.oracle("subfolders", quantifier: "some")
        #expect(subfolders["frontend/legacy.go"] == ["backend", "frontend"], "a rename out of backend/ changes backend")
        #expect(try Self.oracle("packages", quantifier: "some")["src/package1/index.js"] == [],
                "picomatch's src/package1 is that path only")
        #expect(try Self.oracle("every-extensions", quantifier: "every")["pkg/a/b/c/README.md"] == [])
    }

    static let groupsFixture = "groups"

    @Test func jsonListsEveryGroupInTheFilesOrderWithItsFiles() throws {
        let repository = try Fixtures.repository(Self.groupsFixture)
        let outcome = CLIRunner.run(["--format", "json", "--filters", ".github/filters.yml", "main..feature"], in: repository)
        #expect(outcome.status == 0, "\(outcome.error)")
        let text = outcome.text
        let names = ["backend", "frontend", "web", "added", "untouched"].map { "\"\($0)\":{" }
        let positions = names.compactMap { text.range(of: $0)?.lowerBound }
        #expect(positions.count == names.count && positions == positions.sorted(), "groups in the filters file's order")
        let json = try JSONSerialization.jsonObject(with: Data(outcome.output)) as! [String: Any]
        let groups = json["groups"] as! [String: [String: Any]]
        #expect(groups["backend"]?["files"] as? [String] == ["backend/api.go", "tools/legacy.go"])
        #expect(groups["backend"]?["count"] as? Int == 2)
        #expect(groups["web"]?["files"] as? [String] == ["docs/guide.md", "frontend/app.ts"])
        #expect(groups["added"]?["files"] as? [String] == ["docs/guide.md", "frontend/app.ts", "tools/legacy.go"])
        #expect(groups["untouched"]?["changed"] as? Bool == false && groups["untouched"]?["files"] as? [String] == [])
        let order = (json["files"] as! [[String: Any]]).map { $0["path"] as! String }
        for group in groups.values {
            let files = group["files"] as! [String]
            #expect(files == order.filter(files.contains), "a group's files in the report's order")
        }
    }

    @Test func groupKeepsOnlyThatGroupsFilesInEveryFormat() throws {
        let repository = try Fixtures.repository(Self.groupsFixture)
        let plain = CLIRunner.run(["--format", "plain", "--filters", ".github/filters.yml", "--group", "backend", "main..feature"],
                                  in: repository)
        #expect(plain.status == 0, "\(plain.error)")
        #expect(plain.text == "backend/api.go\ntools/legacy.go\n")
        let two = CLIRunner.run(["--format", "plain", "--filters", ".github/filters.yml", "--group", "backend", "--group", "frontend",
                                 "main..feature"], in: repository)
        #expect(two.text == "backend/api.go\nfrontend/app.ts\ntools/legacy.go\n")
        let json = try CLIRunner.json(["--filters", ".github/filters.yml", "--group", "frontend", "main..feature"], in: repository)
        let comparison = json["comparison"] as! [String: Any]
        #expect((comparison["filters"] as! [[String: Any]]).first?["groups"] as? [String] == ["frontend"])
        #expect((json["files"] as! [[String: Any]]).map { $0["path"] as! String } == ["frontend/app.ts"])
        let exit = CLIRunner.run(["--filters", ".github/filters.yml", "--group", "untouched", "--exit-code", "main..feature"],
                                 in: repository)
        #expect(exit.status == 0, "an unchanged group: nothing listed, exit 0")
    }

    @Test func theTreeHeaderNamesTheChangedGroupsAndGroupByGroupGivesSections() throws {
        let repository = try Fixtures.repository(Self.groupsFixture)
        let tree = CLIRunner.run(["--no-stat", "--filters", ".github/filters.yml", "main..feature"], in: repository)
        #expect(tree.status == 0, "\(tree.error)")
        let header = tree.text.split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.hasSuffix(" · 4 of 5 groups changed: backend, frontend, web, added"), "\(header)")
        let grouped = CLIRunner.run(["--no-stat", "--filters", ".github/filters.yml", "--group-by", "group", "main..feature"],
                                    in: repository)
        #expect(grouped.status == 0, "\(grouped.error)")
        let lines = grouped.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let headings = lines.filter { $0.contains(" · ") && !$0.contains("main..feature") }
        #expect(headings == ["backend · 2 files", "frontend · 1 file", "web · 2 files", "added · 3 files", "no group · 1 file"])
        let noGroup = try #require(lines.firstIndex(of: "no group · 1 file"))
        #expect(lines[noGroup + 1].hasSuffix("README.md"))
    }

    @Test func markdownGroupByGroupHasASectionPerChangedGroup() throws {
        let repository = try Fixtures.repository(Self.groupsFixture)
        let outcome = CLIRunner.run(["--format", "markdown", "--filters", ".github/filters.yml", "--group-by", "group", "main..feature"],
                                    in: repository)
        #expect(outcome.status == 0, "\(outcome.error)")
        let text = outcome.text
        #expect(text.hasPrefix("### `main..feature` · 5 files changed · 4 of 5 groups changed: `backend`, `frontend`, `web`, `added`\n"))
        let sections = text.split(separator: "\n").filter { $0.hasPrefix("#### ") }
        #expect(sections == ["#### `backend` · 2 files", "#### `frontend` · 1 file", "#### `web` · 2 files",
                             "#### `added` · 3 files", "#### no group · 1 file"])
    }

    @Test func stdinWorksWithoutARepository() throws {
        let directory = try Fixtures.temporaryDirectory()
        try "docs: 'docs/**'\ncode: ['**', '!docs/**']\n".write(toFile: directory + "/f.yml", atomically: true, encoding: .utf8)
        let outcome = CLIRunner.run(["--stdin", "--format", "plain", "--filters", "f.yml", "--group", "code"], in: directory,
                                    input: Array("M\tdocs/a.md\nA\tsrc/b.c\nD\tc.txt\n".utf8))
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.text == "c.txt\nsrc/b.c\n")
        let every = CLIRunner.run(["--stdin", "--format", "plain", "--filters", "f.yml", "--group", "code", "--predicate-quantifier",
                                   "every"], in: directory, input: Array("M\tdocs/a.md\nA\tsrc/b.c\n".utf8))
        #expect(every.text == "src/b.c\n")
    }

    @Test(arguments: [
        ("a: [b", "f.yml:2:1: did not find expected ',' or ']' while parsing a flow sequence"),
        ("a: 12", "f.yml:1:4: in group 'a': '12' is a number, not a glob (quote it to make it one)"),
        ("a:\n  - moved: 'x'", "f.yml:2:5: in group 'a': unknown status 'moved' (expected added, modified, deleted, renamed, copied, unmerged)"),
        ("- 'a'", "f.yml:1:1: expected a mapping of group names to globs, found a list"),
        ("", "f.yml: the filters file is empty: expected a mapping of group names to globs"),
    ])
    func aMalformedFiltersFileIsOneLineAndExitTwo(text: String, message: String) throws {
        let directory = try Fixtures.temporaryDirectory()
        try text.write(toFile: directory + "/f.yml", atomically: true, encoding: .utf8)
        let outcome = CLIRunner.run(["--stdin", "--filters", "f.yml"], in: directory, input: Array("M\ta\n".utf8))
        #expect(outcome.status == 2)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errorLines == ["treereview: " + message[...]])
    }

    @Test(arguments: [
        (["--filters", "missing.yml"], "treereview: missing.yml: cannot read the filters file: No such file or directory"),
        (["--filters", "f.yml", "--group", "nope"], "treereview: --group 'nope': f.yml has no such group (its groups: 'docs', 'code')"),
        (["--group", "docs"], "treereview: --group needs --filters <file>, whose groups it names"),
        (["--filters", "f.yml", "--group-by", "group", "--format", "json"],
         "treereview: --group-by group applies to --format tree or markdown, not json"),
        (["--filters", "f.yml", "--predicate-quantifier", "all"],
         "treereview: invalid value 'all' for --predicate-quantifier: expected one of some, every"),
    ])
    func misusedOptionsAreOneLineAndExitTwo(arguments: [String], message: String) throws {
        let directory = try Fixtures.temporaryDirectory()
        try "docs: 'docs/**'\ncode: ['**', '!docs/**']\n".write(toFile: directory + "/f.yml", atomically: true, encoding: .utf8)
        let outcome = CLIRunner.run(["--stdin"] + arguments, in: directory, input: Array("M\ta\n".utf8))
        #expect(outcome.status == 2)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errorLines == [message[...]])
    }

    @Test func hostileGroupNamesReachNeitherTheTerminalNorMarkdownAsMarkup() throws {
        let directory = try Fixtures.temporaryDirectory()
        try "\"evil\\e[31m\": '**'\n\"*bold* <b>\": '**'\n".write(toFile: directory + "/f.yml", atomically: true, encoding: .utf8)
        let tree = CLIRunner.run(["--stdin", "--filters", "f.yml"], in: directory, input: Array("M\ta\n".utf8))
        #expect(tree.status == 0, "\(tree.error)")
        #expect(!tree.output.contains(0x1B) && tree.text.contains("evil\\e[31m"))
        let markdown = CLIRunner.run(["--stdin", "--format", "markdown", "--filters", "f.yml", "--group-by", "group"], in: directory,
                                     input: Array("M\ta\n".utf8))
        #expect(markdown.text.contains("#### `*bold* <b>` · 1 file"))
    }
}
