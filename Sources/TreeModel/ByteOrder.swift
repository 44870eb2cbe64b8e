/// Byte-wise comparison of paths and names, the order git sorts paths in.
enum ByteOrder {
    /// Negative when `a` sorts first, zero when equal, positive when `b` sorts first.
    @inline(__always)
    static func compare(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(x.count, y.count)
        if common > 0, let xBase = x.baseAddress, let yBase = y.baseAddress {
            var index = 0
            while index < common {
                let a = xBase[index], b = yBase[index]
                if a != b { return Int(a) - Int(b) }
                index += 1
            }
        }
        return x.count - y.count
    }

    /// Negative when `a` sorts first, zero when equal, positive when `b` sorts first.
    static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in compare(x, y) } }
    }

    /// Negative when `a` sorts first, zero when equal, positive when `b` sorts first.
    static func compare(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Int {
        a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in compare(x, y) } }
    }
}
