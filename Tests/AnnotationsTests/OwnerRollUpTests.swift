import Testing
import TreeModel
import Annotations

/// Directory rows show the owners of every file below them.
struct OwnerRollUpTests {
    @Test func directoriesCollectTheirFilesOwners() {
        let codeOwners = CodeOwners(parsing: """
            * @default
            /src/ @core
            /src/ui/ @Design @core
            /src/gen/
            *.md docs@example.com
            """)
        let paths = ["src/a.c", "src/ui/b.swift", "src/ui/deep/c.md", "src/gen/d.c", "README.md", "tools/x.sh"].map(RawPath.init)
        let rows = OwnerRollUp.directories(of: paths, in: codeOwners)
        #expect(Set(rows.keys) == Set(["", "src", "src/ui", "src/ui/deep", "src/gen", "tools"].map(RawPath.init)))
        #expect(rows[RawPath("src/ui/deep")] == DirectoryOwners(owners: ["docs@example.com"]))
        #expect(rows[RawPath("src/ui")] == DirectoryOwners(owners: ["@core", "@Design", "docs@example.com"]))
        #expect(rows[RawPath("src/gen")] == DirectoryOwners(owners: [], hasUnownedFiles: true))
        #expect(rows[RawPath("src")] == DirectoryOwners(owners: ["@core", "@Design", "docs@example.com"], hasUnownedFiles: true))
        #expect(rows[RawPath("tools")] == DirectoryOwners(owners: ["@default"]))
        #expect(rows[RawPath("")] == DirectoryOwners(owners: ["@core", "@default", "@Design", "docs@example.com"], hasUnownedFiles: true))
    }

    @Test func sortingIgnoresCaseThenUsesBytes() {
        let rows = OwnerRollUp.directories(of: [
            (path: RawPath("d/a"), owners: ["@b", "@B", "@a"]),
            (path: RawPath("d/b"), owners: ["@a", "@C"]),
        ])
        #expect(rows[RawPath("d")]?.owners == ["@a", "@B", "@b", "@C"])
    }

    @Test func nothingInNothingOut() {
        #expect(OwnerRollUp.directories(of: [RawPath](), in: CodeOwners(parsing: "* @a")).isEmpty)
    }
}
