@testable import Packages
import Testing

/// Each manifest reader on the forms its ecosystem writes, and on what it must not guess.
struct ManifestReaderTests {
    static func read(_ path: String, _ text: String) -> PackageManifest {
        PackageManifest.read(ManifestFile(path: Array(path.utf8), contents: .bytes(Array(text.utf8))))!
    }

    @Test func swiftManifestGivesItsNameAndLiteralPathsOnly() {
        let manifest = Self.read("apps/Tool/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let local = "../Core"
            // .package(path: "../Commented"),
            let package = Package(
                name: "Tool",
                dependencies: [
                    .package(path: "../Kit"),
                    .package(name: "Named", path: "../Named"),
                    .package(url: "https://example.com/x.git", from: "1.0.0"),
                    .package(path: local),
                    .package(path: "../\\(local)"),
                ]
            )
            """)
        #expect(manifest.name == "Tool")
        #expect(manifest.dependencies.map(\.target) == [.path("../Kit"), .path("../Named")])
        #expect(manifest.dependencies.map(\.line) == [8, 9])
        #expect(manifest.notes.map(\.line) == [11, 12])
        #expect(manifest.notes.allSatisfy { $0.message.hasPrefix(".package(path:) not understood") })
    }

    @Test func swiftManifestNameNotALiteralIsANote() {
        let manifest = Self.read("Package.swift", "let package = Package(\n  name: prefix + \"X\"\n)\n#if os(Linux)\n#endif\n")
        #expect(manifest.name == nil)
        #expect(manifest.notes.map(\.line) == [4, 1])
    }

    @Test func packageJSONGivesNameWorkspacesAndEveryDependencyKind() {
        let manifest = Self.read("package.json", """
            {"name": "root", "workspaces": {"packages": ["packages/*", "apps/**"]},
             "dependencies": {"@acme/ui": "workspace:*", "left-pad": "^1.0.0"},
             "devDependencies": {"@acme/tool": "workspace:^"},
             "peerDependencies": {"react": "^18"},
             "optionalDependencies": {"local": "file:../local"}}
            """)
        #expect(manifest.name == "root")
        #expect(manifest.isWorkspace)
        #expect(manifest.workspaceMembers == ["packages/*", "apps/**"])
        #expect(manifest.dependencies.map(\.target) == [
            .name("@acme/ui", range: "workspace:*"), .name("left-pad", range: "^1.0.0"),
            .name("@acme/tool", range: "workspace:^"), .name("react", range: "^18"), .path("../local"),
        ])
        #expect(manifest.dependencies.first?.line == 2)
    }

    @Test func malformedPackageJSONIsANoteAndStillARoot() {
        let manifest = Self.read("web/package.json", "{\"name\": ")
        #expect(manifest.isPackage)
        #expect(manifest.notes.map(\.message) == ["not read: not valid JSON"])
    }

    @Test func cargoReadsPackageWorkspaceAndEveryPathForm() {
        let manifest = Self.read("crates/app/Cargo.toml", """
            [package]
            name = "app" # the binary
            version = "0.1.0"

            [dependencies]
            core = { path = "../core", version = "0.1" }
            serde = "1"
            util.path = "../util"
            shared = { workspace = true }

            [dev-dependencies.testkit]
            path = '../testkit'

            [target.'cfg(unix)'.dependencies]
            unixy = { path = "../unixy" }

            [build-dependencies]
            gen = { path = "../gen" }
            """)
        #expect(manifest.isPackage)
        #expect(manifest.name == "app")
        #expect(manifest.dependencies.map(\.target) == [
            .path("../core"), .path("../util"), .workspace("shared"), .path("../testkit"), .path("../unixy"), .path("../gen"),
        ])
        #expect(manifest.dependencies.map(\.section) == [
            "[dependencies]", "[dependencies]", "[dependencies]", "[dev-dependencies]", "[target.cfg(unix).dependencies]", "[build-dependencies]",
        ])
        #expect(manifest.notes.isEmpty)
    }

    @Test func cargoWorkspaceOnlyIsNoPackage() {
        let manifest = Self.read("Cargo.toml", """
            [workspace]
            members = [
                "crates/*",   # every crate
                "tools/gen",
            ]
            exclude = ["crates/old"]

            [workspace.dependencies]
            shared = { path = "crates/shared" }
            """)
        #expect(!manifest.isPackage)
        #expect(manifest.isWorkspace)
        #expect(manifest.workspaceMembers == ["crates/*", "tools/gen", "!crates/old"])
        #expect(manifest.workspaceDependencies == ["shared": "crates/shared"])
    }

    @Test func tomlLineItCannotReadIsANoteAndReadingGoesOn() {
        let manifest = Self.read("Cargo.toml", "[package]\nname = \"x\"\nbroken = {\n[dependencies]\ny = { path = \"../y\" }\n")
        #expect(manifest.name == "x")
        #expect(manifest.notes.map(\.line) == [3])
        #expect(manifest.dependencies.map(\.target) == [.path("../y")])
    }

    @Test func goModFollowsReplacesOfRequiredModulesToLocalPaths() {
        let manifest = Self.read("services/api/go.mod", """
            module example.com/api

            go 1.22

            require (
                example.com/lib v0.0.0 // indirect
                example.com/other v1.2.3
            )
            require example.com/single v1.0.0

            replace example.com/lib => ../../libs/lib
            replace (
                example.com/single v1.0.0 => ./single
                example.com/other => example.com/fork v1.2.4
                example.com/unused => ../unused
            )
            """)
        #expect(manifest.name == "example.com/api")
        #expect(manifest.dependencies.map(\.target) == [.path("../../libs/lib"), .path("./single")])
        #expect(manifest.dependencies.map(\.line) == [11, 13])
    }

    @Test func pyprojectReadsNamesAndPathSources() {
        let project = Self.read("py/a/pyproject.toml", "[project]\nname = \"a\"\n[tool.uv.sources]\nb = { path = \"../b\" }\n")
        #expect(project.name == "a")
        #expect(project.dependencies.map(\.target) == [.path("../b")])
        let poetry = Self.read("py/c/pyproject.toml", """
            [tool.poetry]
            name = "c"
            [tool.poetry.dependencies]
            a = { path = "../a", develop = true }
            [tool.poetry.group.test.dependencies]
            b = { path = "../b" }
            """)
        #expect(poetry.name == "c")
        #expect(poetry.dependencies.map(\.section) == ["[tool.poetry.dependencies]", "[tool.poetry.group.test.dependencies]"])
    }

    @Test func pnpmWorkspaceReadsSimpleListsAndNotesTheRest() {
        let block = Self.read("pnpm-workspace.yaml", "packages:\n  - 'packages/*'\n  - \"apps/*\" # apps\n  - tools/x\n  - '!**/test/**'\ncatalog:\n  react: ^18\n")
        #expect(!block.isPackage)
        #expect(block.workspaceMembers == ["packages/*", "apps/*", "tools/x", "!**/test/**"])
        #expect(block.notes.isEmpty)
        let flow = Self.read("pnpm-workspace.yaml", "packages: [a/*, 'b/*']\n")
        #expect(flow.workspaceMembers == ["a/*", "b/*"])
        let odd = Self.read("pnpm-workspace.yaml", "packages: *anchor\n")
        #expect(odd.notes.map(\.line) == [1])
    }

    @Test func tooLargeAndNotUTF8AreNotes() {
        let large = PackageManifest.read(ManifestFile(path: Array("a/package.json".utf8), contents: .tooLarge(5 << 20)))!
        #expect(large.isPackage && large.notes.count == 1)
        let binary = PackageManifest.read(ManifestFile(path: Array("Cargo.toml".utf8), contents: .bytes([0xFF, 0xFE])))!
        #expect(!binary.isPackage && binary.notes.count == 1)
    }
}
