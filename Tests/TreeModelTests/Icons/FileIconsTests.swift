import Testing
import TreeModel

/// Docs/TreeModel.md#icons: ``FileIcons`` gives each file the resolver's icon, resolved once
/// and numbered, so that renderers share one resolution per file and one drawing per icon.
struct FileIconsTests {
    @Test func eachFileGetsTheResolversIconNumberedOncePerDistinctIcon() throws {
        let paths = ["a/main.swift", "a/view.swift", "b/README.md", "b/c/notes.md", "Makefile", "x.unknownext"]
        let changeTree = ChangeTree(changes: paths.map { FileChange(status: .modified, path: RawPath($0)) })
        let tree = changeTree.tree
        let resolver = IconResolver()
        var icons = FileIcons(changeTree: changeTree, resolver: resolver)
        for node in changeTree.changes.indices.map(tree.fileNode(ofEntry:)) {
            #expect(icons.icon(ofFile: node) == resolver.resolveFile(named: tree.nodes[node].name))
        }
        #expect(icons.resolutions.count == Set(icons.resolutions).count, "each distinct icon once")
        #expect(icons.resolutions.count < paths.count, "files of one type share their icon")
        let swift = icons.number(ofFile: tree.fileNode(ofEntry: 0))
        #expect(icons.number(ofFile: tree.fileNode(ofEntry: 1)) == swift)
        #expect(icons.number(ofFile: tree.fileNode(ofEntry: 0)) == swift, "asking again gives the same number")
    }

    @Test func aSymlinkGetsTheSymlinkIconUnlessTheUserNamesOne() throws {
        let changes = [
            FileChange(status: .added, path: RawPath("link.swift"), newMode: .symlink),
            FileChange(status: .added, path: RawPath("file.swift"), newMode: .regular),
            FileChange(status: .deleted, path: RawPath("gone.md"), oldMode: .symlink),
        ]
        let changeTree = ChangeTree(changes: changes)
        var icons = FileIcons(changeTree: changeTree, resolver: IconResolver())
        let nodes = changeTree.changes.indices.map(changeTree.tree.fileNode(ofEntry:))
        #expect(icons.icon(ofFile: nodes[0]).name == IconResolver.symlinkIcon)
        #expect(icons.icon(ofFile: nodes[1]).name == IconResolver().resolveFile(named: Array("file.swift".utf8)).name)
        #expect(icons.icon(ofFile: nodes[2]).name == IconResolver.symlinkIcon, "a deleted symlink too (its old mode)")
        let overrides = try IconOverrides(parsing: ["ext:swift=custom"])
        var user = FileIcons(changeTree: changeTree, resolver: IconResolver(overrides: overrides))
        #expect(user.icon(ofFile: nodes[0]).name == "custom", "the user's map wins")
    }
}
