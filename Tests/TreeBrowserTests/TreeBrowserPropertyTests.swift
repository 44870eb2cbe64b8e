import TestSupport
import Testing
@testable import TreeBrowser
import TreeModel

/// Seeded random trees and operation sequences, for models built from bare paths and from
/// changes. After every operation the model's paths, changes, roll-ups and visible rows equal
/// those of ``ReferenceTree``, which applies the same accepted mutations naively; the model
/// rejects exactly the operations the reference's rules reject; the update turns the old rows
/// into the new ones; expansion changes replace exactly the row's subtree; a rejected
/// operation changes nothing. The generator is checked to explore.
struct TreeBrowserPropertyTests {
    /// A snapshot of everything observable, to check that rejected operations change nothing.
    struct Snapshot: Equatable {
        var paths: [TreePath], rows: [TreeRow], expanded: Set<TreePath>
        var focus: TreePath?, flattened: Bool
        init(_ model: TreeBrowserModel) {
            paths = model.paths; rows = model.rows; expanded = model.expandedPaths
            focus = model.focus; flattened = model.isFlattened
        }
    }

    @Test func randomOperationsMatchTheReference() throws {
        var exploration = Exploration()
        let orders: [TreeOrder] = [.foldersFirst, .name, .input]
        for seed in 1...10 {
            for fromChanges in [false, true] {
                try run(seed: seed, order: orders[seed % 3], fromChanges: fromChanges, steps: 250, &exploration)
            }
        }
        #expect(exploration.startingTrees.count == 20, "every run starts from its own random tree")
        #expect(exploration.deepestLevel >= 5, "rows several levels deep")
        #expect(exploration.widestDirectory >= 8, "directories with many children")
        #expect(exploration.chainRows >= 2000, "flattened chains")
        #expect(exploration.clashes >= 200, "a file and a directory of one name, in change sets")
        #expect(exploration.distinctOperations.count >= 3000, "thousands of distinct operations")
        for kind in OperationKind.allCases {
            #expect(exploration.accepted[kind, default: 0] >= 100, "accepted \(kind)")
        }
        #expect(exploration.rejected >= 200, "rejected operations")
    }

    private func run(seed: Int, order: TreeOrder, fromChanges: Bool, steps: Int, _ exploration: inout Exploration) throws {
        var random = SeededGenerator(state: UInt64(seed * 2 + (fromChanges ? 1 : 0)))
        let generator = PathGenerator(allowsClashes: fromChanges)
        var model: TreeBrowserModel
        var reference: ReferenceTree
        if fromChanges {
            let changes = (0..<30).map { _ in generator.change(&random) }
            model = try TreeBrowserModel(changes: changes, order: order, flatten: seed % 2 == 0)
            reference = try ReferenceTree(order: order, changes: changes)
        } else {
            let paths = generator.treePaths(count: 30, &random)
            model = try TreeBrowserModel(paths: paths.map(\.normalizedInput), order: order, flatten: seed % 2 == 0)
            reference = ReferenceTree(order: order, paths: paths)
        }
        exploration.startingTrees.insert(model.paths)
        for step in 0..<steps {
            let context = Comment(rawValue: "seed \(seed), changes \(fromChanges), step \(step)")
            let before = Snapshot(model)
            var operation = RandomOperation(model: model, generator: generator, random: &random)
            let update = operation.run(on: &model)
            exploration.record(operation)
            #expect(operation.isRejected == (try operation.isRejected(by: reference)),
                    "\(context): the reference \(operation.isRejected ? "accepts" : "rejects") \(operation)")
            if operation.isRejected {
                #expect(Snapshot(model) == before, "\(context): \(operation)")
                continue
            }
            try operation.apply(to: &reference)
            let after = Snapshot(model)
            let shape = reference.shape()
            let comment = Comment(rawValue: "\(context): \(operation)")
            #expect(after.paths == shape.depthFirst(below: nil), comment)
            for path in after.paths {
                #expect(model.change(of: path) == reference.files[path], comment)
                #expect(model.summary(of: path) == shape.summaries[path], comment)
            }
            #expect(model.total == ChangeSummary(reference.files.values), comment)
            #expect(after.rows == shape.rows(expanded: after.expanded, flatten: after.flattened, icons: model.icons), comment)
            #expect(applying(update, to: before.rows, from: after.rows) == after.rows, comment)
            if update.rows == nil { #expect(before.rows.map(\.identity) == after.rows.map(\.identity), comment) }
            let focusChange = before.focus == after.focus ? nil : FocusChange(from: before.focus, to: after.focus)
            #expect(update.focus == focusChange, comment)
            #expect(model.focus.map(model.contains) ?? true, comment)
            #expect(model.count == after.paths.count, comment)
            if let oldRow = operation.expandedRow, let change = update.rows {
                #expect(change.replaced == oldRow..<Self.subtreeEnd(of: oldRow, in: before.rows), comment)
            }
            if operation.kind == .flatten {
                #expect(after.paths == before.paths && after.expanded == before.expanded, comment)
                #expect(after.focus == before.focus, comment)
            }
            exploration.record(after.rows, model: model)
        }
    }

    static func subtreeEnd(of row: Int, in rows: [TreeRow]) -> Int {
        var end = row + 1
        while end < rows.count && rows[end].level > rows[row].level { end += 1 }
        return end
    }
}

/// What the random runs covered, summed over every seed.
struct Exploration {
    var startingTrees: Set<[TreePath]> = []
    var deepestLevel = 0
    var widestDirectory = 0
    var chainRows = 0
    var clashes = 0
    var rejected = 0
    var accepted: [OperationKind: Int] = [:]
    var distinctOperations: Set<String> = []

    mutating func record(_ operation: RandomOperation) {
        distinctOperations.insert(operation.description)
        if operation.isRejected { rejected += 1 } else { accepted[operation.kind, default: 0] += 1 }
    }

    mutating func record(_ rows: [TreeRow], model: TreeBrowserModel) {
        deepestLevel = max(deepestLevel, rows.map(\.level).max() ?? 0)
        chainRows += rows.filter { $0.chain.count > 1 }.count
        widestDirectory = max(widestDirectory, model.children(of: nil).count,
                              rows.filter(\.isDirectory).map { model.children(of: $0.identity).count }.max() ?? 0)
        clashes += rows.filter { !$0.isDirectory && model.contains(try! TreePath(RawPath(bytes: $0.identity.identity + [0x2F]))) }.count
    }
}
