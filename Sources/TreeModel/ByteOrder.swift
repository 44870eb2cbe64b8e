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
