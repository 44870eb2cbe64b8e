import Testing
import TestSupport
@testable import TreeBrowser

/// Find's substring test (`memchr` for the first byte, `memcmp` for the rest) answers as a
/// byte-by-byte search does, on texts made of few letters so that first bytes repeat, needles
/// sit at the start, the end, overlap, or are longer than the text.
struct FindQueryContainsTests {
    static func naive(_ text: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= text.count else { return false }
        return (0...(text.count - needle.count)).contains { Array(text[$0..<($0 + needle.count)]) == needle }
    }

    @Test func answersAsAByteByByteSearch() {
        var random = SeededGenerator(state: 7)
        let alphabet: [UInt8] = Array("aab/".utf8)
        var found = 0, missed = 0, atTheEnd = 0
        for _ in 0..<4_000 {
            let text = (0..<Int.random(in: 1...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            let needle = (0..<Int.random(in: 1...5, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            let expected = Self.naive(text, needle)
            #expect(FindQuery.bytes(text, contain: needle) == expected, "\(text) \(needle)")
            if expected { found += 1 } else { missed += 1 }
            if expected && text.count >= needle.count && Array(text.suffix(needle.count)) == needle
                && !Self.naive(Array(text.dropLast()), needle) { atTheEnd += 1 }
        }
        #expect(found > 500 && missed > 500 && atTheEnd > 20, "found \(found), missed \(missed), at the end \(atTheEnd)")
    }
}
