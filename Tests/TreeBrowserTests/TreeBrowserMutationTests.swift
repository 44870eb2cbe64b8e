import Testing
@testable import TreeBrowser
import TreeModel

/// Docs/TreeModel.md#mutations-and-resets: add, remove, move, batch and reset, and what they do to expansion
/// and focus.
struct TreeBrowserMutationTests {
    static let paths = ["src/app/main.swift", "src/app/view.swift", "src/util.swift", "docs/guide.md", "README.md"]

    func model(_ expansion: InitialExpansion = .expanded) throws -> TreeBrowserModel {
        try TreeBrowserModel(paths: Self.paths, flatten: false, expansion: expansion)
    }

    @Test func addInsertsAtTheOrderedPlaceAndReportsOneRange() throws {
        var model = try model()
        let before = model.rows
        let update = try model.add(tp("src/app/model.swift"))
        #expect(update.rows == RowReplacement(replaced: 5..<5, inserted: 5..<6))
        #expect(model.rowIdentities[4...6] == ["src/app/main.swift", "src/app/model.swift", "src/app/view.swift"])
        #expect(applying(update, to: before, from: model.rows) == model.rows)
        #expect(try model.add(tp("src/app/model.swift")).isEmpty)
    }

    @Test func newDirectoriesFollowTheInitialExpansion() throws {
        var open = try model(.expanded)
        try open.add(tp("lib/deep/x.c"))
        #expect(open.isExpanded(tp("lib/")) && open.isExpanded(tp("lib/deep/")))
        var shut = try model(.collapsed)
        try shut.add(tp("lib/deep/x.c"))
        #expect(!shut.isExpanded(tp("lib/")))
        var depth = try model(.depth(1))
        try depth.add(tp("lib/deep/x.c"))
        #expect(depth.isExpanded(tp("lib/")) && !depth.isExpanded(tp("lib/deep/")))
    }

    @Test func aChangeInsideAClosedDirectoryChangesNoRows() throws {
        var model = try model(.collapsed)
        let update = try model.batch([.add(tp("src/app/new.swift")), .remove(tp("src/util.swift"))])
        #expect(update.isEmpty)
        #expect(model.contains(tp("src/app/new.swift")) && !model.contains(tp("src/util.swift")))
        let topLevel = try model.add(tp("AAA.md"))
        #expect(topLevel.rows == RowReplacement(replaced: 2..<2, inserted: 2..<3))
    }

    @Test func inputOrderPutsNewEntriesLast() throws {
        var model = try TreeBrowserModel(paths: ["z.txt", "a/1", "m.txt"], order: .input, expansion: .expanded)
        try model.add(tp("b.txt"))
        try model.move(tp("z.txt"), to: tp("a/0"))
        #expect(model.rowIdentities == ["a/", "a/1", "a/0", "m.txt", "b.txt"])
    }

    @Test func explicitExpansionAppliesToAddedDirectories() throws {
        var model = try TreeBrowserModel(paths: ["x/y"], expansion: .identities([tp("new/"), tp("x/")]))
        try model.add(tp("new/deeper/f"))
        #expect(model.isExpanded(tp("new/")) && !model.isExpanded(tp("new/deeper/")))
        #expect(model.picture == ["▸ new/deeper", "▾ x", "    y"])
    }

