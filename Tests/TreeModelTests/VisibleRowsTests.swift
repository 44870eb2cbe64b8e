import Testing
import TestSupport
import TreeModel

/// ``TreeView/visibleRows`` is the one walk renderers draw: it yields exactly the rows a
/// naive recursive walk over the view finds (Docs/TreeModel.md#expansion-and-depth), with
/// their levels, last-sibling flags and ancestor guides, for many trees, depths and searches.
struct VisibleRowsTests {
    /// Trees of 5 to 60 files whose paths are spelled by the bits of their numbers, so that
    /// they share prefixes, make chains, and go several levels deep.
    static let trees: [ChangeTree] = (1...12).map { size in
        let pieces = ["src", "lib", "a", "b.txt", "c", "d.md"]
        let changes = (0..<(size * 5)).map { number in
            var value = number * 7 + size
            var path: [String] = []
            repeat {
                path.append(pieces[value % pieces.count])
                value /= 2
            } while value > 0 && path.count < 6
            if path.last?.contains(".") != true { path.append("f\(number % 3)") }
            let status = ChangeStatus.allCases[number % ChangeStatus.allCases.count]
            return FileChange(status: status, path: RawPath(path.joined(separator: "/")), insertions: number, deletions: 1,
                              binary: false)
        }
        return ChangeTree(changes: changes)
    }

    /// The rows by recursion over ``TreeView/topLevel`` and ``TreeView/children(of:)``.
    static func recursiveRows(_ view: TreeView, opensEverything: Bool = false) -> [VisibleRow] {
        var rows: [VisibleRow] = []
        func walk(_ children: [ProjectedNode], level: Int, guides: AncestorGuides) {
            for (position, child) in children.enumerated() {
                let isDirectory = view.changeTree.tree.nodes[child.node].isDirectory
                let isLast = position == children.count - 1
                let open = isDirectory && (opensEverything || view.isExpanded(child))
                rows.append(VisibleRow(projected: child, level: level, isLast: isLast, guides: guides,
                                       isDirectory: isDirectory, isExpanded: open, isMatch: view.isMatch(child)))
                guard open else { continue }
                var inner = guides
                inner.append(!isLast)
                walk(view.children(of: child.node), level: level + 1, guides: inner)
            }
        }
        walk(view.topLevel, level: 0, guides: AncestorGuides())
        return rows
    }

    @Test func theIteratorYieldsTheRowsOfARecursiveWalk() {
        var checked = 0
        for tree in Self.trees {
            for flatten in [true, false] {
                for depth in [nil, 0, 1, 2] {
                    for (query, mode) in [(nil, SearchMode.hide), ("a/", .hide), ("c", .collapse), ("md", .expand)] {
                        let view = TreeView(changeTree: tree, flatten: flatten, depth: depth,
                                            query: query.flatMap(SearchQuery.init), searchMode: mode)
                        #expect(Array(view.visibleRows) == Self.recursiveRows(view))
                        #expect(Array(view.allRows) == Self.recursiveRows(view, opensEverything: true))
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 12 * 2 * 4 * 4)
    }

    @Test func theTreesExploreDepthChainsAndGuides() {
        let rows = Self.trees.flatMap { Array(TreeView(changeTree: $0).visibleRows) }
        #expect(rows.map(\.level).max()! >= 4)
        #expect(rows.contains { $0.projected.first != $0.projected.node }, "a flattened chain")
        #expect(rows.contains { $0.level >= 2 && $0.guides[1] } && rows.contains { $0.level >= 2 && !$0.guides[1] })
    }

    @Test(arguments: 1...8)
    func levelsInCommonAreTheLeadingLevelsThatAgree(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        func guides(_ levels: [Bool]) -> AncestorGuides {
            var guides = AncestorGuides()
            for level in levels { guides.append(level) }
            return guides
        }
        var checked = 0
        for _ in 0..<200 {
            let shared = (0..<Int.random(in: 0...150, using: &random)).map { _ in Bool.random(using: &random) }
            var first = shared, second = shared
            if Bool.random(using: &random), !first.isEmpty { first[Int.random(in: 0..<first.count, using: &random)].toggle() }
            first += (0..<Int.random(in: 0...80, using: &random)).map { _ in Bool.random(using: &random) }
            second += (0..<Int.random(in: 0...80, using: &random)).map { _ in Bool.random(using: &random) }
            var a = guides(first)
            let b = guides(second)
            for _ in 0..<Int.random(in: 0...3, using: &random) where !first.isEmpty {
                a.removeLast()
                first.removeLast()
            }
            let naive = zip(first, second).prefix { $0 == $1 }.count
            #expect(a.levelsInCommon(with: b) == naive, "seed \(seed): \(first) against \(second)")
            #expect(b.levelsInCommon(with: a) == naive)
            if naive > 64 { checked += 1 }
        }
        #expect(checked > 0, "some pairs share more than 64 levels")
    }

    @Test func guidesKeepLevelsBeyondSixtyFour() {
        var guides = AncestorGuides()
        for level in 0..<150 { guides.append(level % 3 == 0) }
        #expect((0..<150).allSatisfy { guides[$0] == ($0 % 3 == 0) })
        for _ in 0..<90 { guides.removeLast() }
        #expect(guides.count == 60)
        var same = AncestorGuides()
        for level in 0..<60 { same.append(level % 3 == 0) }
        #expect(guides == same)
    }
}
