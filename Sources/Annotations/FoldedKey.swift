/// Bytes compared and hashed without regard to ASCII case, looked up without copying them
/// out of the path they belong to.
struct FoldedKey: Hashable, Sendable {
    let bytes: ArraySlice<UInt8>

    static func == (lhs: FoldedKey, rhs: FoldedKey) -> Bool {
        guard lhs.bytes.count == rhs.bytes.count else { return false }
        var other = rhs.bytes.startIndex
        for byte in lhs.bytes {
            guard SegmentMatcher.folded(byte) == SegmentMatcher.folded(rhs.bytes[other]) else { return false }
            other += 1
        }
        return true
    }

    func hash(into hasher: inout Hasher) {
        var word: UInt64 = 0
        for (offset, byte) in bytes.enumerated() {
            word = word << 8 | UInt64(SegmentMatcher.folded(byte))
            if offset % 8 == 7 {
                hasher.combine(word)
                word = 0
            }
        }
        hasher.combine(word)
        hasher.combine(bytes.count)
    }
}
