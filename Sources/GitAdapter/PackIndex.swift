import Glibc

/// A pack's index file (`.idx`, version 2), mapped: the pack offset of each object it names.
///
/// Layout (git's `Documentation/gitformat-pack.txt`): a header (`\377tOc`, version 2), 256
/// cumulative counts by first id byte, the sorted 20-byte ids, a CRC-32 per object, a 31-bit
/// offset per object (the top bit set: an index into the 64-bit offsets that follow), then
/// the pack's checksum and the index's own. Version 1 indexes and other id lengths are left
/// to libgit2.
struct PackIndex: @unchecked Sendable {
    let file: MappedFile
    /// How many objects the pack holds.
    let count: Int
    private let idsStart = 8 + 256 * 4
    private let offsetsStart: Int
    private let largeOffsetsStart: Int
    private let largeOffsetCount: Int

    /// Reads the index in `file`; `nil` when it is not a well-formed version 2 index.
    init?(_ file: MappedFile) {
        let bytes = file.bytes
        guard bytes.count >= 8 + 256 * 4 + 40, file.uint32(at: 0) == 0xff74_4f63, file.uint32(at: 4) == 2 else { return nil }
        var previous: UInt32 = 0
        for slot in 0..<256 {
            let total = file.uint32(at: 8 + slot * 4)
            guard total >= previous else { return nil }
            previous = total
        }
        count = Int(previous)
        offsetsStart = idsStart + count * 24
        largeOffsetsStart = offsetsStart + count * 4
        let rest = bytes.count - 40 - largeOffsetsStart
        guard rest >= 0, rest % 8 == 0 else { return nil }
        largeOffsetCount = rest / 8
        self.file = file
    }

    /// The pack's checksum as the index records it (the pack's last 20 bytes).
    var packChecksum: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: file.bytes[(file.bytes.count - 40)..<(file.bytes.count - 20)])
    }

    /// The offset in the pack of the object whose 20-byte id starts at `id`; `nil` when the
    /// pack does not hold it or the index says something impossible.
    func offset(of id: UnsafeRawPointer) -> Int? {
        let first = Int(id.load(as: UInt8.self))
        var low = first == 0 ? 0 : Int(file.uint32(at: 8 + (first - 1) * 4))
        var high = Int(file.uint32(at: 8 + first * 4))
        guard let base = file.bytes.baseAddress else { return nil }
        let ids = base + idsStart
        while low < high {
            let middle = (low + high) / 2
            let order = memcmp(ids + middle * 20, id, 20)
            if order == 0 { return offset(at: middle) }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The pack offset of the `position`th object in id order.
    func offset(at position: Int) -> Int? {
        let small = file.uint32(at: offsetsStart + position * 4)
        guard small & 0x8000_0000 != 0 else { return Int(small) }
        let large = Int(small & 0x7fff_ffff)
        guard large < largeOffsetCount else { return nil }
        let high = UInt64(file.uint32(at: largeOffsetsStart + large * 8)), low = UInt64(file.uint32(at: largeOffsetsStart + large * 8 + 4))
        let value = high << 32 | low
        return value < UInt64(Int.max) ? Int(value) : nil
    }

    /// The 20-byte id of the `position`th object in id order.
    func id(at position: Int) -> UnsafeRawPointer {
        file.bytes.baseAddress! + idsStart + position * 20
    }
}
