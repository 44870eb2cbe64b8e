import Testing
import TestSupport
import TreeModel
@testable import ReviewState

/// The writer's form of the marks: edits merged in their order, and the file written from it
/// exactly as a plain byte sort and git's quoting would write it.
struct SortedMarksTests {
    /// Paths with bytes of every kind: ASCII, ≥ 0x80, and ones that are written quoted.
    static func randomPath(using generator: inout SeededGenerator) -> RawPath {
        let alphabet: [UInt8] = Array("ab/".utf8) + [0x09, 0x0A, 0x22, 0x5C, 0x7F, 0x80, 0xC3, 0xA9, 0xFF]
        let length = Int.random(in: 1...6, using: &generator)
        return RawPath(bytes: (0..<length).map { _ in alphabet.randomElement(using: &generator)! })
    }

    static func randomID(using generator: inout SeededGenerator) -> ObjectHash {
        ObjectHash(bytes: (0..<20).map { _ in UInt8.random(in: 0...255, using: &generator) })!
    }

    static func randomComparison(using generator: inout SeededGenerator) -> ReviewedComparison? {
        guard Bool.random(using: &generator) else { return nil }
        return ReviewedComparison(head: randomID(using: &generator),
                                  base: Bool.random(using: &generator) ? randomID(using: &generator) : nil)
    }

    @Test(arguments: 0..<20)
    func editsMergedAtOnceAreTheEditsAppliedOneByOne(seed: UInt64) {
        var generator = SeededGenerator(state: seed)
        var expected: [RawPath: ObjectHash] = [:]
        var start: [SortedMarks.Entry] = []
        for _ in 0..<Int.random(in: 0...30, using: &generator) {
            let entry = SortedMarks.Entry(path: Self.randomPath(using: &generator),
                                          mark: ViewedMark(newObject: Self.randomID(using: &generator), sequence: 3))
            start.append(entry)
            expected[entry.path] = entry.mark.newObject
        }
        var edits: [ViewedMarkEdit] = []
        for _ in 0..<Int.random(in: 0...60, using: &generator) {
            let path = Self.randomPath(using: &generator)
            let id = Bool.random(using: &generator) ? Self.randomID(using: &generator) : nil
            edits.append(id.map { .viewed(path, newObject: $0, in: Self.randomComparison(using: &generator)) } ?? .unviewed(path))
            expected[path] = id
        }
        var oneByOne = SortedMarks(latestOf: start)
        for edit in edits { oneByOne = oneByOne.applying([edit]) }
        let atOnce = SortedMarks(latestOf: start).applying(edits)
        #expect(atOnce.marks.byPath == oneByOne.marks.byPath)
        #expect(atOnce.marks.byPath == expected)
        #expect(atOnce.entries.map(\.path) == expected.keys.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) })
        let edited = Set(edits.map(\.path))
        #expect(atOnce.entries.allSatisfy { $0.mark.sequence == (edited.contains($0.path) ? 4 : 3) },
                "the marks set by one update get one more than the largest sequence before")
    }

    /// The bytes are those of a plain reference: lines sorted by `lexicographicallyPrecedes`
    /// on the raw bytes, each id's `hex` (or `-`), the sequence in decimal, each path quoted
    /// on its own (by `PathQuoting`, the encoder's own quoting: that quoting is checked
    /// against git's in `ViewedMarksFormatTests`).
    @Test(arguments: 0..<10)
    func theFileIsSortedByRawBytesAndRoundTrips(seed: UInt64) throws {
        var generator = SeededGenerator(state: seed)
        var byPath: [RawPath: ViewedMark] = [:]
        for _ in 0..<200 {
            let comparison = Self.randomComparison(using: &generator)
            byPath[Self.randomPath(using: &generator)] = ViewedMark(
                newObject: Bool.random(using: &generator) ? Self.randomID(using: &generator) : ViewedMarks.deletion,
                oldObject: Self.randomID(using: &generator), comparison: comparison,
                sequence: Int.random(in: 0...Int(UInt32.max), using: &generator))
        }
        let marks = ViewedMarks(marks: byPath)
        var reference = Array("treereview viewed 2\n".utf8)
        for path in byPath.keys.sorted(by: { $0.bytes.lexicographicallyPrecedes($1.bytes) }) {
            let mark = byPath[path]!
            let ids = [mark.newObject, mark.oldObject, mark.comparison?.head, mark.comparison?.base].map { $0?.hex ?? "-" }
            reference += Array((ids + ["\(mark.sequence)"]).joined(separator: " ").utf8) + [0x09] + PathQuoting.quoted(path.bytes) + [0x0A]
        }
        let sorted = SortedMarks(marks)
        #expect(sorted.encoded() == reference)
        #expect(marks.encoded() == reference)
        #expect(sorted.entries.contains { $0.path.bytes.contains { $0 >= 0x80 } })
        #expect(sorted.entries.contains { PathQuoting.quoted($0.path.bytes) != $0.path.bytes })
        #expect(sorted.entries.contains { $0.mark.comparison?.base == nil } && sorted.entries.contains { $0.mark.comparison?.base != nil })
        #expect(try ViewedMarks(decoding: reference) == marks)
        #expect(SortedMarks(latestOf: try SortedMarks.entries(decoding: reference)) == sorted)
    }

    @Test func aLaterEntryOrEditOfAPathWins() {
        let first = ObjectHash(bytes: [UInt8](repeating: 1, count: 20))!
        let second = ObjectHash(bytes: [UInt8](repeating: 2, count: 20))!
        let entries = [SortedMarks.Entry(path: RawPath("b"), mark: ViewedMark(newObject: first)),
                       .init(path: RawPath("a"), mark: ViewedMark(newObject: first)),
                       .init(path: RawPath("b"), mark: ViewedMark(newObject: second))]
        let marks = SortedMarks(latestOf: entries)
        #expect(marks.entries == [.init(path: RawPath("a"), mark: ViewedMark(newObject: first)),
                                  .init(path: RawPath("b"), mark: ViewedMark(newObject: second))])
        let edited = marks.applying([.unviewed(RawPath("a")), .viewed(RawPath("c"), newObject: nil),
                                     .viewed(RawPath("a"), newObject: second), .unviewed(RawPath("b"))])
        #expect(edited.entries == [.init(path: RawPath("a"), mark: ViewedMark(newObject: second, sequence: 1)),
                                   .init(path: RawPath("c"), mark: ViewedMark(newObject: ViewedMarks.deletion, sequence: 1))])
    }
}
