@testable import PathGlobs
import Testing

/// Each feature's examples (GlobExamples), our answers against picomatch's recorded ones, and
/// the recorded ones against picomatch itself.
@Suite struct GlobFeatureTests {
    private func check(_ examples: [GlobExamples.Example]) throws {
        for example in examples {
            let glob = try Glob(example.pattern)
            for (path, expected) in example.answers {
                #expect(glob.matches(path) == expected, "\(example.pattern.debugDescription) against \(path.debugDescription)")
                var bytes = Array(path.utf8)
                let byProgram = bytes.withUnsafeMutableBufferPointer { glob.matchesByProgram(UnsafeBufferPointer($0)) }
                #expect(byProgram == expected, "program: \(example.pattern.debugDescription) against \(path.debugDescription)")
            }
        }
    }

    @Test func pathsFilterReadmePatterns() throws { try check(GlobExamples.pathsFilter) }
    @Test func wildcards() throws { try check(GlobExamples.wildcards) }
    @Test func braces() throws { try check(GlobExamples.braces) }
    @Test func characterClasses() throws { try check(GlobExamples.classes) }
    @Test func extglobs() throws { try check(GlobExamples.extglobs) }
    @Test func escapesAndNegation() throws { try check(GlobExamples.escapesAndNegation) }
    @Test func slashes() throws { try check(GlobExamples.slashes) }
    @Test func metacharacters() throws { try check(GlobExamples.metacharacters) }
    @Test func differencesFoundOnce() throws { try check(GlobExamples.found) }

    @Test func recordedAnswersArePicomatchs() throws {
        let questions = GlobExamples.all.map { Picomatch.Question(pattern: $0.pattern, paths: $0.answers.map { Array($0.path.utf8) }) }
        let answers = try Picomatch.answers(questions)
        for (example, theirs) in zip(GlobExamples.all, answers) {
            for ((path, expected), their) in zip(example.answers, theirs) {
                #expect(their == (expected ? .yes : .no), "picomatch: \(example.pattern.debugDescription) against \(path.debugDescription)")
            }
        }
    }

    @Test func emptyPatternIsRefused() {
        #expect(throws: GlobSyntaxError(pattern: "", reason: "an empty pattern")) { try Glob("") }
    }

    @Test func emptyPathNeverMatches() throws {
        #expect(try !Glob("**").matches(""))
        #expect(try !Glob("!a").matches(""))
    }

    @Test func invalidUTF8IsOneReplacementCharacter() throws {
        let glob = try Glob("a?b")
        for bytes: [UInt8] in [[0x61, 0xFF, 0x62], [0x61, 0xE2, 0x80, 0x62], [0x61, 0xF0, 0x9F, 0x62]] {
            #expect(bytes.withUnsafeBufferPointer { glob.matches(utf8: $0) }, "\(bytes)")
        }
        #expect(![0x61, 0xFF, 0xFF, 0x62].withUnsafeBufferPointer { glob.matches(utf8: $0) })
    }

    @Test func globsAreEqualByPattern() throws {
        #expect(try Glob("src/**") == Glob("src/**"))
        #expect(try Set([Glob("a"), Glob("a"), Glob("b")]).count == 2)
    }
}
