import Foundation
import Testing
import TestSupport

/// `--packages`, `--affected`, `--affects-all` and `--group-by package` on the
/// `monorepo-packages` fixture (SwiftPM, npm workspaces, Cargo, Go, Python), in every format.
struct PackagesCLITests {
    static let changedRoots = [".", "apps/docs", "crates/base", "libs/shared", "packages/core", "python/lib", "swift/Kit"]
    static let affectedRoots = ["apps/web", "crates/cli", "crates/engine", "packages/ui", "python/tool", "services/api", "swift/App"]
    static let manifestNames: Set<String> = ["Package.swift", "package.json", "Cargo.toml", "go.mod", "pyproject.toml"]

    /// Each changed path's nearest directory holding a manifest on `feature`, from git's own
    /// lists (the fixture's only workspace-only Cargo.toml is at the top, beside a package.json).
    static func expectedRoots(_ repository: String, old: String = "main", new: String = "feature",
                              filter: String? = nil) throws -> [String] {
        let files = try Shell.git(["ls-tree", "-r", "--name-only", new], in: repository).text.split(separator: "\n")
        let roots = Set(files.filter { manifestNames.contains(String($0.split(separator: "/").last!)) }
            .map { $0.split(separator: "/").dropLast().joined(separator: "/") })
        let changed = try Shell.git(["diff", "--name-status", "-M"] + (filter.map { ["--diff-filter=" + $0] } ?? []) + [old, new],
                                    in: repository).text.split(separator: "\n")
        var found: Set<String> = []
        for line in changed {
            for path in line.split(separator: "\t").dropFirst() {
                var pieces = path.split(separator: "/").dropLast()
                while !pieces.isEmpty && !roots.contains(pieces.joined(separator: "/")) { pieces = pieces.dropLast() }
                found.insert(pieces.isEmpty ? "." : pieces.joined(separator: "/"))
            }
        }
        return found.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    @Test func plainListsTheChangedRootsAsGitsPathsPlaceThem() throws {
        let repository = try Fixtures.repository("monorepo-packages")
        #expect(try Self.expectedRoots(repository) == Self.changedRoots)
        let outcome = CLIRunner.run(["--format", "plain", "--packages", "main..feature"], in: repository)
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.text.split(separator: "\n").map(String.init) == Self.changedRoots)
        let nul = CLIRunner.run(["-z", "--packages", "main..feature"], in: repository)
        #expect(nul.output == Array(Self.changedRoots.joined(separator: "\0").utf8) + [0])
    }

