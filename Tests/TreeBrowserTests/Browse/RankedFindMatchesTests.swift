import Testing
import TestSupport
import TreeModel
@testable import TreeBrowser

/// Ranked find's indices (``RankedFind/matches(_:among:)``), looked at in two halves at once
/// when there are many candidates, are exactly the ranking of ``RankedFind/results(for:)``,
/// from every candidate or from the pool of a shorter query.
struct RankedFindMatchesTests {
    /// Files and directories in tree order, enough to be split between two threads.
    static func finder(seed: Int, count: Int) -> RankedFind {
        var random = SeededGenerator(state: UInt64(seed))
        let words = ["model", "view", "Mode", "readme", "src", "lib", "m", "tree_view", "More", "x"]
        var paths: [TreePath] = []
        while paths.count < count {
            let directory = (0..<Int.random(in: 1...3, using: &random)).map { _ in words.randomElement(using: &random)! }
            let prefix = directory.joined(separator: "/")
            paths.append(try! TreePath(prefix + "/\(paths.count)/"))
            for file in 0..<Int.random(in: 1...6, using: &random) {
                let name = words.randomElement(using: &random)! + (file == 0 ? "" : "\(file).swift")
                paths.append(try! TreePath("\(prefix)/\(paths.count)/\(name)"))
            }
        }
        let tags = [["added"], ["modified", "lang-swift"], [], ["renamed"]]
        return RankedFind(candidates: paths.enumerated().map { FindCandidate(path: $1, tags: tags[$0 % tags.count]) })
    }

    static func ranking(_ finder: RankedFind, _ kinds: [[Int32]]) -> [FindResult] {
        let matches: [FindMatch] = [.exact, .prefix, .contains, .tag]
        return kinds.enumerated().flatMap { kind, indices in
            indices.map { finder.result(Int($0), match: matches[kind]) }
        }
    }

    @Test(arguments: [1, 2])
    func theIndicesAreTheRankingFromEveryCandidateAndFromAPool(seed: Int) throws {
        let finder = Self.finder(seed: seed, count: 2 * RankedFind.candidatesPerThread + 5_000)
        #expect(finder.count >= 2 * RankedFind.candidatesPerThread)
        var pool: [Int32]?
        var text = ""
        for letter in ["m", "o", "d", "e", "l"] {
            text += letter
            let query = try #require(FindQuery(text))
            let whole = finder.matches(query, among: nil)
            let expected = finder.results(for: query)
            let ranked = Self.ranking(finder, whole.kinds) == expected
            let inOrder = whole.matched == expected.map { Int32($0.order) }.sorted()
            #expect(ranked && inOrder, "\(text): \(expected.count) results")
            if let pool {
                let narrowed = finder.matches(query, among: pool)
                let same = narrowed.kinds == whole.kinds && narrowed.matched == whole.matched
                #expect(same, "\(text) from the pool")
            }
            pool = whole.matched
        }
        let first = try #require(FindQuery("m"))
        let found = finder.matches(first, among: nil)
        #expect(found.kinds.allSatisfy { !$0.isEmpty }, "every kind of match is made")
        #expect(found.matched.count > RankedFind.candidatesPerThread, "both halves match")
    }
}
