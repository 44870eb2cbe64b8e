import Testing
import TreeBrowser
import TreeModel

/// Docs/TreeModel.md#ranked-find: order by score, then tree order; group results by their
/// parent directory.
struct RankedFindTests {
    /// Candidates in tree order.
    static let find = RankedFind(candidates: [
        FindCandidate(path: tp("a/")),                                   // 0
        FindCandidate(path: tp("a/overview.md"), tags: ["modified"]),    // 1: contains
        FindCandidate(path: tp("a/view.txt"), tags: ["added"]),          // 2: prefix
        FindCandidate(path: tp("b/")),                                   // 3
        FindCandidate(path: tp("b/preview.swift")),                      // 4: contains
        FindCandidate(path: tp("b/view")),                               // 5: exact
        FindCandidate(path: tp("c/")),                                   // 6
        FindCandidate(path: tp("c/viewer.swift")),                       // 7: prefix
        FindCandidate(path: tp("d.txt"), tags: ["added"]),               // 8
        FindCandidate(path: tp("notes.txt"), tags: ["preview"]),         // 9: tag
    ])

    static func describe(_ results: [FindResult]) -> [String] {
        results.map { "\($0.path) \($0.score)" }
    }

    @Test func ordersByScoreThenTreeOrderAndDropsNonMatches() throws {
        let results = Self.find.results(for: try #require(FindQuery("view")))
        #expect(Self.describe(results) == [
            "b/view 1000",
            "a/view.txt 500",
            "c/viewer.swift 500",
            "a/overview.md 300",
            "b/preview.swift 300",
            "notes.txt 100",
        ])
        #expect(results.map(\.order) == [5, 2, 7, 1, 4, 9])
    }

    @Test func tiesKeepTreeOrderWhateverTheInputPositionOfEqualScores() throws {
        let results = Self.find.results(for: try #require(FindQuery("added")))
        #expect(Self.describe(results) == ["a/view.txt 100", "d.txt 100"])
        let reversed = RankedFind(candidates: [
            FindCandidate(path: tp("z.txt")), FindCandidate(path: tp("y.txt")), FindCandidate(path: tp("x.txt")),
        ])
        #expect(Self.describe(reversed.results(for: try #require(FindQuery("txt")))) == [
            "z.txt 300", "y.txt 300", "x.txt 300",
        ])
    }

    @Test func groupsByParentInTheOrderOfTheirBestMember() throws {
        let groups = Self.find.groups(for: try #require(FindQuery("view")))
        #expect(groups.map(\.parent) == [tp("b/"), tp("a/"), tp("c/"), nil])
        #expect(groups.map { Self.describe($0.results) } == [
            ["b/view 1000", "b/preview.swift 300"],
            ["a/view.txt 500", "a/overview.md 300"],
            ["c/viewer.swift 500"],
            ["notes.txt 100"],
        ])
    }

    @Test func groupingKeepsADirectoryApartFromItsContents() throws {
        let find = RankedFind(candidates: [
            FindCandidate(path: tp("src/")),
            FindCandidate(path: tp("src/lib/")),
            FindCandidate(path: tp("src/lib/lib.c")),
            FindCandidate(path: tp("src/liberty.c")),
        ])
        let groups = find.groups(for: try #require(FindQuery("lib")))
        // src/lib/ (exact) sits in src/'s group with liberty.c (prefix); lib.c in src/lib/'s.
        #expect(groups.map(\.parent) == [tp("src/"), tp("src/lib/")])
        #expect(groups.map { Self.describe($0.results) } == [
            ["src/lib/ 1000", "src/liberty.c 500"],
            ["src/lib/lib.c 500"],
        ])
    }

    @Test func nothingFoundIsEmpty() throws {
        #expect(Self.find.results(for: try #require(FindQuery("zzz"))).isEmpty)
        #expect(Self.find.groups(for: try #require(FindQuery("zzz"))).isEmpty)
        #expect(RankedFind(candidates: []).results(for: try #require(FindQuery("a"))).isEmpty)
    }

    @Test func changeTreeCandidatesCarryStatusAndFileTypeTags() throws {
        let changes = [
            FileChange(status: .deleted, path: RawPath("Docs/Old.md")),
            FileChange(status: .added, path: RawPath("Sources/New/Thing.swift")),
            FileChange(status: .added, path: RawPath("Sources/New/Other.swift")),
            FileChange(status: .modified, path: RawPath("Sources/App/View.swift")),
            FileChange(status: nil, path: RawPath("notes")),
        ]
        let icons = IconResolver()
        let find = RankedFind(changeTree: ChangeTree(changes: changes), icons: icons)
        #expect(find.candidates.map(\.path.description) == [
            "Docs/", "Docs/Old.md", "Sources/", "Sources/App/", "Sources/App/View.swift",
            "Sources/New/", "Sources/New/Other.swift", "Sources/New/Thing.swift", "notes",
        ])
        #expect(find.candidates.map(\.parent) == find.candidates.map { FindCandidate(path: $0.path).parent })
        let markdown = icons.resolveFile(named: "Old.md").name
        #expect(find.candidates.map(\.tags) == [
            ["deleted"], ["deleted", markdown], [], [], ["modified", icons.resolveFile(named: "View.swift").name],
            ["added"], ["added", icons.resolveFile(named: "Other.swift").name],
            ["added", icons.resolveFile(named: "Thing.swift").name], [icons.resolveFile(named: "notes").name],
        ])
        #expect(Self.describe(find.results(for: try #require(FindQuery("added")))) == [
            "Sources/New/ 100", "Sources/New/Other.swift 100", "Sources/New/Thing.swift 100",
        ])
        let byStatus = find.groups(for: try #require(FindQuery("deleted")))
        #expect(byStatus.map(\.parent) == [nil, tp("Docs/")])
        #expect(Self.describe(find.results(for: try #require(FindQuery(markdown)))) == ["Docs/Old.md 100"])
    }
}
