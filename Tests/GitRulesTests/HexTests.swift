import Testing
import TestSupport
import GitRules

/// One reader and writer of hex digits: what it writes it reads back, and it agrees with the
/// standard library's radix-16 text.
@Suite struct HexTests {
    @Test func everyByteRoundTrips() {
        for byte in UInt8.min...UInt8.max {
            let text = Array(Hex.string([byte]).utf8)
            #expect(text == Array(((byte < 16 ? "0" : "") + String(byte, radix: 16)).utf8))
            #expect(Hex.byte(text[0], text[1]) == byte)
            let upper = Array(String(decoding: text, as: UTF8.self).uppercased().utf8)
            #expect(Hex.byte(upper[0], upper[1]) == byte)
        }
        for digit in UInt8.min...UInt8.max {
            let expected = UInt8(String(UnicodeScalar(digit)), radix: 16)
            #expect(Hex.value(ofDigit: digit) == (digit < 0x80 ? expected : nil), "\(digit)")
        }
    }

    @Test func eightDigitsAtOnceMatchTheRadixText() {
        var random = SeededGenerator(state: 16)
        for value in [UInt32.min, .max, 0x0123_4567, 0x89AB_CDEF, 0xA0A0_A0A0] + (0..<2000).map({ _ in UInt32.random(in: .min ... .max, using: &random) }) {
            var bytes = [UInt8](repeating: 0, count: 8)
            bytes.withUnsafeMutableBytes { Hex.write(value, to: $0.baseAddress!) }
            let text = String(value, radix: 16)
            #expect(bytes == Array((String(repeating: "0", count: 8 - text.count) + text).utf8))
            #expect(Hex.value(of: bytes) == UInt64(value))
        }
    }

    @Test func objectIDsRoundTrip() {
        var random = SeededGenerator(state: 40)
        for _ in 0..<500 {
            let bytes = (0..<20).map { _ in UInt8.random(in: 0...255, using: &random) }
            let high = bytes[0..<8].reduce(0) { $0 << 8 | UInt64($1) }
            let middle = bytes[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
            let low = bytes[16..<20].reduce(0) { $0 << 8 | UInt32($1) }
            let text = Hex.objectID(high: high, middle: middle, low: low)
            #expect(text == Hex.string(bytes))
            let digits = Array(text.utf8)
            #expect(Hex.value(of: digits[0..<16]) == high)
            #expect(Hex.value(of: digits[16..<32]) == middle)
            #expect(Hex.value(of: digits[32..<40]) == UInt64(low))
        }
        #expect(Hex.value(of: Array("".utf8)) == nil)
        #expect(Hex.value(of: Array("12345678901234567".utf8)) == nil)
        #expect(Hex.value(of: Array("12g4".utf8)) == nil)
    }
}
