/// Byte-wise comparison of paths and names, the order git sorts paths in.
package enum ByteOrder {
    /// Negative when `a` sorts first, zero when equal, positive when `b` sorts first. Eight
    /// bytes at a time while they are the same (paths often share long prefixes).
    @inline(__always)
    package static func compare(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(x.count, y.count)
        if common > 0, let xBase = x.baseAddress, let yBase = y.baseAddress {
            var index = 0
            while index + 8 <= common {
                let a = UInt64(bigEndian: UnsafeRawPointer(xBase + index).loadUnaligned(as: UInt64.self))
                let b = UInt64(bigEndian: UnsafeRawPointer(yBase + index).loadUnaligned(as: UInt64.self))
                if a != b { return a < b ? -1 : 1 }
                index += 8
            }
            while index < common {
                let a = xBase[index], b = yBase[index]
                if a != b { return Int(a) - Int(b) }
                index += 1
            }
        }
        return x.count - y.count
    }

    /// Negative when `a` sorts first, zero when equal, positive when `b` sorts first.
    package static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in compare(x, y) } }
    }

    /// Negative when `a` sorts first, zero when equal, positive when `b` sorts first.
    static func compare(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Int {
        a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in compare(x, y) } }
    }
}

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

/// How siblings are ordered.
public enum TreeOrder: String, Sendable, CaseIterable {
    /// Directories before files, then by name (the default).
    case foldersFirst = "folders-first"
    /// By name, then by full path, directories and files mixed.
    case name
    /// The order in which entries first appear in the input.
    case input
    /// Directories before files, each by lines changed (its roll-up's insertions plus
    /// deletions for a directory, its own for a file), most first, ties by name.
    case size
}
