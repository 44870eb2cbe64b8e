import Testing
import TestSupport
import TreeBrowser
import TreeModel

/// The model of a change tree is built in one pass from the change tree's own roll-ups; it
/// must hold what adding the same changes one by one makes (each file rolled up into every
/// directory above it): the same identities in the same order, changes, roll-ups and rows.
struct TreeBrowserBuildTests {
    @Test(arguments: 0..<40)
    func buildingAtOnceEqualsAddingOneByOne(seed: Int) throws {
        var random = SeededGenerator(state: UInt64(seed))
        let generator = PathGenerator(allowsClashes: true)
        var seen = Set<RawPath>()
        let changes = (0..<Int.random(in: 1...60, using: &random)).map { _ in generator.change(&random) }
            .filter { seen.insert($0.path).inserted }
        for order in [TreeOrder.foldersFirst, .name, .input] {
            for flatten in [true, false] {
                let built = try TreeBrowserModel(changes: changes, order: order, flatten: flatten, expansion: .expanded)
                var added = try TreeBrowserModel(changes: [], order: order, flatten: flatten, expansion: .expanded)
                try added.batch(changes.map(TreeMutation.addChange))
                #expect(built.paths == added.paths, "seed \(seed) \(order)")
                for path in built.paths {
                    #expect(built.change(of: path) == added.change(of: path), "\(path)")
                    #expect(built.summary(of: path) == added.summary(of: path), "\(path)")
                    #expect(built.children(of: path) == added.children(of: path), "\(path)")
                }
                #expect(built.total == added.total)
                #expect(built.rows == added.rows)
            }
        }
    }

    @Test func aParentReferenceIsRejectedAsBefore() {
        let changes = [FileChange(status: .added, path: RawPath("a/../b"))]
        #expect(throws: TreePathError.self) { try TreeBrowserModel(changes: changes) }
    }
}

/// Ranked find's candidates made from the change tree (on another thread, in the browser)
/// are the ones made from the model built from it.
struct RankedFindPreparationTests {
    @Test(arguments: 0..<20)
    func candidatesFromTheChangeTreeEqualThoseFromTheModel(seed: Int) throws {
        var random = SeededGenerator(state: UInt64(seed))
        let generator = PathGenerator(allowsClashes: true)
        var changes = (0..<Int.random(in: 1...60, using: &random)).map { _ in generator.change(&random) }
        changes.append(FileChange(status: .added, path: RawPath("Ünïcode Dir/Read Me_\(seed).MD")))
        changes.append(FileChange(status: .typeChanged, path: RawPath("a/link"), oldMode: .regular, newMode: .symlink))
        let icons = IconResolver(catalog: IconCatalog(set: .complete, extras: true))
        for order in [TreeOrder.foldersFirst, .input] {
            let tree = ChangeTree(changes: changes, order: order)
            let fromModel = RankedFind(model: try TreeBrowserModel(changeTree: tree), icons: icons)
            let fromTree = RankedFind(browsing: tree, icons: icons)
            #expect(fromTree.candidates == fromModel.candidates, "seed \(seed)")
            #expect(fromTree.candidates.count == tree.tree.nodeCount - 1)
        }
    }
}