    @Test func addRejectsAFileAndDirectoryClash() throws {
        var model = try model()
        #expect(throws: TreeMutationError.invalidPath(.fileAndDirectory(RawPath("README.md/x")))) {
            try model.add(tp("README.md/x"))
        }
        #expect(throws: TreeMutationError.invalidPath(.fileAndDirectory(RawPath("docs")))) {
            try model.add(tp("docs"))
        }
        #expect(model.rows == referenceRows(of: model))
    }

    @Test func removeTakesTheSubtreeAndPrunesState() throws {
        var model = try model()
        let update = try model.remove(tp("src/app/"))
        #expect(update.rows == RowReplacement(replaced: 3..<6, inserted: 3..<3))
        #expect(model.contains(tp("README.md")))
        #expect(!model.contains(tp("src/app/main.swift")))
        #expect(model.contains(tp("src/")))
        #expect(throws: TreeMutationError.notFound(tp("src/app/"))) { try model.remove(tp("src/app/")) }
    }

    @Test func moveRenamesAFile() throws {
        var model = try model()
        model.focus(nearestTo: tp("src/util.swift"))
        let update = try model.move(tp("src/util.swift"), to: tp("src/app/aaa.swift"))
        #expect(update.focus == FocusChange(from: tp("src/util.swift"), to: tp("src/app/aaa.swift")))
        #expect(model.rowIdentities[3...6] == [
            "src/app/", "src/app/aaa.swift", "src/app/main.swift", "src/app/view.swift",
        ])
        #expect(model.focusedRowIndex == 4)
    }

    @Test func moveRemapsExpansionAndFocusInsideAMovedDirectory() throws {
        var model = try TreeBrowserModel(
            paths: ["src/app/ui/button.swift", "src/app/ui/list.swift", "src/app/main.swift", "src/other/z.swift"],
            flatten: false, expansion: .collapsed)
        model.reveal(tp("src/app/ui/list.swift"))
        model.collapse(tp("src/app/"))
        #expect(model.focus == tp("src/app/"))
        model.expand(tp("src/app/"))
        model.focus(nearestTo: tp("src/app/ui/list.swift"))
        let update = try model.move(tp("src/app/"), to: tp("lib/core/app/"))
        #expect(model.isExpanded(tp("lib/core/app/")) && model.isExpanded(tp("lib/core/app/ui/")))
        #expect(!model.contains(tp("src/app/")))
        #expect(model.focus == tp("lib/core/app/ui/list.swift"))
        #expect(update.focus == FocusChange(from: tp("src/app/ui/list.swift"), to: tp("lib/core/app/ui/list.swift")))
        #expect(model.rows == referenceRows(of: model))
        #expect(model.focusedIdentity == "lib/")
        model.reveal(tp("lib/core/app/ui/list.swift"))
        #expect(model.picture.prefix(6) == [
            "▾ lib", "  ▾ core", "    ▾ app", "      ▾ ui", "          button.swift", "          list.swift",
        ])
    }

    @Test func moveValidatesBeforeChangingAnything() throws {
        var model = try model()
        let before = model
        #expect(throws: TreeMutationError.notFound(tp("nope"))) { try model.move(tp("nope"), to: tp("x")) }
        #expect(throws: TreeMutationError.alreadyExists(tp("docs/"))) { try model.move(tp("src/"), to: tp("docs/")) }
        #expect(throws: TreeMutationError.kindMismatch(from: tp("src/"), to: tp("lib"))) {
            try model.move(tp("src/"), to: tp("lib"))
        }
        #expect(throws: TreeMutationError.moveIntoItself(from: tp("src/"), to: tp("src/app/inner/"))) {
            try model.move(tp("src/"), to: tp("src/app/inner/"))
        }
        #expect(throws: TreeMutationError.invalidPath(.fileAndDirectory(RawPath("README.md/x.md")))) {
            try model.move(tp("docs/guide.md"), to: tp("README.md/x.md"))
        }
        #expect(try model.move(tp("src/"), to: tp("src/")).isEmpty)
        #expect(model.paths == before.paths && model.rows == before.rows)
    }

    @Test func aBatchIsOneUpdate() throws {
        var model = try model()
        let before = model.rows
        let update = try model.batch([
            .add(tp("docs/api.md")), .remove(tp("src/util.swift")), .move(tp("README.md"), to: tp("docs/README.md")),
        ])
        #expect(model.rowIdentities == [
            "docs/", "docs/README.md", "docs/api.md", "docs/guide.md",
            "src/", "src/app/", "src/app/main.swift", "src/app/view.swift",
        ])
        #expect(update.rows == RowReplacement(replaced: 1..<8, inserted: 1..<8))
        #expect(applying(update, to: before, from: model.rows) == model.rows)
    }

    @Test func aFailedBatchChangesNothingAndReportsNoUpdate() throws {
        var model = try model()
        model.focus(nearestTo: tp("src/util.swift"))
        let before = model
        var update: TreeUpdate?
        #expect(throws: TreeMutationError.inBatch(position: 2, .notFound(tp("missing.txt")))) {
            update = try model.batch([.remove(tp("src/util.swift")), .add(tp("new.txt")), .remove(tp("missing.txt"))])
        }
        #expect(update == nil)
        #expect(model.paths == before.paths && model.rows == before.rows)
        #expect(model.focus == before.focus)
        #expect(model.expandedPaths == before.expandedPaths)
        #expect(TreeMutationError.inBatch(position: 2, .notFound(tp("missing.txt"))).description.contains("mutation 3"))
    }

    @Test func resetKeepsStateForIdentitiesThatStillExist() throws {
        var model = try model(.collapsed)
        model.reveal(tp("src/app/view.swift"))
        let update = try model.reset(paths: ["src/app/view.swift", "src/app/new.swift", "lib/x.c", "README.md"])
        #expect(model.picture == [
            "▸ lib", "▾ src", "  ▾ app", "      new.swift", "      view.swift", "  README.md",
        ])
        #expect(model.focus == tp("src/app/view.swift"))
        #expect(update.rows == RowReplacement(replaced: 0..<6, inserted: 0..<5))
        try model.reset(paths: ["README.md"])
        #expect(model.focusedIdentity == "README.md")
        #expect(throws: TreePathError.absolute(RawPath("/x"))) { try model.reset(paths: ["/x"]) }
        #expect(model.rowIdentities == ["README.md"])
    }

    @Test func resetPutsARemovedFocusOnItsNearestVisibleAncestor() throws {
        var model = try model()
        model.focus(nearestTo: tp("src/app/view.swift"))
        try model.reset(paths: ["src/app/main.swift", "README.md"])
        #expect(model.focus == tp("src/app/"))
    }
}

/// Removed nodes are dropped from storage now and then; nothing observable changes.
struct TreeBrowserCompactionTests {
    @Test func manyAddsAndRemovesKeepRowsAndStateRight() throws {
        var model = try TreeBrowserModel(paths: ["keep/a.txt", "keep/b/c.txt", "z.txt"], expansion: .expanded)
        model.focus(nearestTo: tp("keep/b/c.txt"))
        model.collapse(tp("keep/b/"))
        model.focus(nearestTo: tp("keep/b/c.txt"))
        let rows = model.rows
        for round in 0..<2_000 {
            try model.batch([.add(tp("tmp\(round % 7)/x/y.txt")), .add(tp("keep/t\(round).txt"))])
            try model.batch([.remove(tp("tmp\(round % 7)/")), .remove(tp("keep/t\(round).txt"))])
        }
        #expect(model.rows == rows)
        #expect(model.rows == referenceRows(of: model))
        #expect(model.focus == tp("keep/b/"))
        #expect(!model.isExpanded(tp("keep/b/")) && model.isExpanded(tp("keep/")))
        #expect(model.count == 5)
        model.expand(tp("keep/b/"))
        #expect(model.rowIdentities == ["keep/", "keep/b/", "keep/b/c.txt", "keep/a.txt", "z.txt"])
    }
}