    /// A report listing some of the changes places only those (the packages' work, begun on
    /// every change before the report is made, is redone for the files kept).
    @Test(arguments: ["R", "M", "A", "AD"])
    func aStatusFilterPlacesOnlyTheFilesItKeeps(filter: String) throws {
        let repository = try Fixtures.repository("monorepo-packages")
        let expected = try Self.expectedRoots(repository, filter: filter)
        #expect(!expected.isEmpty && expected != Self.changedRoots)
        let outcome = CLIRunner.run(["--format", "plain", "--packages", "--status", filter, "main..feature"], in: repository)
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.text.split(separator: "\n").map(String.init) == expected)
    }

    /// The index's manifests are read through the readable copy of a sparse index (libgit2
    /// refuses its `sdir` extension), on the packages' own thread as on the main one.
    @Test(arguments: [["--staged"], [], ["--stdin"]])
    func aSparseIndexsManifestsAreRead(arguments: [String]) throws {
        let repo = try Fixtures.fresh("sparse")
        try #"{"name": "inside"}"#.write(toFile: repo + "/in/package.json", atomically: true, encoding: .utf8)
        try Shell.git(["add", "in/package.json"], in: repo)
        let input = arguments == ["--stdin"] ? Array("A\tin/package.json\nM\tin/i.txt\n".utf8) : []
        let full = CLIRunner.run(["--format", "plain", "--packages"] + arguments, in: repo, input: input)
        #expect(full.status == 0, "\(full.error)")
        #expect(full.text.split(separator: "\n").contains("in"), "\(full.text)")
        try Shell.git(["sparse-checkout", "set", "--sparse-index", "in"], in: repo)
        let sparse = CLIRunner.run(["--format", "plain", "--packages"] + arguments, in: repo, input: input)
        #expect(sparse.status == 0, "\(sparse.error)")
        #expect(sparse.text == full.text)
    }

    /// Enough package directories that the walk below the top two levels is split over threads.
    @Test func aWideTreesManifestsAreAllFound() throws {
        let repository = try Fixtures.repository("packages-wide")
        let expected = try Self.expectedRoots(repository, old: "HEAD~1", new: "HEAD")
        #expect(expected.count == 12 + 16)
        let outcome = CLIRunner.run(["--format", "plain", "--packages", "HEAD~1..HEAD"], in: repository)
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.text.split(separator: "\n").map(String.init) == expected)
    }

    @Test func affectedAddsEveryDependentTransitively() throws {
        let repository = try Fixtures.repository("monorepo-packages")
        let outcome = CLIRunner.run(["--format", "plain", "--affected", "main..feature"], in: repository)
        #expect(outcome.status == 0, "\(outcome.error)")
        let expected = (Self.changedRoots + Self.affectedRoots).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        #expect(outcome.text.split(separator: "\n").map(String.init) == expected)
        #expect(outcome.errorLines == ["treereview: warning: swift/Odd/Package.swift:6: .package(path:) not understood: root is not a string literal"])
    }

    @Test func jsonSaysWhichChangedPackageReachedEachAffectedOneAndThrough() throws {
        let repository = try Fixtures.repository("monorepo-packages")
        let outcome = CLIRunner.run(["--format", "json", "--affected", "main..feature"], in: repository)
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(try SchemaValidator.errors(outcome.output) == [])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output)) as? [String: Any])
        let packages = try #require(document["packages"] as? [[String: Any]])
        let byPath = Dictionary(uniqueKeysWithValues: packages.map { ($0["path"] as! String, $0) })
        #expect(packages.filter { $0["changed"] as? Bool == true }.map { $0["path"] as! String } == Self.changedRoots)
        let core = try #require(byPath["packages/core"])
        #expect(core["name"] as? String == "@acme/core" && core["kind"] as? String == "npm")
        #expect(core["files"] as? [String] == ["packages/core/src/index.ts", "packages/core/src/moved.md"])
        #expect(byPath["apps/docs"]?["files"] as? [String] == ["apps/docs/pages/intro.md", "packages/core/src/moved.md"])
        let web = try #require(byPath["apps/web"]?["affected"] as? [String: Any])
        #expect(web["reason"] as? String == "dependency" && web["by"] as? String == "packages/core")
        let chain = try #require(web["chain"] as? [[String: Any]])
        #expect(chain.map { $0["dependent"] as! String } == ["packages/ui", "apps/web"])
        #expect(chain.map { $0["declaration"] as! String } == [#"dependencies "@acme/core": "workspace:^""#, #"dependencies "@acme/ui": "workspace:*""#])
        #expect(chain.first?["line"] as? Int == 4)
        let cli = try #require(byPath["crates/cli"]?["affected"] as? [String: Any])
        #expect((cli["chain"] as? [[String: Any]])?.map { $0["manifest"] as! String } == ["crates/engine/Cargo.toml", "crates/cli/Cargo.toml"])
        #expect((byPath["services/api"]?["affected"] as? [String: Any])?["by"] as? String == "libs/shared")
        #expect((byPath["swift/App"]?["affected"] as? [String: Any])?["by"] as? String == "swift/Kit")
        #expect(byPath["swift/Odd"] == nil)
        let notes = try #require(document["packageNotes"] as? [[String: Any]])
        #expect(notes.map { "\($0["file"]!):\($0["line"]!)" } == ["swift/Odd/Package.swift:6"])
        #expect(try CLIRunner.json(["main..feature"], in: repository)["packages"] == nil)
    }

    @Test func anAffectsAllFileMakesEveryPackageAffected() throws {
        let repository = try Fixtures.repository("monorepo-packages")
        let document = try CLIRunner.json(["--affects-all", "pnpm-lock.yaml", "--affects-all", ".github/**", "main..feature"], in: repository)
        let packages = try #require(document["packages"] as? [[String: Any]])
        let odd = try #require(packages.first { $0["path"] as? String == "swift/Odd" }?["affected"] as? [String: Any])
        #expect(odd["reason"] as? String == "affectsAll" && odd["file"] as? String == "pnpm-lock.yaml")
        #expect(packages.count == Self.changedRoots.count + Self.affectedRoots.count + 1)
        let none = try CLIRunner.json(["--affects-all", "*.lock", "main..feature"], in: repository)
        #expect((none["packages"] as? [[String: Any]])?.count == Self.changedRoots.count + Self.affectedRoots.count)
    }

    @Test func treeGroupsByPackageAndListsPackagesAfterTheFiles() throws {
        let repository = try Fixtures.repository("monorepo-packages")
        let listed = CLIRunner.run(["--affected", "--no-color", "main..feature"], in: repository)
        #expect(listed.status == 0, "\(listed.error)")
        let lines = listed.text.split(separator: "\n").map(String.init)
        #expect(lines.contains("packages · 7 changed, 7 affected"))
        #expect(lines.contains("  packages/core · @acme/core · npm · 2 files"))
        #expect(lines.contains("  apps/web · web · npm · depends on packages/core through packages/ui"))
        let grouped = CLIRunner.run(["--group-by", "package", "--no-color", "--charset", "ascii", "main..feature"], in: repository)
        #expect(grouped.status == 0, "\(grouped.error)")
        let groupLines = grouped.text.split(separator: "\n").map(String.init)
        let core = try #require(groupLines.firstIndex(of: "packages/core - @acme/core - npm - 2 files"))
        #expect(groupLines[core + 1].hasPrefix("packages/core/src/"))
        #expect(groupLines.contains(". - acme - npm - 2 files"))
        #expect(!groupLines.contains { $0.hasPrefix("affected") })
    }

    @Test func markdownGroupsByPackageWithTheAffectedListed() throws {
        let repository = try Fixtures.repository("monorepo-packages")
        let outcome = CLIRunner.run(["--format", "markdown", "--group-by", "package", "--affected", "main..feature"], in: repository)
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.text.contains("#### `packages/core` · `@acme/core · npm` · 2 files\n\n"))
        #expect(outcome.text.contains("#### affected · 7 packages\n\n"))
        #expect(outcome.text.contains("- `apps/web` · `web · npm` · depends on `packages/core` through `packages/ui`\n"))
    }

    @Test func stdinReadsTheWorkingTreesManifests() throws {
        let repository = try Fixtures.repository("monorepo-packages")
        let input = try Shell.git(["diff", "--name-status", "-M", "main", "feature"], in: repository).output
        let outcome = CLIRunner.run(["--stdin", "--format", "plain", "--packages"], in: repository, input: input)
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.text.split(separator: "\n").map(String.init) == Self.changedRoots)
        let outside = try Fixtures.temporaryDirectory()
        let refused = CLIRunner.run(["--stdin", "--packages"], in: outside, input: Array("a/b.txt\n".utf8))
        #expect(refused.status == 2 && refused.output.isEmpty)
        #expect(refused.errorLines.count == 1 && refused.error.contains("--packages with --stdin reads the manifests of the working tree"))
    }

    @Test func theWorkingTreesUntrackedAndMalformedManifestsAreRead() throws {
        let repository = try Fixtures.fresh("monorepo-packages")
        try FileManager.default.createDirectory(atPath: repository + "/apps/new", withIntermediateDirectories: true)
        try Data(#"{"name": "new", "dependencies": {"@acme/core": "workspace:*"}}"#.utf8).write(to: URL(fileURLWithPath: repository + "/apps/new/package.json"))
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: repository + "/packages/ui/package.json"))
        try Data("more\n".utf8).write(to: URL(fileURLWithPath: repository + "/packages/core/src/index.ts"), options: .atomic)
        let outcome = CLIRunner.run(["--format", "plain", "--affected"], in: repository)
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.text.split(separator: "\n").map(String.init) == ["apps/new", "packages/core", "packages/ui"])
        #expect(outcome.errorLines.contains("treereview: warning: packages/ui/package.json: not read: not valid JSON"))
        let staged = CLIRunner.run(["--format", "plain", "--affected", "--staged"], in: repository)
        #expect(staged.text.isEmpty && staged.status == 0)
    }

    @Test(arguments: [
        (["--group-by", "package", "--format", "json", "main..feature"], "--group-by package applies to --format tree or markdown, not json"),
        (["--affects-all", "", "main..feature"], "empty pattern for --affects-all"),
        (["--packages", "--directories", "main..feature"], "--packages and --directories each list something else: give one of them"),
        (["--group-by", "packages", "main..feature"], "invalid value 'packages' for --group-by: expected one of owner, package, group (did you mean 'package'?)"),
    ])
    func badOptionsAreOneLineAndStatusTwo(arguments: [String], message: String) throws {
        let repository = try Fixtures.repository("monorepo-packages")
        let outcome = CLIRunner.run(arguments, in: repository)
        #expect(outcome.status == 2 && outcome.output.isEmpty)
        #expect(outcome.errorLines.map(String.init) == ["treereview: " + message])
    }
}
