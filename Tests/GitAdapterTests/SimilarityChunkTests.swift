import Testing
import TestSupport
@testable import GitAdapter

/// The chunking of ``Fingerprint`` (one `memchr` per chunk) against git's loop of
/// `diffcore-delta.c`, byte by byte, written out here as git writes it.
struct SimilarityChunkTests {
    /// git's hash_chars: the chunk histogram, as (key, bytes) pairs summed per key, sorted.
    private func gitsHistogram(_ bytes: [UInt8], binary: Bool) -> [UInt32: UInt32] {
        var histogram: [UInt32: UInt32] = [:]
        var a: UInt32 = 0, b: UInt32 = 0, n: UInt32 = 0
        var index = 0
        while index < bytes.count {
            let c = bytes[index]
            index += 1
            if !binary && c == 13 && index < bytes.count && bytes[index] == 10 { continue }
            let oldA = a
            a = ((a << 7) ^ (b >> 25)) &+ UInt32(c)
            b = (b << 7) ^ (oldA >> 25)
            n += 1
            if n < 64 && c != 10 { continue }
            histogram[(a &+ b &* 0x61) % Similarity.hashBase, default: 0] += n
            n = 0
            a = 0
            b = 0
        }
        return histogram
    }

    /// Checks `bytes` both ways; a failure names `context` (how to make the input again) and
    /// prints the input itself, as a Swift array literal.
    private func expectGits(_ bytes: [UInt8], _ context: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        for binary in [false, true] {
            let print = bytes.withUnsafeBytes { Fingerprint($0, binary: binary) }
            let histogram = Dictionary(uniqueKeysWithValues: zip(print.keys, print.counts))
            let expected = gitsHistogram(bytes, binary: binary)
            #expect(histogram == expected, "\(context) binary: \(binary), \(bytes.count) bytes: \(histogram == expected ? "" : "\(bytes)")",
                    sourceLocation: sourceLocation)
            #expect(print.keys == print.keys.sorted() && Set(print.keys).count == print.keys.count, "\(context)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test func edgesOfTheSixtyFourByteWindow() {
        for length in [0, 1, 62, 63, 64, 65, 66, 127, 128, 129] {
            let run = [UInt8](repeating: UInt8(ascii: "x"), count: length)
            expectGits(run)
            expectGits(run + [10])
            expectGits(run + [13, 10])
            expectGits(run + [13])
            expectGits([13] + run + [13, 13, 10, 10] + run)
            expectGits(Array(run.dropLast(min(1, length))) + [13, 10] + run)
        }
    }

    /// Seeded: a failure names its seed and prints its input.
    @Test(arguments: 1...6)
    func randomContentWithManyLineEnds(seed: Int) {
        var generator = SeededGenerator(state: UInt64(seed))
        let alphabet: [UInt8] = [10, 13, 13, 10, 0, 65, 66, 67, 32, 255]
        var windowsCut = 0, pairsSplitAtTheEnd = 0
        for round in 0..<50 {
            let count = Int.random(in: 0...600, using: &generator)
            let lineLength = Int.random(in: 1...90, using: &generator)
            let bytes = (0..<count).map { index -> UInt8 in
                index % lineLength == lineLength - 1 ? 10 : alphabet.randomElement(using: &generator)!
            }
            if lineLength > 64 && count > 64 { windowsCut += 1 }
            if bytes.last == 13 { pairsSplitAtTheEnd += 1 }
            expectGits(bytes, "seed \(seed), round \(round):")
        }
        #expect(windowsCut > 0 || pairsSplitAtTheEnd > 0, "seed \(seed) explored lines longer than the window or a trailing CR")
    }
}
