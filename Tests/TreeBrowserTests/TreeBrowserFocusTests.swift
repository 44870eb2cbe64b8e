import Testing
@testable import TreeBrowser
import TreeModel

/// Docs/TreeModel.md#focus: focus — first, last, next, previous, parent, nearest-to.

struct TreeBrowserFocusTests {
    static let paths = ["a/x.txt", "a/y.txt", "b/z.txt", "c.txt"]

    func model() throws -> TreeBrowserModel {
        try TreeBrowserModel(paths: Self.paths, expansion: .expanded)
    }

    @Test func firstLastNextPrevious() throws {
        var model = try model()
        #expect(model.rowIdentities == ["a/", "a/x.txt", "a/y.txt", "b/", "b/z.txt", "c.txt"])
        #expect(model.focusNext().focus == FocusChange(from: nil, to: tp("a/")))
        model.focusNext()
        #expect(model.focusedRowIndex == 1)
        model.focusLast()
        #expect(model.focusedIdentity == "c.txt")
        model.focusPrevious()
        #expect(model.focusedIdentity == "b/z.txt")
        model.focusFirst()
        #expect(model.focusedIdentity == "a/")
        model.clearFocus()
        model.focusPrevious()
        #expect(model.focusedIdentity == "c.txt")
    }

    @Test func nextAndPreviousStopAtTheEnds() throws {
        var model = try model()
        model.focusLast()
        #expect(model.focusNext().isEmpty)
        #expect(model.focusedIdentity == "c.txt")
        model.focusFirst()
        #expect(model.focusPrevious().isEmpty)
        #expect(model.focusedIdentity == "a/")
    }

    @Test func parentGoesUpOneRowAndStopsAtTheTop() throws {
        var model = try TreeBrowserModel(paths: ["p/q/r/f.txt", "p/g.txt"], expansion: .expanded)
        model.focus(nearestTo: tp("p/q/r/f.txt"))
        #expect(model.focusParent().focus == FocusChange(from: tp("p/q/r/f.txt"), to: tp("p/q/r/")))
        model.focusParent()
        #expect(model.focusedIdentity == "p/")
        #expect(model.focusParent().isEmpty)
    }

    @Test func nearestToIsTheRowElseItsNearestVisibleAncestor() throws {
        var model = try model()
        model.focus(nearestTo: tp("b/z.txt"))
        #expect(model.focusedRowIndex == 4)
        model.collapse(tp("b/"))
        #expect(model.focusedIdentity == "b/")
        model.expand(tp("b/"))
        model.collapse(tp("a/"))
        model.focus(nearestTo: tp("a/y.txt"))
        #expect(model.focus == tp("a/"))
        #expect(model.focus(nearestTo: tp("zzz/q")).isEmpty)
        model.focus(nearestTo: tp("b/gone/deeper.txt"))
        #expect(model.focusedIdentity == "b/")
    }

    @Test func nearestToAfterRemovalIsTheAncestorElseTheLastPosition() throws {
        var model = try model()
        model.focus(nearestTo: tp("a/y.txt"))
        let update = try model.remove(tp("a/y.txt"))
        #expect(update.focus == FocusChange(from: tp("a/y.txt"), to: tp("a/")))
        model.focus(nearestTo: tp("b/"))
        try model.remove(tp("b/"))
        #expect(model.rowIdentities == ["a/", "a/x.txt", "c.txt"])
        #expect(model.focusedIdentity == "c.txt")
        model.focusLast()
        try model.remove(tp("c.txt"))
        #expect(model.focusedIdentity == "a/x.txt")
        model.focusFirst()
        #expect(model.focus(nearestTo: tp("c.txt")).focus == FocusChange(from: tp("a/"), to: tp("a/x.txt")))
        try model.remove(tp("a/"))
        #expect(model.focus == nil)
        #expect(model.rowCount == 0)
    }
}
