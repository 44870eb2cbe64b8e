import TestSupport
import Testing
@testable import TreeModel

/// ``ByteOrder`` (eight bytes at a time, then one) orders byte strings as comparing them
/// byte by byte, unsigned, a prefix first, does.
struct ByteOrderTests {
    /// Byte strings sharing prefixes of every length around the 8-byte steps, with bytes on
    /// both sides of 0x80.
    static func strings(seed: UInt64) -> [[UInt8]] {
        var random = SeededGenerator(state: seed)
        let alphabet: [UInt8] = [0x00, 0x2F, 0x41, 0x61, 0x7F, 0x80, 0xC3, 0xFF]
        let stem = (0..<24).map { _ in alphabet[Int(random.next() % 8)] }
        return (0..<200).map { _ in
            let shared = Int(random.next() % 25)
            let tail = (0..<Int(random.next() % 12)).map { _ in alphabet[Int(random.next() % 8)] }
            return Array(stem[..<shared]) + tail
        }
    }

    static func reference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func ordersAsComparingByteByByte(seed: UInt64) {
        let strings = Self.strings(seed: seed)
        var differAfterEight = 0
        for a in strings {
            for b in strings {
                #expect(ByteOrder.compare(a, b).signum() == Self.reference(a, b))
                if a != b, a.count > 8, b.count > 8, a.prefix(8) == b.prefix(8) { differAfterEight += 1 }
            }
        }
        #expect(differAfterEight > 100, "the strings share whole 8-byte words and differ after them")
    }
}
