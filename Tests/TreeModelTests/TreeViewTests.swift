import Testing
import TreeModel

/// Docs/TreeModel.md#expansion-and-depth, #search and #status-and-roll-ups, as static views.
struct TreeViewTests {
    private let changes = [
        FileChange(status: .added, path: RawPath("Sources/App/Model/Path.swift"), insertions: 10, deletions: 0, binary: false),
        FileChange(status: .modified, path: RawPath("Sources/App/View.swift"), insertions: 2, deletions: 3, binary: false),
        FileChange(status: .deleted, path: RawPath("Docs/Old.md"), insertions: 0, deletions: 7, binary: false),
        FileChange(status: .modified, path: RawPath("README.md"), insertions: 1, deletions: 1, binary: false),
    ].sorted { $0.path < $1.path }

    /// Visible rows as indented labels, `+` marking collapsed directories.
    private func rows(_ view: TreeView) -> [String] {
        var lines: [String] = []
        func walk(_ rows: [ProjectedNode], level: Int) {
            for row in rows {
                let tree = view.changeTree.tree
                let label = view.projection.chain(of: row).map { String(decoding: tree.nodes[$0].name, as: UTF8.self) }.joined(separator: "/")
                let isDirectory = tree.nodes[row.node].isDirectory
                let open = isDirectory && view.isExpanded(row)
                lines.append(String(repeating: "  ", count: level) + label + (isDirectory ? (open ? "/" : "/+") : "") + (view.isMatch(row) ? " *" : ""))
                if open { walk(view.children(of: row.node), level: level + 1) }
            }
        }
        walk(view.topLevel, level: 0)
        return lines
    }

    @Test func everythingOpenByDefault() {
        let view = TreeView(changeTree: ChangeTree(changes: changes))
        #expect(rows(view) == ["Docs/", "  Old.md", "Sources/App/", "  Model/", "    Path.swift", "  View.swift", "README.md"])
    }

    @Test func depthCollapsesDeeperDirectories() {
        let tree = ChangeTree(changes: changes)
        #expect(rows(TreeView(changeTree: tree, depth: 0)) == ["Docs/+", "Sources/App/+", "README.md"])
        #expect(rows(TreeView(changeTree: tree, depth: 1)) == ["Docs/", "  Old.md", "Sources/App/", "  Model/+", "  View.swift", "README.md"])
    }

    @Test func hideShowsOnlyMatchesAndTheirAncestorsAndCountsOnlyThem() throws {
        let view = TreeView(changeTree: ChangeTree(changes: changes), query: SearchQuery("  MODEL "))
        #expect(rows(view) == ["Sources/App/", "  Model/ *", "    Path.swift *"])
        #expect(view.listedChanges.map(\.path) == [RawPath("Sources/App/Model/Path.swift")])
        #expect(view.total.files == 1)
        #expect(view.total.insertions == 10)
    }

    @Test func hideWithNoMatchIsEmpty() {
        let view = TreeView(changeTree: ChangeTree(changes: changes), query: SearchQuery("zzz"))
        #expect(rows(view).isEmpty)
        #expect(view.searchFoundNothing)
        #expect(view.listedChanges.isEmpty)
    }

    @Test func collapseKeepsSiblingsAsCollapsedContext() {
        let view = TreeView(changeTree: ChangeTree(changes: changes), query: SearchQuery("view"), searchMode: .collapse)
        #expect(rows(view) == ["Docs/+", "Sources/App/", "  Model/+", "  View.swift *", "README.md"])
        #expect(view.listedChanges.count == 4, "only hide filters the listed files")
    }

    @Test func expandKeepsTheDepthAndOpensTheWayToMatches() {
        let view = TreeView(changeTree: ChangeTree(changes: changes), depth: 0, query: SearchQuery("path"), searchMode: .expand)
        #expect(rows(view) == ["Docs/+", "Sources/App/", "  Model/", "    Path.swift *", "  View.swift", "README.md"])
    }

    @Test func queryNormalizesBackslashesAndMatchesDirectoryIdentities() {
        #expect(SearchQuery("  ") == nil)
        let view = TreeView(changeTree: ChangeTree(changes: changes), query: SearchQuery("app\\model/"))
        #expect(rows(view) == ["Sources/App/", "  Model/ *", "    Path.swift *"])
        let search = TreeSearch(tree: ChangeTree(changes: changes).tree, query: SearchQuery("s")!)
        let order = search.matchOrder.map { String(decoding: ChangeTree(changes: changes).tree.identity(of: $0), as: UTF8.self) }
        #expect(order.first == "Docs/", "matches are reported in depth-first order")
    }

    @Test func rollUpsAndWholeDirectoryStatus() throws {
        let tree = ChangeTree(changes: changes)
        let docs = try #require(tree.tree.node(identity: Array("Docs/".utf8)))
        #expect(tree.summaries[docs].wholeStatus == .deleted)
        let sources = try #require(tree.tree.node(identity: Array("Sources/".utf8)))
        #expect(tree.summaries[sources].files == 2)
        #expect(tree.summaries[sources].insertions == 12)
        #expect(tree.summaries[sources].wholeStatus == nil)
        #expect(tree.total.deletions == 11)
    }
}
