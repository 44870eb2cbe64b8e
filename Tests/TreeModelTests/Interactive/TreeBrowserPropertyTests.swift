import Testing
import TreeModel

/// Randomized operation sequences (seeded, so failures reproduce): after every operation
/// the incrementally maintained rows equal a full recompute, the reported range turns the
/// old rows into the new ones, expansion changes replace exactly the row's subtree, and a
/// rejected mutation changes nothing.
struct TreeBrowserPropertyTests {
    /// A snapshot of everything observable, to check that rejected operations change nothing.
    struct Snapshot: Equatable {
        var paths: [TreePath], rows: [TreeRow], expanded: Set<TreePath>
        var focus: TreePath?, selection: Set<TreePath>, flattened: Bool
        init(_ model: TreeBrowserModel) {
            paths = model.paths; rows = model.rows; expanded = model.expandedPaths
            focus = model.focus; selection = model.selection; flattened = model.isFlattened
        }
    }

    static let names = ["a", "b", "c", "D", "e1", "e10", "e2"]

    @Test(arguments: [(1, TreeOrder.foldersFirst), (2, .name), (3, .input), (4, .foldersFirst), (5, .name)])
    func randomOperationsMatchAFullRecompute(seed: Int, order: TreeOrder) throws {
        var random = SeededGenerator(state: UInt64(seed))
        let start = (0..<25).map { _ in Self.randomPath(&random).description }
        var model: TreeBrowserModel
        do {
            model = try TreeBrowserModel(paths: start, order: order, flatten: seed % 2 == 0, expansion: .depth(1))
        } catch {
            model = try TreeBrowserModel(paths: ["a/b/c"], order: order, expansion: .depth(1))
        }
        for step in 0..<400 {
            let before = Snapshot(model)
            let (operation, update, rejected) = Self.randomOperation(&model, &random)
            let context = Comment(rawValue: "seed \(seed), step \(step): \(operation)")
            let after = Snapshot(model)
            if rejected {
                #expect(after == before, context)
                continue
            }
            #expect(after.rows == referenceRows(of: model), context)
            #expect(applying(update, to: before.rows, from: after.rows) == after.rows, context)
            if update.rows == nil { #expect(before.rows == after.rows, context) }
            let focusChange = before.focus == after.focus ? nil : FocusChange(from: before.focus, to: after.focus)
            #expect(update.focus == focusChange, context)
            #expect(update.selectionChanged == (before.selection != after.selection), context)
            #expect(model.focus.map(model.contains) ?? true, context)
            #expect(model.selection.allSatisfy(model.contains), context)
            #expect(model.count == after.paths.count, context)
            if case .expansion(_, let oldRow) = operation, let change = update.rows {
                let start = oldRow ?? change.replaced.lowerBound
                #expect(change.replaced == start..<Self.subtreeEnd(of: start, in: before.rows), context)
            }
            if operation.description.hasPrefix("flatten") {
                #expect(after.paths == before.paths && after.expanded == before.expanded, context)
                #expect(after.focus == before.focus && after.selection == before.selection, context)
            }
            if order != .input {
                let fresh = try TreeBrowserModel(paths: after.paths.map(\.description), order: order)
                #expect(fresh.paths == after.paths, context)
            }
        }
    }

    enum Operation: CustomStringConvertible {
        case expansion(String, Int?)
        case other(String)
        var description: String {
            switch self {
            case .expansion(let text, _), .other(let text): text
            }
        }
    }

    static func subtreeEnd(of row: Int, in rows: [TreeRow]) -> Int {
        var end = row + 1
        while end < rows.count && rows[end].level > rows[row].level { end += 1 }
        return end
    }

    static func randomPath(_ random: inout SeededGenerator) -> TreePath {
        let pieces = (0..<Int.random(in: 1...4, using: &random)).map { _ in names.randomElement(using: &random)! }
        return tp(pieces.joined(separator: "/") + (Bool.random(using: &random) ? "/" : ""))
    }

    static func existingOrRandom(_ model: TreeBrowserModel, _ random: inout SeededGenerator) -> TreePath {
        let paths = model.paths
        if paths.isEmpty || Int.random(in: 0..<5, using: &random) == 0 { return randomPath(&random) }
        return paths.randomElement(using: &random)!
    }

    static func randomMutation(_ model: TreeBrowserModel, _ random: inout SeededGenerator) -> TreeMutation {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return .add(randomPath(&random))
        case 1: return .remove(existingOrRandom(model, &random))
        default:
            let source = existingOrRandom(model, &random)
            var destination = randomPath(&random)
            if source.isDirectory != destination.isDirectory && Bool.random(using: &random) {
                destination = randomPath(&random)
            }
            return .move(source, to: destination)
        }
    }

    /// Runs one random operation; returns what it was, its update, and whether it was rejected.
    static func randomOperation(
        _ model: inout TreeBrowserModel, _ random: inout SeededGenerator
    ) -> (Operation, TreeUpdate, Bool) {
        let path = existingOrRandom(model, &random)
        let oldRow = model.rowIndex(of: path)
        switch Int.random(in: 0..<13, using: &random) {
        case 0: return (.expansion("expand \(path)", oldRow), model.expand(path), false)
        case 1: return (.expansion("collapse \(path)", oldRow), model.collapse(path), false)
        case 2: return (.expansion("toggle \(path)", oldRow), model.toggle(path), false)
        case 3:
            let focus = Bool.random(using: &random)
            return (.expansion("reveal \(path)", nil), model.reveal(path, focus: focus), false)
        case 4:
            let flatten = Bool.random(using: &random)
            return (.other("flatten \(flatten)"), model.setFlattened(flatten), false)
        case 5, 6, 7:
            let mutation = randomMutation(model, &random)
            do { return (.other("\(mutation)"), try model.apply(mutation), false) } catch {
                return (.other("\(mutation) rejected: \(error)"), TreeUpdate(), true)
            }
        case 8:
            let batch = (0..<Int.random(in: 1...4, using: &random)).map { _ in randomMutation(model, &random) }
            do { return (.other("batch \(batch)"), try model.batch(batch), false) } catch {
                return (.other("batch \(batch) rejected: \(error)"), TreeUpdate(), true)
            }
        case 9:
            let moves: [(String, (inout TreeBrowserModel) -> TreeUpdate)] = [
                ("first", { $0.focusFirst() }), ("last", { $0.focusLast() }), ("next", { $0.focusNext() }),
                ("previous", { $0.focusPrevious() }), ("parent", { $0.focusParent() }),
                ("nearest \(path)", { $0.focus(nearestTo: path) }),
            ]
            let (name, move) = moves.randomElement(using: &random)!
            return (.other("focus \(name)"), move(&model), false)
        case 10:
            return Bool.random(using: &random)
                ? (.other("select \(path)"), model.select(path, extending: Bool.random(using: &random)), false)
                : (.other("toggle selection \(path)"), model.toggleSelection(path), false)
        case 11:
            return Bool.random(using: &random)
                ? (.other("expand all"), model.expandAll(), false) : (.other("collapse all"), model.collapseAll(), false)
        default:
            var paths = model.paths.filter { _ in Int.random(in: 0..<4, using: &random) > 0 }.map(\.description)
            paths += (0..<3).map { _ in randomPath(&random).description }
            do { return (.other("reset \(paths)"), try model.reset(paths: paths), false) } catch {
                return (.other("reset rejected: \(error)"), TreeUpdate(), true)
            }
        }
    }
}
