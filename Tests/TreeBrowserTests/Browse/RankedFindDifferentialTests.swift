import Testing
import TestSupport
import TreeModel
@testable import TreeBrowser

/// Ranked find (its flat texts, the reading of a parent's answer, the narrowing to the last
/// matches, the two halves) ranks as the plain rules of ``RankedFindReference`` do, on random
/// trees and on queries typed letter by letter.
struct RankedFindDifferentialTests {
    /// How many of each kind of match the references made, and how many long queries matched.
    struct Tally {
        var kinds = [0, 0, 0, 0]
        var longQueriesMatching = 0
        var narrowed = 0
        var nonASCIIMatches = 0
    }

    /// Types `text` letter by letter into `finder` as a find does (each letter looking only at
    /// the last matches), expecting each step's ranking to be `reference`'s.
    static func type(_ text: String, into finder: RankedFind, candidates: [FindCandidate], splittingFrom threshold: Int,
                     tally: inout Tally, _ context: String) {
        var typed = ""
        var pool: [Int32]?
        for character in text {
            typed.append(character)
            guard let query = FindQuery(typed) else {
                pool = nil
                continue
            }
            let expected = RankedFindReference.ranking(candidates, query.normalized)
            let whole = finder.matches(query, among: nil, splittingFrom: threshold)
            #expect(whole.kinds == expected, "\(context) \(typed.debugDescription): from every candidate")
            #expect(whole.matched == expected.joined().sorted(), "\(context) \(typed.debugDescription): matched")
            if let pool {
                let narrowed = finder.matches(query, among: pool, splittingFrom: threshold)
                #expect(narrowed.kinds == expected, "\(context) \(typed.debugDescription): from the last matches")
                #expect(narrowed.matched == whole.matched, "\(context) \(typed.debugDescription): matched, narrowed")
                tally.narrowed += 1
            }
            pool = whole.matched
            for kind in 0..<4 { tally.kinds[kind] += expected[kind].count }
            if query.normalized.count > FindArena.contextCount + 1, !whole.matched.isEmpty { tally.longQueriesMatching += 1 }
            if query.normalized.contains(where: { $0 >= 0x80 }), !whole.matched.isEmpty { tally.nonASCIIMatches += 1 }
        }
    }

    @Test func candidatesGivenInTreeOrderRankAsThePlainRules() {
        var tally = Tally()
        for seed in 0..<40 {
            var random = SeededGenerator(state: UInt64(seed))
            let (all, kept) = RankedFindReference.candidates(&random)
            for candidates in [all, kept] {
                let finder = RankedFind(candidates: candidates)
                #expect(finder.count == candidates.count)
                for _ in 0..<12 {
                    let text = RankedFindReference.query(for: candidates, &random)
                    let threshold = [2, 7, Int.max].randomElement(using: &random)!
                    Self.type(text, into: finder, candidates: candidates, splittingFrom: threshold, tally: &tally,
                              "seed \(seed)")
                }
            }
        }
        Self.expectExplored(tally)
    }

    @Test func theBrowsersCandidatesRankAsThePlainRules() throws {
        var tally = Tally()
        for seed in 100..<125 {
            var random = SeededGenerator(state: UInt64(seed))
            let files = RankedFindReference.candidates(&random).all.filter { !$0.path.isDirectory }
            let changes = files.map { FileChange(status: ChangeStatus(rawValue: $0.tags[0]), path: $0.path.normalized) }
            let tree = ChangeTree(changes: changes)
            let icons = IconResolver()
            let browsing = RankedFind(browsing: tree, icons: icons)
            let model = RankedFind(model: try TreeBrowserModel(changeTree: tree), icons: icons)
            let candidates = browsing.candidates
            #expect(model.candidates == candidates, "seed \(seed)")
            for _ in 0..<14 {
                let text = RankedFindReference.query(for: candidates, &random)
                for finder in [browsing, model] {
                    Self.type(text, into: finder, candidates: candidates, splittingFrom: 5, tally: &tally, "seed \(seed)")
                }
            }
        }
        Self.expectExplored(tally)
    }

    @Test func aRowMatchesAsItsCandidateAndMakesItsTagsOnlyWhenNeeded() {
        var random = SeededGenerator(state: 7)
        var madeTags = 0, matched = 0
        for _ in 0..<30 {
            let candidates = RankedFindReference.candidates(&random).all
            for _ in 0..<10 {
                guard let query = FindQuery(RankedFindReference.query(for: candidates, &random)) else { continue }
                for candidate in candidates {
                    var asked = false
                    let match = query.match(path: candidate.path) {
                        asked = true
                        return candidate.tags
                    }
                    let expected = RankedFindReference.score(candidate, query.normalized)
                    #expect(match?.score == expected, "\(candidate.path) \(query.text.debugDescription)")
                    #expect(asked == (expected ?? 0 < 300), "\(candidate.path) \(query.text.debugDescription)")
                    if asked { madeTags += 1 }
                    if expected != nil { matched += 1 }
                }
            }
        }
        #expect(madeTags > 100 && matched > 100, "tags made \(madeTags), matched \(matched)")
    }

    static func expectExplored(_ tally: Tally) {
        #expect(tally.kinds.allSatisfy { $0 > 50 }, "exact, prefix, contains, tag: \(tally.kinds)")
        #expect(tally.longQueriesMatching > 20, "long queries matching: \(tally.longQueriesMatching)")
        #expect(tally.narrowed > 200, "narrowed: \(tally.narrowed)")
        #expect(tally.nonASCIIMatches > 10, "non-ASCII queries matching: \(tally.nonASCIIMatches)")
    }
}
