/// A hash table from byte strings to numbers whose keys compare with ASCII letters folded to
/// lowercase and other bytes as they are: `Spec.TS` finds the key `spec.ts`. Looking a key
/// up hashes and compares its bytes where they lie, without making a `String`.
struct FoldedByteTable: Sendable {
    private struct Entry: Sendable {
        var start: Int32
        var count: Int32
        var value: Int32
    }

    private var keyBytes: [UInt8] = []
    private var entries: [Entry] = []
    /// Open addressing, a power of two long: 1 + an entry's index, or 0 for a free slot.
    private var slots: [Int32] = [Int32](repeating: 0, count: 16)

    init() {}

    /// The number of keys.
    var count: Int { entries.count }

    /// The value of the key equal to `key` (letters folded), if any.
    func value(of key: ArraySlice<UInt8>) -> Int32? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(key)) & mask
        while true {
            let stored = slots[slot]
            if stored == 0 { return nil }
            let entry = entries[Int(stored) - 1]
            if matches(entry, key) { return entry.value }
            slot = (slot + 1) & mask
        }
    }

    /// Sets the value of `key` (stored folded), replacing any value it had.
    mutating func set(_ value: Int32, for key: ArraySlice<UInt8>) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(key)) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            if matches(entries[index], key) {
                entries[index].value = value
                return
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(entries.count + 1)
        entries.append(Entry(start: Int32(keyBytes.count), count: Int32(key.count), value: value))
        for byte in key { keyBytes.append(Self.folded(byte)) }
        if entries.count * 2 > slots.count { grow() }
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, entry) in entries.enumerated() {
            let key = keyBytes[Int(entry.start)..<Int(entry.start + entry.count)]
            var slot = Int(truncatingIfNeeded: Self.hash(key)) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }

    private func matches(_ entry: Entry, _ key: ArraySlice<UInt8>) -> Bool {
        guard Int(entry.count) == key.count else { return false }
        var stored = Int(entry.start)
        for byte in key {
            if keyBytes[stored] != Self.folded(byte) { return false }
            stored += 1
        }
        return true
    }

    /// FNV-1a over the folded bytes.
    private static func hash(_ key: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key {
            hash = (hash ^ UInt64(folded(byte))) &* 0x100_0000_01b3
        }
        return hash ^ (hash >> 29)
    }

    /// `byte`, lowercased when it is an ASCII capital letter.
    @inline(__always)
    static func folded(_ byte: UInt8) -> UInt8 {
        byte &- 65 < 26 ? byte | 0x20 : byte
    }
}
