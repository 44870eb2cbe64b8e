import Glibc

/// A git delta (`Documentation/gitformat-pack.txt`, "Deltified representation"): the size of
/// the base it applies to, the size of its result, then instructions that copy a range of
/// the base or insert bytes of their own. Every range is checked against the base, the delta
/// and the result, so a damaged delta is refused rather than read past.
struct PackDelta {
    let bytes: UnsafeRawBufferPointer
    /// The base's size, as the delta states it.
    let baseSize: Int
    /// The result's size, as the delta states it.
    let resultSize: Int
    private let instructionsStart: Int

    /// Reads the two sizes at the start of `bytes`; `nil` when they are cut short.
    init?(_ bytes: UnsafeRawBufferPointer) {
        var cursor = 0
        guard let base = Self.size(bytes, &cursor), let result = Self.size(bytes, &cursor) else { return nil }
        self.bytes = bytes
        baseSize = base
        resultSize = result
        instructionsStart = cursor
    }

    private static func size(_ bytes: UnsafeRawBufferPointer, _ cursor: inout Int) -> Int? {
        var value = 0, shift = 0
        while cursor < bytes.count, shift <= 56 {
            let byte = bytes[cursor]
            cursor += 1
            value |= Int(byte & 0x7f) << shift
            shift += 7
            if byte & 0x80 == 0 { return value }
        }
        return nil
    }

    /// Writes the result of applying the delta to `base` into `output` (``resultSize`` bytes);
    /// `false` when the base's size differs from the stated one or an instruction is invalid.
    func apply(to base: UnsafeRawBufferPointer, into output: UnsafeMutableRawPointer) -> Bool {
        guard base.count == baseSize else { return false }
        let delta = bytes
        var cursor = instructionsStart
        var written = 0
        while cursor < delta.count {
            let operation = delta[cursor]
            cursor += 1
            if operation & 0x80 != 0 {
                var offset = 0, length = 0
                for bit in 0..<4 where operation & (1 << bit) != 0 {
                    guard cursor < delta.count else { return false }
                    offset |= Int(delta[cursor]) << (8 * bit)
                    cursor += 1
                }
                for bit in 0..<3 where operation & (0x10 << bit) != 0 {
                    guard cursor < delta.count else { return false }
                    length |= Int(delta[cursor]) << (8 * bit)
                    cursor += 1
                }
                if length == 0 { length = 0x10000 }
                guard offset + length <= base.count, written + length <= resultSize else { return false }
                memcpy(output + written, base.baseAddress! + offset, length)
                written += length
            } else if operation != 0 {
                let length = Int(operation)
                guard cursor + length <= delta.count, written + length <= resultSize else { return false }
                memcpy(output + written, delta.baseAddress! + cursor, length)
                cursor += length
                written += length
            } else {
                return false
            }
        }
        return written == resultSize
    }
}
