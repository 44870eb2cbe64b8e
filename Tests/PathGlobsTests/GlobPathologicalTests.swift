@testable import PathGlobs
import Testing

/// Patterns on which a backtracking matcher takes exponential time: the machine visits each
/// (instruction, position) once, so these answer at once (their speed is in
/// Benchmarks/glob-speed, not asserted here). picomatch itself is not asked: V8 backtracks.
@Suite struct GlobPathologicalTests {
    private let forty = String(repeating: "a", count: 40)

    @Test func nestedStarExtglobsAgainstFortyAs() throws {
        let glob = try Glob("*(a|aa)*(a|aa)b")
        #expect(!glob.matches(forty))
        #expect(glob.matches(forty + "b"))
    }

    @Test func plusExtglobsAgainstFortyAs() throws {
        let glob = try Glob("+(a|a)+(a|aa)+(a|a)c")
        #expect(!glob.matches(forty))
        #expect(glob.matches(forty + "c"))
    }

    @Test func manyStarsAgainstFortyAs() throws {
        let glob = try Glob("*a*a*a*a*a*a*a*a*b")
        #expect(!glob.matches(forty))
        #expect(glob.matches(forty + "b"))
    }
}
