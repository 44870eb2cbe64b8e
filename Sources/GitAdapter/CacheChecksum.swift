/// The checksum of cache files: a 64-bit hash of 8-byte words (multiply, xor, shift), fast
/// enough to check every record read. It detects damage (a torn write, a flipped bit, a
/// truncated file), not tampering: the cache holds only what treereview could recompute.
enum CacheChecksum {
    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The hash of `bytes`.
    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        var state = seed ^ (UInt64(bytes.count) &* multiplier)
        guard let base = bytes.baseAddress, bytes.count > 0 else { return mix(state) }
        let words = bytes.count / 8
        for index in 0..<words {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
            state = (state ^ word) &* multiplier
            state ^= state >> 31
        }
        var tail: UInt64 = 0
        for index in stride(from: bytes.count - 1, through: words * 8, by: -1) {
            tail = tail << 8 | UInt64(base.load(fromByteOffset: index, as: UInt8.self))
        }
        state = (state ^ tail) &* multiplier
        return mix(state)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var state = value
        state ^= state >> 33
        state = state &* 0xFF51_AFD7_ED55_8CCD
        state ^= state >> 33
        state = state &* 0xC4CE_B9FE_1A85_EC53
        return state ^ (state >> 33)
    }
}
