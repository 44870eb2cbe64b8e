import Testing
@testable import GitAdapter

/// git's chunk-hash score on pairs whose similarity git 2.39.5 prints (`git diff -M01`).
struct SimilarityTests {
    private func percent(_ old: String, _ new: String) -> Int {
        let source = Fingerprint(Array(old.utf8)), destination = Fingerprint(Array(new.utf8))
        return Similarity.score(source: source, destination: destination) * 100 / Similarity.maximumScore
    }

    private func numbered(_ count: Int, _ line: (Int) -> String) -> String {
        (0..<count).map(line).joined()
    }

    @Test func everyFourthLineChangedIs68() {
        #expect(percent(numbered(100) { "line \($0)\n" },
                        numbered(100) { $0 % 4 == 0 ? "changed \($0)\n" : "line \($0)\n" }) == 68)
    }

    @Test func crBeforeLfIsSkippedInTextButCountsInSize() {
        #expect(percent(numbered(60) { "row \($0) of text\n" }, numbered(60) { "row \($0) of text\r\n" }) == 93)
    }

    @Test func aShortLastChunkWithoutNewlineIsDropped() {
        let body = numbered(30) { "entry \($0)\n" }
        #expect(percent(body + "no newline at the end", body + "no newline at the end\n") == 92)
    }

    @Test func longLinesAreCutEvery64Bytes() {
        let x = String(repeating: "x", count: 1000)
        #expect(percent(x + "\n" + String(repeating: "y", count: 500) + "\n",
                        x + "\n" + String(repeating: "z", count: 500) + "\n") == 96)
    }

    @Test func reorderedLinesScoreTheMaximum() {
        #expect(percent(numbered(50) { "item \($0)\n" }, numbered(50) { "item \(49 - $0)\n" }) == 100)
    }

    @Test func anEmptyDestinationScoresZero() {
        #expect(Similarity.score(source: Fingerprint(Array("a\n".utf8)), destination: Fingerprint([])) == 0)
    }

    @Test func binaryContentKeepsItsCarriageReturns() {
        let text = Fingerprint(Array("a\r\nb\r\n".utf8))
        let binary = Fingerprint(Array("a\r\nb\r\n\0".utf8))
        #expect(text.counts.reduce(0, +) == 4)
        #expect(binary.counts.reduce(0, +) == 6)   // the NUL chunk is short and unterminated: dropped
    }

    @Test func theSizePrefilterFollowsGitsInequality() {
        // max × (60000 − minimum) < delta × 60000 rules the pair out.
        #expect(Similarity.sizesCanMatch(100, 50, minimumScore: 30000))
        #expect(!Similarity.sizesCanMatch(100, 49, minimumScore: 30000))
        #expect(Similarity.sizesCanMatch(0, 0, minimumScore: 30000))
    }

    @Test func theDenseTableScoresLikeTheMerge() {
        let old = Fingerprint(Array(numbered(80) { "value \($0 * 7)\n" }.utf8))
        let new = Fingerprint(Array(numbered(90) { "value \($0 * 5)\n" }.utf8))
        var table = KeyTable()
        table.load(new)
        #expect(table.score(source: old, destinationSize: new.size) == Similarity.score(source: old, destination: new))
    }

    @Test func basenameScoreFollowsTheFactor() {
        var options = RenameOptions(.renames(threshold: nil), limit: nil)!
        #expect(options.minimumBasenameScore == 45000)
        options = RenameOptions(.renames(threshold: 30000), limit: nil, environment: ["GIT_BASENAME_FACTOR": "0"])!
        #expect(options.minimumBasenameScore == 30000)
        #expect(RenameOptions(.off, limit: nil) == nil)
    }
}
