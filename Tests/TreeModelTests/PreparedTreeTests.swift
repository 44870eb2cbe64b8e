import Testing
import TreeModel

/// Docs/TreeModel.md#prepared-tree: a prepared tree of arbitrary nodes, from roots + children.
struct PreparedTreeTests {
    /// A node of an outline: a name and nested nodes.
    struct Outline: Identifiable, Equatable {
        var id: String
        var children: [Outline] = []
    }

    static let outline = [
        Outline(id: "a", children: [Outline(id: "a1"), Outline(id: "a2", children: [Outline(id: "a2x")])]),
        Outline(id: "b"),
    ]

    @Test func derivesParentDepthChildrenAndSiblings() throws {
        let tree = try PreparedTree(roots: Self.outline, children: \.children)
        #expect(tree.identities == ["a", "a1", "a2", "a2x", "b"])
        #expect(tree.roots == [0, 4])
        let a2 = try #require(tree.index(of: "a2"))
        #expect(tree[a2].id == "a2")
        #expect(tree.parent(of: a2) == tree.index(of: "a"))
        #expect(tree.parent(of: 0) == nil)
        #expect(tree.depth(of: a2) == 1)
        #expect(tree.depth(of: try #require(tree.index(of: "a2x"))) == 2)
        #expect(Array(tree.children(of: 0)) == [1, 2])
        #expect(tree.children(of: 4).isEmpty)
        #expect(tree.siblingPosition(of: a2) == 1)
        #expect(tree.siblingCount(of: a2) == 2)
        #expect(tree.siblingPosition(of: 4) == 1)
        #expect(tree.siblingCount(of: 4) == 2)
        #expect(tree.subtree(of: 0) == 0..<4)
        #expect(tree.subtree(of: a2) == 2..<4)
        #expect(tree.ancestors(of: 3) == [2, 0])
        #expect(tree.index(of: "zzz") == nil)
    }

    @Test func acceptsAnyIdentityFunction() throws {
        let tree = try PreparedTree(roots: [1], identity: { "n\($0)" }, children: { $0 < 32 ? [$0 * 2, $0 * 2 + 1] : [] })
        #expect(tree.count == 63)
        #expect(tree.depth(of: try #require(tree.index(of: "n63"))) == 5)
    }

    @Test func rejectsDuplicateIdentitiesNamingThem() {
        let siblings = [Outline(id: "x", children: [Outline(id: "y"), Outline(id: "y")])]
        #expect(throws: PreparedTreeError.duplicateIdentity("y")) {
            try PreparedTree(roots: siblings, children: \.children)
        }
        let cousins = [Outline(id: "p", children: [Outline(id: "q")]), Outline(id: "r", children: [Outline(id: "q")])]
        #expect(throws: PreparedTreeError.duplicateIdentity("q")) {
            try PreparedTree(roots: cousins, children: \.children)
        }
        #expect(throws: PreparedTreeError.duplicateIdentity("a")) {
            try PreparedTree(roots: Self.outline + [Outline(id: "a")], children: \.children)
        }
        #expect(PreparedTreeError.duplicateIdentity("q").description.contains("'q'"))
    }

    @Test func rejectsCyclesNamingTheRepeatedIdentity() {
        let graph = ["a": ["b"], "b": ["c"], "c": ["a"]]
        #expect(throws: PreparedTreeError.cycle("a")) {
            try PreparedTree(roots: ["a"], identity: { $0 }, children: { graph[$0] ?? [] })
        }
        #expect(throws: PreparedTreeError.cycle("s")) {
            try PreparedTree(roots: ["s"], identity: { $0 }, children: { [$0] })
        }
        let diamond = ["top": ["l", "r"], "l": ["bottom"], "r": ["bottom"]]
        #expect(throws: PreparedTreeError.duplicateIdentity("bottom")) {
            try PreparedTree(roots: ["top"], identity: { $0 }, children: { diamond[$0] ?? [] })
        }
        #expect(PreparedTreeError.cycle("a").description.contains("'a'"))
    }

    @Test func preparesADeepChainWithoutRecursion() throws {
        let depth = 100_000
        let tree = try PreparedTree(roots: [0], identity: { $0 }, children: { $0 < depth - 1 ? [$0 + 1] : [] })
        #expect(tree.count == depth)
        #expect(tree.depth(of: depth - 1) == depth - 1)
        #expect(tree.subtree(of: 1) == 1..<depth)
    }

    @Test func visibleNodesEnterOnlyExpandedOnes() throws {
        let tree = try PreparedTree(roots: Self.outline, children: \.children)
        #expect(tree.visibleIndices { _ in false }.map { tree.identities[$0] } == ["a", "b"])
        #expect(tree.visibleIndices { _ in true }.count == tree.count)
        let open: Set = ["a", "a2x"]
        #expect(tree.visibleIndices { open.contains(tree.identities[$0]) }.map { tree.identities[$0] } == ["a", "a1", "a2", "b"])
    }

    @Test func anEmptyForestIsFine() throws {
        let tree = try PreparedTree(roots: [Outline](), children: \.children)
        #expect(tree.count == 0 && tree.roots.isEmpty)
    }
}
