import Testing
import TreeModel

/// Docs/TreeModel.md#prepared-tree, #ordering and #flattening.
struct FileTreeTests {
    private func tree(_ paths: [String], order: TreeOrder = .foldersFirst) -> FileTree {
        FileTree(filePaths: paths.map(RawPath.init), order: order)
    }

    private func names(_ tree: FileTree, under node: Int = FileTree.root) -> [String] {
        tree.nodes[node].children.map { String(decoding: tree.identity(of: $0), as: UTF8.self) }
    }

    @Test func synthesizesMissingAncestorsAndLooksUpByIdentity() throws {
        let tree = tree(["Sources/App/main.swift", "README.md"])
        let app = try #require(tree.node(identity: Array("Sources/App/".utf8)))
        #expect(tree.nodes[app].isDirectory)
        #expect(tree.nodes[app].depth == 1)
        #expect(tree.node(identity: Array("Sources/App".utf8)) == nil, "a file identity has no trailing slash")
        #expect(tree.node(identity: Array("Sources/App/main.swift".utf8)) != nil)
    }

    @Test func duplicatesMergeAndTheFirstKeepsItsPlace() {
        let tree = tree(["b", "a", "b"], order: .input)
        #expect(names(tree) == ["b", "a"])
        #expect(tree.fileNode(ofEntry: 0) == tree.fileNode(ofEntry: 2))
    }

    @Test func foldersFirstThenByteOrder() {
        let tree = tree(["a.txt", "B.txt", "file10", "file2", "zdir/x", "Adir/y"])
        #expect(names(tree) == ["Adir/", "zdir/", "B.txt", "a.txt", "file10", "file2"])
    }

    @Test func nameOrderMixesFoldersAndFiles() {
        let tree = tree(["b.txt", "a/x", "c/y"], order: .name)
        #expect(names(tree) == ["a/", "b.txt", "c/"])
    }

    @Test func inputOrderKeepsFirstAppearance() {
        let tree = tree(["z/1", "a", "z/0", "m/q"], order: .input)
        #expect(names(tree) == ["z/", "a", "m/"])
        #expect(names(tree, under: tree.node(identity: Array("z/".utf8))!) == ["z/1", "z/0"])
    }

    @Test func caseIsNotFolded() {
        #expect(names(tree(["Src/a", "src/b"])) == ["Src/", "src/"])
    }

    @Test func aFileAndADirectoryMayShareANameInAChangeSet() {
        let tree = tree(["src", "src/a.c"])
        #expect(names(tree) == ["src/", "src"])
        #expect(tree.fileAndDirectoryClash() == Array("src".utf8))
        #expect(self.tree(["src.c", "src/a.c"]).fileAndDirectoryClash() == nil)
    }

    @Test func unsortedInputGivesTheSameTreeAsSorted() {
        let paths = ["z/b.c", "a.txt", "z/a/x", "m/q", "z/a/w", "a.txt"]
        let shuffled = tree(paths)
        let sorted = tree(paths.sorted())
        #expect(names(shuffled) == names(sorted))
        let z = shuffled.node(identity: Array("z/".utf8))!
        #expect(names(shuffled, under: z) == ["z/a/", "z/b.c"])
        #expect(shuffled.fileNode(ofEntry: 1) == shuffled.fileNode(ofEntry: 5), "duplicates share a node")
        #expect(shuffled.nodes[shuffled.fileNode(ofEntry: 1)].entry == 1, "the first keeps its place")
    }

    @Test func emptyPiecesAreDroppedWhateverComesBefore() {
        let messy = tree(["a//b/c", "a/b/d", "a/b//e", "a/bc/f", "/a/g", "a/h/"])
        let clean = tree(["a/b/c", "a/b/d", "a/b/e", "a/bc/f", "a/g", "a/h"])
        #expect(names(messy, under: messy.node(identity: Array("a/".utf8))!) == ["a/b/", "a/bc/", "a/g", "a/h"])
        #expect(names(messy, under: messy.node(identity: Array("a/b/".utf8))!) == names(clean, under: clean.node(identity: Array("a/b/".utf8))!))
        #expect(messy.nodes.count == clean.nodes.count)
    }

    @Test func nodesPresentNamesChildrenAndEntries() throws {
        let tree = tree(["src/b.c", "src/a.c", "README"])
        let src = try #require(tree.node(identity: Array("src/".utf8)))
        #expect(Array(tree.nodes[src].name) == Array("src".utf8))
        #expect(tree.nodes[src].children.map { String(decoding: tree.nodes[$0].name, as: UTF8.self) } == ["a.c", "b.c"])
        #expect(tree.nodes[src].children[0] == tree.fileNode(ofEntry: 1))
        #expect(tree.nodes[tree.fileNode(ofEntry: 2)].entry == 2)
        #expect(tree.nodes[FileTree.root].parent == nil && tree.nodes[src].parent == FileTree.root)
    }

    @Test func flatteningJoinsDirectoryOnlyChains() {
        let tree = tree(["src/lib/core/a.swift", "src/lib/core/b.swift", "docs/readme.md", "top/only/x.c", "top/y.c"])
        let projection = TreeProjection(tree: tree, flatten: true)
        let labels = projection.topLevel.map { row in projection.chain(of: row).map { String(decoding: tree.nodes[$0].name, as: UTF8.self) } }
        #expect(labels == [["docs"], ["src", "lib", "core"], ["top"]], "a directory whose only child is a file is not flattened")
        let top = projection.topLevel[2]
        let inside = projection.children(of: top.node).map { projection.chain(of: $0).count }
        #expect(inside == [1, 1], "top/ has two children, so top/only/ is its own row")
        #expect(TreeProjection(tree: tree, flatten: false).topLevel.allSatisfy { $0.first == $0.node })
    }

    @Test func flatteningIsAProjectionThatKeepsIdentities() {
        let tree = tree(["src/lib/core/a.swift"])
        let projection = TreeProjection(tree: tree, flatten: true)
        let row = projection.topLevel[0]
        #expect(String(decoding: tree.identity(of: row.node), as: UTF8.self) == "src/lib/core/")
        #expect(tree.node(identity: Array("src/".utf8)) == projection.chain(of: row).first)
    }
}
