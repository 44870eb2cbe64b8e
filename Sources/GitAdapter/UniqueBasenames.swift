/// Which basenames exactly one member of a list has: an open-addressing table of member
/// numbers, keyed by each basename's hash and compared byte for byte, that holds no copy of
/// any name (the same-basename pass looks up tens of thousands of them).
struct UniqueBasenames {
    /// The member in each slot, -1 for an empty slot.
    private var members: [Int32]
    /// The hash of each slot's basename.
    private var hashes: [UInt64]
    /// Whether another member has the slot's basename too.
    private var shared: [Bool]
    private let mask: Int

    /// The table of members `0..<count`, whose basenames `name` gives and `hashes` hash.
    init(count: Int, hashes memberHashes: [UInt64], name: (Int) -> ArraySlice<UInt8>) {
        var size = 16
        while size < count * 2 { size <<= 1 }
        members = [Int32](repeating: -1, count: size)
        hashes = [UInt64](repeating: 0, count: size)
        shared = [Bool](repeating: false, count: size)
        mask = size - 1
        for member in 0..<count {
            let hash = memberHashes[member]
            var slot = Int(truncatingIfNeeded: hash) & mask
            while true {
                let holder = Int(members[slot])
                if holder < 0 {
                    members[slot] = Int32(member)
                    hashes[slot] = hash
                    break
                }
                if hashes[slot] == hash && name(holder) == name(member) {
                    shared[slot] = true
                    break
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// The one member whose basename is `basename` (hashed `hash`), or `nil` when none or
    /// several have it.
    func unique(_ basename: ArraySlice<UInt8>, hash: UInt64, name: (Int) -> ArraySlice<UInt8>) -> Int? {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let holder = Int(members[slot])
            if holder < 0 { return nil }
            if hashes[slot] == hash && name(holder) == basename { return shared[slot] ? nil : holder }
            slot = (slot + 1) & mask
        }
    }

    /// The hash a table keys `basename` by: ``Basename``'s.
    static func hash(_ basename: ArraySlice<UInt8>) -> UInt64 {
        Basename.hash(basename)
    }
}
