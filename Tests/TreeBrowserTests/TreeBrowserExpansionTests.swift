import Testing
@testable import TreeBrowser
import TreeModel

/// Docs/TreeModel.md#expansion-and-depth: visible rows, initial expansion,
/// expand/collapse/toggle/reveal, and the one contiguous range each reports.
struct TreeBrowserExpansionTests {
    static let paths = ["app/main.swift", "app/ui/view.swift", "app/ui/theme/colors.swift", "docs/guide.md", "README.md"]

    func model(_ expansion: InitialExpansion, flatten: Bool = false) throws -> TreeBrowserModel {
        try TreeBrowserModel(paths: Self.paths, flatten: flatten, expansion: expansion)
    }

    @Test func visibleRowsEnterOnlyExpandedDirectories() throws {
        #expect(try model(.collapsed).picture == ["▸ app", "▸ docs", "  README.md"])
        #expect(try model(.depth(1)).picture == [
            "▾ app", "  ▸ ui", "    main.swift", "▾ docs", "    guide.md", "  README.md",
        ])
        #expect(try model(.depth(0)).picture == model(.collapsed).picture)
        #expect(try model(.depth(2)).picture == [
            "▾ app", "  ▾ ui", "    ▸ theme", "      view.swift", "    main.swift", "▾ docs", "    guide.md", "  README.md",
        ])
        #expect(try model(.expanded).rowCount == 9)
        #expect(try model(.identities([tp("app/ui/"), tp("docs/")])).picture == [
            "▸ app", "▾ docs", "    guide.md", "  README.md",
        ])
    }

    @Test func depthCountsRowsOfTheFlattenedProjection() throws {
        let model = try TreeBrowserModel(paths: ["src/lib/core/a.c", "src/lib/core/b/c.c", "x"], expansion: .depth(1))
        #expect(model.picture == ["▾ src/lib/core", "  ▸ b", "    a.c", "  x"])
        #expect(model.isExpanded(tp("src/lib/")))
        #expect(!model.isExpanded(tp("src/lib/core/b/")))
    }

    @Test func expandingReplacesTheRowAndItsNewChildren() throws {
        var model = try model(.depth(1))
        let before = model.rows
        let update = model.expand(tp("app/ui/"))
        #expect(update.rows == RowReplacement(replaced: 1..<2, inserted: 1..<4))
        #expect(model.picture == [
            "▾ app", "  ▾ ui", "    ▸ theme", "      view.swift", "    main.swift", "▾ docs", "    guide.md", "  README.md",
        ])
        #expect(applying(update, to: before, from: model.rows) == model.rows)
        #expect(model.expand(tp("app/ui/")).isEmpty)
        #expect(model.expand(tp("README.md")).isEmpty)
        #expect(model.expand(tp("nope/")).isEmpty)
    }

    @Test func collapsingKeepsNestedExpansion() throws {
        var model = try model(.expanded)
        let collapse = model.collapse(tp("app/"))
        #expect(collapse.rows == RowReplacement(replaced: 0..<6, inserted: 0..<1))
        #expect(model.picture == ["▸ app", "▾ docs", "    guide.md", "  README.md"])
        #expect(model.isExpanded(tp("app/ui/")) && model.isExpanded(tp("app/ui/theme/")))
        let expand = model.expand(tp("app/"))
        #expect(expand.rows == RowReplacement(replaced: 0..<1, inserted: 0..<6))
        #expect(model.rowIndex(of: tp("app/ui/theme/colors.swift")) == 3)
        #expect(model.collapse(tp("app/ui/theme/colors.swift")).isEmpty)
    }

    @Test func changingAHiddenDirectoryChangesNoRows() throws {
        var model = try model(.collapsed)
        let update = model.expand(tp("app/ui/"))
        #expect(update.isEmpty)
        #expect(model.isExpanded(tp("app/ui/")))
        model.expand(tp("app/"))
        #expect(model.rowIndex(of: tp("app/ui/view.swift")) != nil)
    }

    @Test func toggleAlternates() throws {
        var model = try model(.collapsed)
        model.toggle(tp("docs/"))
        #expect(model.picture == ["▸ app", "▾ docs", "    guide.md", "  README.md"])
        model.toggle(tp("docs/"))
        #expect(model.picture == ["▸ app", "▸ docs", "  README.md"])
    }

    @Test func revealOpensEveryMissingAncestorInOneUpdate() throws {
        var model = try model(.collapsed)
        model.expand(tp("app/ui/"))
        let update = model.reveal(tp("app/ui/theme/colors.swift"))
        #expect(update.rows == RowReplacement(replaced: 0..<1, inserted: 0..<6))
        #expect(update.focus == FocusChange(from: nil, to: tp("app/ui/theme/colors.swift")))
        #expect(model.focusedRowIndex == 3)
        #expect(model.isExpanded(tp("app/")) && model.isExpanded(tp("app/ui/theme/")))
        let again = model.reveal(tp("app/ui/theme/colors.swift"))
        #expect(again.isEmpty)
        let quiet = model.reveal(tp("docs/guide.md"), focus: false)
        #expect(quiet.rows == RowReplacement(replaced: 6..<7, inserted: 6..<8))
        #expect(quiet.focus == nil)
    }

    @Test func expandAllAndCollapseAll() throws {
        var model = try model(.collapsed)
        model.expandAll()
        #expect(model.rowCount == 9)
        model.focus(nearestTo: tp("app/ui/view.swift"))
        let update = model.collapseAll()
        #expect(model.picture == ["▸ app", "▸ docs", "  README.md"])
        #expect(update.focus == FocusChange(from: tp("app/ui/view.swift"), to: tp("app/")))
        #expect(model.expandedPaths.isEmpty)
    }
}
