import PathFilters
import Testing
import TestSupport

/// ``GroupMatcher`` (each glob tried once per path, rows of bits per change, the
/// changes shared between threads) sorts random changes into random groups exactly as the
/// groups' rules read one by one do. The reference is `Glob`, so this runs after the
/// picomatch-exact matcher is merged: the stand-in reads `**/b` as matching `x/ab`, which
/// picomatch and the matcher's shortcuts do not.
@Suite struct GroupMatcherPropertyTests {
    static let pieces = ["a", "b", "ab", "*", "**", "?", ".c", "a*", "*b", "{a,b}", "@(a|ab)", "[ab]c", "a.c"]
    static let names = ["a", "b", "ab", "a.c", "b.c", "ba", "abc"]

    static func pattern(_ random: inout SeededGenerator) -> String {
        let count = Int.random(in: 1...3, using: &random)
        var body = (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined(separator: "/")
        if Int.random(in: 0..<4, using: &random) == 0 { body = "!" + body }
        return body
    }

    static func path(_ random: inout SeededGenerator) -> [UInt8] {
        Array((0..<Int.random(in: 1...4, using: &random)).map { _ in names.randomElement(using: &random)! }.joined(separator: "/").utf8)
    }

    static func yaml(_ random: inout SeededGenerator) -> String {
        (0..<Int.random(in: 1...5, using: &random)).map { group in
            let rules = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                let pattern = "'\(pattern(&random))'"
                switch Int.random(in: 0..<5, using: &random) {
                case 0: return "  - added|renamed: \(pattern)"
                case 1: return "  - deleted: [\(pattern)]"
                default: return "  - \(pattern)"
                }
            }
            return "g\(group):\n" + rules.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    @Test(arguments: [PredicateQuantifier.some, .every])
    func theMatcherAgreesWithTheRulesReadOneByOneAfterGlobMatcher(quantifier: PredicateQuantifier) throws {
        var random = SeededGenerator(state: quantifier == .some ? 2312 : 2313)
        var held = 0, checked = 0
        for round in 0..<40 {
            let yaml = Self.yaml(&random)
            let file = try FiltersFile(contents: Array(yaml.utf8), file: "f.yml")
            let changes = (0..<3000).map { _ in
                let status = FilterStatus.allCases.randomElement(using: &random)!
                return FilterChange(path: Self.path(&random), status: status,
                                    oldPath: status == .renamed || status == .copied ? Self.path(&random) : nil)
            }
            let matcher = GroupMatcher(file, quantifier: quantifier)
            let sorted = matcher.groups(of: changes, workers: 2)
            let names = changes.map { Set(file.groupNames(holding: $0, quantifier: quantifier)) }
            for (number, group) in file.groups.enumerated() {
                let expected = changes.indices.filter { names[$0].contains(group.name) }
                if sorted[number] != expected {
                    let first = Set(sorted[number]).symmetricDifference(expected).min()!
                    Issue.record("round \(round), \(quantifier): group \(group.name) of\n\(yaml)\ndisagrees on \(changes[first])")
                    return
                }
                held += expected.count
                checked += changes.count
            }
        }
        #expect(held > checked / 50 && held < checked / 2, "the generator makes groups that hold some files, not all: \(held) of \(checked)")
    }
}
