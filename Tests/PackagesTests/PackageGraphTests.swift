@testable import Packages
import Testing

/// Package roots, dependency edges across ecosystems, and the affected packages with their chains.
struct PackageGraphTests {
    static func graph(_ files: [String: String]) -> PackageGraph {
        let manifests = files.keys.sorted().compactMap { path in
            PackageManifest.read(ManifestFile(path: Array(path.utf8), contents: .bytes(Array(files[path]!.utf8))))
        }
        return PackageGraph(manifests: manifests)
    }

    static let monorepo: [String: String] = [
        "package.json": #"{"name": "root", "private": true, "workspaces": ["packages/*", "apps/*"]}"#,
        "packages/ui/package.json": #"{"name": "@acme/ui", "dependencies": {"@acme/core": "workspace:*"}}"#,
        "packages/core/package.json": #"{"name": "@acme/core"}"#,
        "apps/web/package.json": #"{"name": "web", "dependencies": {"@acme/ui": "^1.0.0", "react": "18"}}"#,
        "apps/lonely/package.json": #"{"name": "lonely", "dependencies": {"@acme/missing": "workspace:*"}}"#,
        "Cargo.toml": "[workspace]\nmembers = [\"crates/*\"]\n[workspace.dependencies]\nbase = { path = \"crates/base\" }\n",
        "crates/base/Cargo.toml": "[package]\nname = \"base\"\n",
        "crates/mid/Cargo.toml": "[package]\nname = \"mid\"\n[dependencies]\nbase.workspace = true\n",
        "crates/top/Cargo.toml": "[package]\nname = \"top\"\n[dependencies]\nmid = { path = \"../mid\" }\n",
        "go/lib/go.mod": "module example.com/lib\n",
        "go/svc/go.mod": "module example.com/svc\nrequire example.com/lib v0.0.0\nreplace example.com/lib => ../lib\n",
        "swift/Kit/Package.swift": "let package = Package(name: \"Kit\")\n",
        "swift/App/Package.swift": "let package = Package(name: \"App\", dependencies: [.package(path: \"../Kit\")])\n",
    ]

    @Test func rootsAreTheManifestsDirectoriesButAWorkspaceOnlyCargoToml() {
        let graph = Self.graph(Self.monorepo)
        #expect(graph.packages.map(\.displayPath) == [
            ".", "apps/lonely", "apps/web", "crates/base", "crates/mid", "crates/top", "go/lib", "go/svc",
            "packages/core", "packages/ui", "swift/App", "swift/Kit",
        ])
        #expect(graph.packages[0].kinds == [.npm])
        #expect(graph.packages[0].name == "root")
        #expect(graph.package(containing: Array("crates/x/src/lib.rs".utf8)) == 0)
        #expect(graph.packages[graph.package(containing: Array("crates/mid/src/deep/lib.rs".utf8))].displayPath == "crates/mid")
        #expect(graph.package(containing: Array("README.md".utf8)) == 0)
    }

    @Test func edgesFollowEveryEcosystemsLocalDependencies() {
        let graph = Self.graph(Self.monorepo)
        let names = graph.edges.map { "\(graph.packages[$0.dependent].displayPath) -> \(graph.packages[$0.dependency].displayPath)" }
        #expect(Set(names) == [
            "packages/ui -> packages/core", "apps/web -> packages/ui", "crates/mid -> crates/base",
            "crates/top -> crates/mid", "go/svc -> go/lib", "swift/App -> swift/Kit",
        ])
        #expect(graph.notes.map(\.file) == ["apps/lonely/package.json"])
    }

    @Test func affectedFollowsDependentsTransitivelyWithTheirChains() {
        let graph = Self.graph(Self.monorepo)
        let paths = ["packages/core/src/index.ts", "crates/base/src/lib.rs"]
        let selection = PackageSelection(graph: graph, count: paths.count, path: { Array(paths[$0].utf8) }, affected: true)
        let shown = selection.entries.map { entry -> String in
            let path = graph.packages[entry.package].displayPath
            guard case .dependsOn(let changed, let chain)? = entry.reason else { return path }
            let steps = chain.map { graph.packages[$0.dependent].displayPath }.joined(separator: ">")
            return "\(path) by \(graph.packages[changed].displayPath) via \(steps)"
        }
        #expect(shown == [
            "crates/base", "packages/core",
            "apps/web by packages/core via packages/ui>apps/web",
            "crates/mid by crates/base via crates/mid",
            "crates/top by crates/base via crates/mid>crates/top",
            "packages/ui by packages/core via packages/ui",
        ])
    }

    @Test func anAffectsAllFileMakesEveryOtherPackageAffected() {
        let graph = Self.graph(Self.monorepo)
        let paths = ["pnpm-lock.yaml"]
        let selection = PackageSelection(graph: graph, count: 1, path: { Array(paths[$0].utf8) }, affected: true,
                                         affectsAll: AffectsAllRules(["pnpm-lock.yaml"]))
        #expect(selection.entries.count == graph.packages.count)
        #expect(selection.entries.dropFirst().allSatisfy { $0.reason == .affectsAll(file: Array("pnpm-lock.yaml".utf8), pattern: "pnpm-lock.yaml") })
    }

    @Test func globsMatchPiecesAndDoubleStarAnyDepth() {
        #expect(DirectoryGlob("crates/*").matches(Array("crates/a".utf8)))
        #expect(!DirectoryGlob("crates/*").matches(Array("crates/a/b".utf8)))
        #expect(DirectoryGlob("./apps/**").matches(Array("apps/a/b".utf8)))
        #expect(DirectoryGlob("**/Cargo.lock").matches(Array("Cargo.lock".utf8)))
        #expect(!DirectoryGlob("*").matches(Array(".github".utf8)))
        #expect(DirectoryGlob("pkg-?").matches(Array("pkg-1".utf8)))
        #expect(!MemberGlobs(["crates/*", "!crates/old"]).contains(Array("crates/old".utf8)))
    }

    @Test func pathsResolveWithinTheRepositoryOnly() {
        #expect(RepositoryPath.resolve("../core", from: Array("a/b".utf8)) == Array("a/core".utf8))
        #expect(RepositoryPath.resolve("../../..", from: Array("a/b".utf8)) == nil)
        #expect(RepositoryPath.resolve("/abs", from: []) == nil)
        #expect(RepositoryPath.resolve("./x/", from: []) == Array("x".utf8))
    }
}
