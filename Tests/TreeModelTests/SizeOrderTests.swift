import TestSupport
import Testing
import TreeModel

/// `--sort size` (Docs/TreeModel.md#ordering): directories first, each sibling by the lines
/// changed below it (insertions plus deletions of its roll-up, a file's own), most first,
/// ties in folders-first order (by name).
struct SizeOrderTests {
    private func names(_ tree: ChangeTree, under node: Int = FileTree.root) -> [String] {
        tree.tree.nodes[node].children.map { String(decoding: tree.tree.identity(of: $0), as: UTF8.self) }
    }

    private func change(_ path: String, _ insertions: Int?, _ deletions: Int?) -> FileChange {
        FileChange(status: .modified, path: RawPath(path), insertions: insertions, deletions: deletions,
                   binary: insertions == nil ? true : false)
    }

    @Test func directoriesByTheirRollUpsThenFilesByTheirOwnMostFirst() {
        let tree = ChangeTree(changes: [
            change("small/a.txt", 1, 0), change("big/b.txt", 50, 20), change("big/c.txt", 2, 2), change("Top.md", 3, 0),
            change("huge.bin", 90, 0), change("tie/x", 1, 0), change("binary.png", nil, nil), change("a-tie.txt", 3, 0),
        ], order: .size)
        #expect(tree.tree.order == .size)
        #expect(names(tree) == ["big/", "small/", "tie/", "huge.bin", "Top.md", "a-tie.txt", "binary.png"])
        #expect(names(tree, under: tree.tree.node(identity: Array("big/".utf8))!) == ["big/b.txt", "big/c.txt"])
    }

    /// Against the roll-ups the tree reports and the folders-first order of the same changes,
    /// over random trees.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func everyDirectoryIsOrderedBySizeThenFoldersFirst(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        var changes: [FileChange] = []
        for index in 0..<300 {
            let depth = Int.random(in: 0...3, using: &random)
            let pieces = (0..<depth).map { _ in "d\(Int.random(in: 0..<4, using: &random))" } + ["f\(index % 7)-\(index)"]
            let counted = Int.random(in: 0..<10, using: &random) > 0
            changes.append(change(pieces.joined(separator: "/"), counted ? Int.random(in: 0..<20, using: &random) : nil,
                                  counted ? Int.random(in: 0..<5, using: &random) : nil))
        }
        let sized = ChangeTree(changes: changes, order: .size)
        let named = ChangeTree(changes: changes, order: .foldersFirst)
        func size(_ tree: ChangeTree, _ node: Int) -> Int {
            let summary = tree.tree.nodes[node].entry.map { ChangeSummary([tree.changes[$0]]) } ?? tree.summaries[node]
            return (summary.insertions ?? 0) + (summary.deletions ?? 0)
        }
        for node in named.tree.nodes.indices where named.tree.nodes[node].isDirectory {
            let identity = named.tree.identity(of: node)
            let sizedNode = node == FileTree.root ? FileTree.root : sized.tree.node(identity: identity)!
            let expected = named.tree.nodes[node].children.enumerated().sorted { a, b in
                let (x, y) = (named.tree.nodes[a.element], named.tree.nodes[b.element])
                if x.isDirectory != y.isDirectory { return x.isDirectory }
                let (p, q) = (size(named, a.element), size(named, b.element))
                return p != q ? p > q : a.offset < b.offset
            }.map { named.tree.identity(of: $0.element) }
            #expect(sized.tree.nodes[sizedNode].children.map { sized.tree.identity(of: $0) } == expected)
        }
    }
}
