@testable import Packages
import Testing

/// A selection made from paths placed beforehand, in whatever order and subset a report lists
/// them, equals the one made by placing the listed paths directly.
struct PackagePlacementTests {
    static let given: [(path: String, old: String?)] = [
        ("packages/ui/src/button.ts", nil),
        ("crates/mid/src/lib.rs", "crates/base/src/moved.rs"),
        ("README.md", nil),
        ("go/svc/main.go", "go/svc/old.go"),
        ("swift/App/Sources/App.swift", "packages/core/src/app.swift"),
        ("pnpm-lock.yaml", nil),
        ("apps/web/index.ts", nil),
        ("crates/top/src/main.rs", nil),
    ]

    static func shown(_ selection: PackageSelection, paths: [String]) -> [String] {
        selection.entries.map { entry in
            let files = entry.files.map { paths[$0] }.joined(separator: ",")
            return "\(selection.graph.packages[entry.package].displayPath) [\(files)] \(String(describing: entry.reason))"
        }
    }

    @Test(arguments: [
        [0, 1, 2, 3, 4, 5, 6, 7], [7, 6, 5, 4, 3, 2, 1, 0], [2, 4, 6], [1, 3], [5, 0], [6, 5, 7],
    ])
    func placedOnceThenListedInAnyOrderGivesTheDirectSelection(order: [Int]) {
        let graph = PackageGraphTests.graph(PackageGraphTests.monorepo)
        let rules = AffectsAllRules(["pnpm-lock.yaml"])
        let placement = PackagePlacement(graph: graph, count: Self.given.count, path: { Array(Self.given[$0].path.utf8) },
                                         oldPath: { Self.given[$0].old.map { Array($0.utf8) } }, affectsAll: rules)
        let listed = order.map { Self.given[$0] }
        let paths = listed.map(\.path)
        for affected in [false, true] {
            let direct = PackageSelection(graph: graph, count: listed.count, path: { Array(listed[$0].path.utf8) },
                                          oldPath: { listed[$0].old.map { Array($0.utf8) } }, affected: affected,
                                          affectsAll: rules)
            let placed = PackageSelection(graph: graph, placement: affected ? placement : PackagePlacement(
                graph: graph, count: Self.given.count, path: { Array(Self.given[$0].path.utf8) },
                oldPath: { Self.given[$0].old.map { Array($0.utf8) } }), order: order, affected: affected)
            #expect(Self.shown(placed, paths: paths) == Self.shown(direct, paths: paths))
            #expect(placed.packageOfFile == direct.packageOfFile)
        }
    }

    @Test func aRenameAcrossPackagesIsInBothAndOneWithinItsPackageOnce() {
        let graph = PackageGraphTests.graph(PackageGraphTests.monorepo)
        let placement = PackagePlacement(graph: graph, count: Self.given.count, path: { Array(Self.given[$0].path.utf8) },
                                         oldPath: { Self.given[$0].old.map { Array($0.utf8) } })
        let display = { (index: Int) in graph.packages[index].displayPath }
        #expect(placement.oldPackages.mapValues(display) == [1: "crates/base", 4: "packages/core"])
        #expect(placement.packages.map(display) == [
            "packages/ui", "crates/mid", ".", "go/svc", "swift/App", ".", "apps/web", "crates/top",
        ])
        #expect(placement.affectsAllMatches.isEmpty)
    }
}
