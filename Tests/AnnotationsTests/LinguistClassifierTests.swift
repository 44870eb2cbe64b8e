import Testing
import TestSupport
import TreeModel
@testable import Annotations

/// The indexed classifier against the plain rule it replaces: a path is generated (vendored)
/// when one of the table's patterns matches it.
struct LinguistClassifierTests {
    static let rules = LinguistDefaults.vendored.map { ($0, LinguistKinds.vendored) }
        + LinguistDefaults.generated.map { ($0, LinguistKinds.generated) }

    static func linear(_ bytes: [UInt8]) -> LinguistKinds {
        let segments = PathSegments(bytes)
        var kinds: LinguistKinds = []
        for (rule, kind) in rules where rule.compiled.matches(segments) { kinds.insert(kind) }
        return kinds
    }

    /// A rule's segment written out: a wildcard as `filler`, letters upper-cased when
    /// `upper` (for rules that ignore case); nil for `**`.
    static func instance(of segment: SegmentMatcher, filler: String, upper: Bool) -> String? {
        var word = ""
        switch segment {
        case .literal(let bytes): word = String(decoding: bytes, as: UTF8.self)
        case .glob(let tokens):
            for token in tokens {
                switch token {
                case .byte(let byte): word += String(UnicodeScalar(byte))
                case .anyRun: word += filler
                case .anyCharacter: word += filler.isEmpty ? "z" : filler
                }
            }
        case .anySegment: word = filler.isEmpty ? "any" : filler
        case .anyPath: return nil
        }
        return upper ? word.uppercased() : word
    }

    static let fillers = ["", "q", "Third", "\u{e9}", "x.min"]
    /// Names no rule is about, and near misses.
    static let otherNames = ["src", "a", "main.c", "index.js", "x.lock", "lib", "min.js", "Cargo.lock.bak", "vendored",
                             "cached", "deps2", "wrapper", "gradle", "Build", "\u{e9}t\u{e9}", ".zep.c", "_workspace"]

    /// Paths of 1 to 6 pieces: random names, each piece of a rule written out, or a whole
    /// rule's pieces in a row; now and then an empty piece or a slash at an end.
    static func randomPaths(count: Int, seed: UInt64) -> [[UInt8]] {
        var generator = SeededGenerator(state: seed)
        func piece() -> String {
            if Bool.random(using: &generator) { return otherNames.randomElement(using: &generator)! }
            let (rule, _) = rules.randomElement(using: &generator)!
            let segment = rule.compiled.segments.randomElement(using: &generator)!
            return instance(of: segment, filler: fillers.randomElement(using: &generator)!,
                            upper: rule.ignoringCase && Bool.random(using: &generator)) ?? "b"
        }
        return (0..<count).map { _ in
            var pieces = (0..<Int.random(in: 1...4, using: &generator)).map { _ in piece() }
            if Int.random(in: 0..<3, using: &generator) == 0 {
                let (rule, _) = rules.randomElement(using: &generator)!
                let filler = fillers.randomElement(using: &generator)!
                let run = rule.compiled.segments.compactMap { instance(of: $0, filler: filler, upper: false) }
                pieces.insert(contentsOf: run, at: Int.random(in: 0...pieces.count, using: &generator))
            }
            if Int.random(in: 0..<20, using: &generator) == 0 { pieces.insert("", at: Int.random(in: 0...pieces.count, using: &generator)) }
            var path = Array(pieces.prefix(6).joined(separator: "/").utf8)
            if Int.random(in: 0..<40, using: &generator) == 0 { path.append(UInt8(ascii: "/")) }
            if Int.random(in: 0..<40, using: &generator) == 0 { path.insert(UInt8(ascii: "/"), at: 0) }
            return path
        }
    }

    @Test func indexedClassificationEqualsTryingEveryRule() {
        let paths = Self.randomPaths(count: 20_000, seed: 0x15A)
        let expected = paths.map(Self.linear)
        var matchedByRule = [Int](repeating: 0, count: Self.rules.count)
        for path in paths {
            let segments = PathSegments(path)
            for (number, (rule, _)) in Self.rules.enumerated() where rule.compiled.matches(segments) { matchedByRule[number] += 1 }
        }
        for (number, (rule, _)) in Self.rules.enumerated() {
            #expect(matchedByRule[number] >= 5, "the generator makes too few paths that \(rule.pattern) matches")
        }
        #expect(expected.filter(\.isEmpty).count > 2_000, "the generator makes too few paths that nothing matches")
        #expect(expected.filter { $0 == [.generated, .vendored] }.count > 100)

        var inOrder = LinguistClassifier()
        let unsortedMisses = zip(paths, expected).filter { inOrder.kinds(of: $0.0) != $0.1 }.map { RawPath(bytes: $0.0) }
        #expect(unsortedMisses.count == 0, "first misses: \(unsortedMisses.prefix(5))")
        var sorted = LinguistClassifier()
        let sortedMisses = zip(paths, expected).sorted { $0.0.lexicographicallyPrecedes($1.0) }
            .filter { sorted.kinds(of: $0.0) != $0.1 }.map { RawPath(bytes: $0.0) }
        #expect(sortedMisses.count == 0, "first misses: \(sortedMisses.prefix(5))")
        let singleMisses = zip(paths, expected).prefix(2_000).filter { path, kinds in
            LinguistDefaults.isGenerated(RawPath(bytes: path)) != kinds.contains(.generated)
                || LinguistDefaults.isVendored(RawPath(bytes: path)) != kinds.contains(.vendored)
        }.map { RawPath(bytes: $0.0) }
        #expect(singleMisses.count == 0, "first misses: \(singleMisses.prefix(5))")
    }

    @Test func everyRuleShapeTakesItsPlaceInTheIndex() {
        let index = LinguistDefaults.index
        #expect(!index.files.isEmpty && !index.directories.isEmpty)
        #expect(index.automata.allSatisfy { $0.segments.count > 2 })
        #expect(index.automata.count == Self.rules.filter { $0.0.pattern.hasPrefix("**/") }.count)
    }

    @Test func anAutomatonRuleOnFilesAndAnAnchoredFileRuleAreIndexedToo() throws {
        let table = LinguistRule.table(["a/**/*.gen", "/top.txt", "/only/", "**/x/"])
        let index = LinguistIndex(table.map { ($0, .generated) })
        var classifier = LinguistClassifier(index: index)
        let cases: [(String, Bool)] = [
            ("a/b/c/x.gen", true), ("a/x.gen", true), ("b/a/x.gen", false), ("top.txt", true), ("d/top.txt", false),
            ("only/x", true), ("d/only/x", false), ("only", false), ("q/x/y", true), ("x", false),
        ]
        for (path, generated) in cases {
            let expected = table.contains { $0.compiled.matches(PathSegments(Array(path.utf8))) }
            #expect(expected == generated, "\(path)")
            #expect(classifier.kinds(of: Array(path.utf8)).contains(.generated) == expected, "\(path)")
        }
        _ = try #require(index.automata.first)
    }
}
