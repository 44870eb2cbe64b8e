import Testing
import TestSupport
import TreeModel
@testable import Annotations

/// The indexed lookup against a plain scan of every rule, on generated files and paths.
struct CodeOwnersLookupTests {
    static let segments = ["src", "docs", "apps", "lib", "build", "logs", "a", "b", "Sources", "test"]
    static let leaves = ["main.c", "README.md", "app.js", "x.go", "notes.txt", "logs", "a", "Makefile"]
    static let shapes = [
        "/S/", "S/", "/S/S/", "*.E", "/S/*", "**/S", "S", "/S/**/L", "/S/*/", "*", "/S/S", "L", "S/**",
        "*S", "S*", "?*.E", "*S/", "/S/?*", "S?", "/**/S*/", "*.*",
    ]

    /// A deterministic sequence of choices (a linear congruential generator).
    struct Choices {
        var state: UInt64
        mutating func next(_ count: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(count))
        }
    }

    static func file(ruleCount: Int, choices: inout Choices) -> String {
        var lines: [String] = []
        for index in 0..<ruleCount {
            var pattern = ""
            for character in shapes[choices.next(shapes.count)] {
                switch character {
                case "S": pattern += segments[choices.next(segments.count)]
                case "L": pattern += leaves[choices.next(leaves.count)]
                case "E": pattern += ["c", "md", "js", "go"][choices.next(4)]
                default: pattern.append(character)
                }
            }
            lines.append(choices.next(10) == 0 ? pattern : "\(pattern) @owner\(index)")
        }
        return lines.joined(separator: "\n")
    }

    static func paths(count: Int, choices: inout Choices) -> [RawPath] {
        (0..<count).map { _ in
            let depth = choices.next(4)
            let directories = (0..<depth).map { _ in segments[choices.next(segments.count)] }
            return RawPath((directories + [leaves[choices.next(leaves.count)]]).joined(separator: "/"))
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func indexedLookupEqualsAPlainScan(seed: UInt64) {
        var choices = Choices(state: seed)
        let codeOwners = CodeOwners(parsing: Self.file(ruleCount: 200, choices: &choices))
        #expect(codeOwners.errors.isEmpty)
        var decided = 0
        for path in Self.paths(count: 2000, choices: &choices) {
            let segments = PathSegments(path.bytes)
            let expected = codeOwners.rules.last { $0.compiled.matches(segments) }
            #expect(codeOwners.rule(for: path) == expected, "\(path)")
            if expected != nil { decided += 1 }
        }
        #expect(decided > 500)
    }

    @Test func manyPathsAgainstManyRules() {
        var choices = Choices(state: 42)
        let codeOwners = CodeOwners(parsing: Self.file(ruleCount: 300, choices: &choices))
        let paths = Self.paths(count: 20_000, choices: &choices)
        let owned = TimeLimit.run { paths.count { !codeOwners.owners(of: $0).isEmpty } }
        #expect(owned != nil, "20,000 paths against 300 rules did not finish in two minutes")
        #expect(owned.map { $0 > 0 && $0 < paths.count } == true, "\(owned.map(String.init) ?? "-") of \(paths.count) owned")
    }
}
