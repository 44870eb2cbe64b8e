import Testing
@testable import TreeBrowser
import TreeModel

/// Docs/TreeModel.md#flattening as it meets state: a chain is one row whose identity is its last
/// directory, any identity inside it resolves to the row, and toggling flattening changes
/// no identity and no state.
struct TreeBrowserFlatteningTests {
    static let paths = ["src/lib/core/a.swift", "src/lib/core/b.swift", "one/file.txt", "top.txt"]

    @Test func aChainIsOneRowNamedByItsLastDirectory() throws {
        let model = try TreeBrowserModel(paths: Self.paths, expansion: .expanded)
        #expect(model.picture == ["▾ one", "    file.txt", "▾ src/lib/core", "    a.swift", "    b.swift", "  top.txt"])
        let chain = model.row(at: 2)
        #expect(chain.identity == tp("src/lib/core/"))
        #expect(chain.chain == [tp("src/"), tp("src/lib/"), tp("src/lib/core/")])
        #expect(chain.segments == [Array("src".utf8), Array("lib".utf8), Array("core".utf8)])
        #expect(model.row(at: 0).chain == [tp("one/")])
    }

    @Test func anyIdentityInsideTheChainResolvesToTheRow() throws {
        var model = try TreeBrowserModel(paths: Self.paths, expansion: .collapsed)
        #expect(model.rowIndex(of: tp("src/")) == 1)
        #expect(model.rowIndex(of: tp("src/lib/")) == 1)
        let update = model.expand(tp("src/"))
        #expect(update.rows == RowReplacement(replaced: 1..<2, inserted: 1..<4))
        #expect(model.isExpanded(tp("src/")) && model.isExpanded(tp("src/lib/")) && model.isExpanded(tp("src/lib/core/")))
        model.focus(nearestTo: tp("src/"))
        #expect(model.focus == tp("src/lib/core/"))
        model.collapse(tp("src/"))
        #expect(model.picture == ["▸ one", "▸ src/lib/core", "  top.txt"])
        model.clearFocus()
        model.reveal(tp("src/lib/"))
        #expect(model.focus == tp("src/lib/core/"))
        #expect(!model.isExpanded(tp("src/lib/core/")) && model.isExpanded(tp("src/")))
    }

    @Test func aChainIsOpenOnlyWhenEveryDirectoryOfItIs() throws {
        var model = try TreeBrowserModel(paths: Self.paths, flatten: false, expansion: .expanded)
        model.collapse(tp("src/"))
        model.setFlattened(true)
        #expect(model.picture == ["▾ one", "    file.txt", "▸ src/lib/core", "  top.txt"])
        model.setFlattened(false)
        #expect(model.picture == ["▾ one", "    file.txt", "▸ src", "  top.txt"])
    }

    @Test func togglingFlatteningChangesNoIdentityAndNoState() throws {
        var model = try TreeBrowserModel(paths: Self.paths, expansion: .depth(1))
        model.expand(tp("src/lib/core/"))
        model.focus(nearestTo: tp("src/lib/core/b.swift"))
        let expanded = model.expandedPaths, focus = model.focus
        let before = model.rows
        let off = model.setFlattened(false)
        #expect(model.picture == [
            "▾ one", "    file.txt", "▾ src", "  ▾ lib", "    ▾ core", "        a.swift", "        b.swift", "  top.txt",
        ])
        #expect(off.rows == RowReplacement(replaced: 2..<5, inserted: 2..<7))
        #expect(applying(off, to: before, from: model.rows) == model.rows)
        #expect(model.expandedPaths == expanded && model.focus == focus)
        #expect(model.focusedIdentity == "src/lib/core/b.swift")
        model.setFlattened(true)
        #expect(model.rows == before)
        #expect(model.setFlattened(true).isEmpty)
    }

    @Test func aDirectoryWhoseOnlyChildIsAFileIsNotFlattened() throws {
        let model = try TreeBrowserModel(paths: ["a/b/only.txt"], expansion: .expanded)
        #expect(model.picture == ["▾ a/b", "    only.txt"])
        let single = try TreeBrowserModel(paths: ["d/x.txt"], expansion: .expanded)
        #expect(single.picture == ["▾ d", "    x.txt"])
    }

    @Test func anEmptyDirectoryEndsAChain() throws {
        let model = try TreeBrowserModel(paths: ["a/b/c/"], expansion: .expanded)
        #expect(model.picture == ["▾ a/b/c"])
    }

    @Test func mutationsSplitAndJoinChains() throws {
        var model = try TreeBrowserModel(paths: Self.paths, expansion: .expanded)
        try model.add(tp("src/lib/extra.swift"))
        #expect(model.picture == [
            "▾ one", "    file.txt", "▾ src/lib", "  ▾ core", "      a.swift", "      b.swift", "    extra.swift", "  top.txt",
        ])
        try model.remove(tp("src/lib/extra.swift"))
        #expect(model.picture == ["▾ one", "    file.txt", "▾ src/lib/core", "    a.swift", "    b.swift", "  top.txt"])
    }
}
