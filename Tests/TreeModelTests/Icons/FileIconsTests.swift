import Testing
import TreeModel

/// Docs/TreeModel.md#icons: ``FileIcons`` gives each file the resolver's icon, resolved once
/// and numbered, so that renderers share one resolution per file and one drawing per icon.
struct FileIconsTests {
    @Test func eachFileGetsTheResolversIconNumberedOncePerDistinctIcon() throws {
        let paths = ["a/main.swift", "a/view.swift", "b/README.md", "b/c/notes.md", "Makefile", "x.unknownext"]
        let tree = FileTree(filePaths: paths.map(RawPath.init))
        let resolver = IconResolver()
        var icons = FileIcons(tree: tree, resolver: resolver)
        for node in tree.nodeOfEntry {
            #expect(icons.icon(ofFile: node) == resolver.resolveFile(named: tree.nodes[node].name))
        }
        #expect(icons.resolutions.count == Set(icons.resolutions).count, "each distinct icon once")
        #expect(icons.resolutions.count < paths.count, "files of one type share their icon")
        let swift = icons.number(ofFile: tree.nodeOfEntry[0])
        #expect(icons.number(ofFile: tree.nodeOfEntry[1]) == swift)
        #expect(icons.number(ofFile: tree.nodeOfEntry[0]) == swift, "asking again gives the same number")
    }
}
