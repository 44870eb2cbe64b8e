/// Byte-wise comparison of paths and names, the order git sorts paths in.
enum ByteOrder {
    /// Negative when `a` sorts first, zero when equal, positive when `b` sorts first.
    static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                let common = min(x.count, y.count)
                if common > 0, let xBase = x.baseAddress, let yBase = y.baseAddress {
                    for index in 0..<common where xBase[index] != yBase[index] {
                        return Int(xBase[index]) - Int(yBase[index])
                    }
                }
                return x.count - y.count
            }
        }
    }
}
