/// Byte searches eight bytes at a time (SWAR: one 64-bit word holds eight bytes), for the
/// loops that read every byte of a large path list.
package enum ByteScan {
    @usableFromInline static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @usableFromInline static var lows: UInt64 { 0x7F7F_7F7F_7F7F_7F7F }

    /// A mask with the high bit set in exactly the bytes of `word` that are zero.
    @inlinable @inline(__always)
    package static func zeroBytes(_ word: UInt64) -> UInt64 {
        ~(((word & lows) &+ lows) | word | lows)
    }

    /// A mask with the high bit set in exactly the bytes of `word` equal to `byte`.
    @inlinable @inline(__always)
    package static func bytes(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
        zeroBytes(word ^ (ones &* UInt64(byte)))
    }

    /// The eight bytes at `offset`, the first in the lowest byte.
    @inlinable @inline(__always)
    package static func word(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(buffer.baseAddress! + offset).loadUnaligned(as: UInt64.self))
    }

    /// The first index at or after `start` whose byte `mask` marks, or `buffer.count`, where
    /// `mask` marks bytes of a word; the last, partial word is read overlapping the one before.
    @inlinable @inline(__always)
    static func firstMarked(in buffer: UnsafeBufferPointer<UInt8>, from start: Int, _ mask: (UInt64) -> UInt64) -> Int {
        var index = start
        let count = buffer.count
        while index + 8 <= count {
            let found = mask(word(buffer, at: index))
            if found != 0 { return index + found.trailingZeroBitCount / 8 }
            index += 8
        }
        guard index < count else { return count }
        if count >= 8 {
            let base = count - 8
            let found = mask(word(buffer, at: base)) >> UInt64(8 * (index - base))
            return found != 0 ? index + found.trailingZeroBitCount / 8 : count
        }
        while index < count && mask(UInt64(buffer[index])) & 0x80 == 0 { index += 1 }
        return index
    }

    /// The first index at or after `start` holding `byte`, or `buffer.count`.
    @inlinable @inline(__always)
    package static func firstIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        firstMarked(in: buffer, from: start) { bytes($0, equalTo: byte) }
    }
}
