import TestSupport
import Testing
import TreeBrowser
import TreeModel

/// Line counts taken in place (``TreeBrowserModel/setLineCounts(_:)``, the browser's counts
/// arriving after its first frame): on seeded random change sets, each batch of counts leaves
/// the model equal, row for row, roll-up for roll-up, to a model built from changes that carry
/// those counts already, under every filter, with expansion and focus as they were; the
/// revision stays (find's candidates do not depend on counts).
struct TreeBrowserLineCountTests {
    @Test(arguments: 1...16)
    func countsTakenInPlaceGiveTheModelOfTheCountedChanges(seed: Int) throws {
        var random = SeededGenerator(state: UInt64(seed))
        let generator = PathGenerator(allowsClashes: true)
        let order = [TreeOrder.foldersFirst, .name, .input][seed % 3]
        let expansion = [InitialExpansion.expanded, .depth(1), .collapsed][seed % 3]
        let counted = TreeBrowserFilterPropertyTests.unique((0..<50).map { _ in
            TreeBrowserFilterPropertyTests.randomChange(generator, &random)
        })
        var changes = counted.map(Self.uncounted)
        var model = try TreeBrowserModel(changes: changes, order: order, flatten: seed % 2 == 0, expansion: expansion)
        var rebuilt = model
        let filter = TreeBrowserFilterPropertyTests.filters[seed % TreeBrowserFilterPropertyTests.filters.count]
        model.setFilter(filter)
        try rebuilt.reset(changeTree: ChangeTree(changes: changes.filter(filter.shows), order: order))
        if model.rowCount > 2 {
            _ = model.focus(nearestTo: model.row(at: 2).identity)
            _ = rebuilt.focus(nearestTo: rebuilt.row(at: 2).identity)
        }
        let revision = model.revision
        var pending = Array(counted.indices).shuffled(using: &random)
        var batches = 0
        while !pending.isEmpty {
            let batch = pending.prefix(Int.random(in: 1...12, using: &random))
            pending.removeFirst(batch.count)
            for index in batch { changes[index] = counted[index] }
            let taken = model.setLineCounts(batch.map { Self.countsOnly(counted[$0]) })
            #expect(taken == batch.count, "every file of the batch, shown or hidden by the filter, took its counts")
            try rebuilt.reset(changeTree: ChangeTree(changes: changes.filter(filter.shows), order: order))
            try TreeBrowserFilterPropertyTests.expectSame(model, rebuilt, filter: filter,
                                                         Comment(rawValue: "seed \(seed), batch \(batches), \(filter)"))
            batches += 1
        }
        #expect(model.revision == revision)
        #expect(batches > 3)
        model.setFilter(.everything)
        let whole = try TreeBrowserModel(changes: counted, order: order, flatten: seed % 2 == 0, expansion: .expanded)
        #expect(model.total == whole.total)
    }

    @Test func pathsThatAreNoFileOfTheTreeArePassedOver() throws {
        var model = try TreeBrowserModel(changes: [FileChange(status: .modified, path: RawPath("src/a.c"))])
        let total = model.total
        let taken = model.setLineCounts([FileChange(status: .modified, path: RawPath("src"), insertions: 3, deletions: 1, binary: false),
                                         FileChange(status: .added, path: RawPath("gone.c"), insertions: 1, deletions: 0, binary: false)])
        #expect(taken == 0)
        #expect(model.total == total)
        #expect(model.setLineCounts([FileChange(status: .modified, path: RawPath("src/./a.c"), insertions: 3, deletions: 1,
                                                binary: false)]) == 1, "a path is found by its normalized form too")
        #expect(model.total.insertions == 3 && model.total.deletions == 1)
    }

    /// The change as it is before its lines are counted: nothing read.
    static func uncounted(_ change: FileChange) -> FileChange {
        var change = change
        (change.insertions, change.deletions, change.binary) = (nil, nil, nil)
        return change
    }

    /// What a count delivers of `change`: its path and counts, with another view state and
    /// status (which the model keeps its own of).
    static func countsOnly(_ change: FileChange) -> FileChange {
        var delivered = FileChange(status: .unmerged, path: change.path, insertions: change.insertions,
                                   deletions: change.deletions, binary: change.binary)
        delivered.viewState = change.viewState == .viewed ? .notViewed : .viewed
        return delivered
    }
}
