import Testing
import TreeModel

/// An id read from its hex digits is the id of its bytes, in either case; anything but 40
/// hex digits is refused.
struct ObjectHashTests {
    @Test(arguments: 0..<16)
    func hexDigitsReadBackTheBytes(seed: Int) throws {
        let bytes = (0..<20).map { UInt8(truncatingIfNeeded: ($0 * 37 + seed * 101) ^ ($0 << (seed % 5))) }
        let id = try #require(ObjectHash(bytes: bytes))
        let hex = bytes.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
        #expect(id.hex == hex)
        #expect(ObjectHash(hex: hex) == id)
        #expect(ObjectHash(hex: hex.uppercased()) == id)
        #expect(ObjectHash(hex: hex)?.bytes == bytes)
    }

    @Test(arguments: ["", "0123", String(repeating: "a", count: 39), String(repeating: "a", count: 41),
                      String(repeating: "a", count: 39) + "g", "z" + String(repeating: "0", count: 39)])
    func anythingButFortyHexDigitsIsRefused(text: String) {
        #expect(ObjectHash(hex: text) == nil)
    }
}
