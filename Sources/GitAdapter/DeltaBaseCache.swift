/// Objects that deltas were applied to, kept by pack position for the next delta on the same
/// base (git's `delta_base_cache`): trees of neighbouring commits, versions of one file.
/// Bounded by a byte budget; the oldest entries go first.
struct DeltaBaseCache {
    struct Key: Hashable {
        var pack: Int
        var offset: Int
    }

    struct Base {
        var kind: UInt8
        var bytes: [UInt8]
    }

    /// The most bytes kept at once.
    let budget: Int
    private var entries: [Key: Base] = [:]
    private var order: [Key] = []
    private var oldest = 0
    private var held = 0

    init(budget: Int) { self.budget = budget }

    subscript(key: Key) -> Base? { entries[key] }

    /// Keeps `base` under `key` unless it is larger than a quarter of the budget, letting go
    /// of the oldest entries until it fits.
    mutating func keep(_ base: Base, for key: Key) {
        guard base.bytes.count <= budget / 4, entries[key] == nil else { return }
        while held + base.bytes.count > budget, oldest < order.count {
            if let gone = entries.removeValue(forKey: order[oldest]) { held -= gone.bytes.count }
            oldest += 1
        }
        if oldest > 4096 && oldest * 2 > order.count {
            order.removeFirst(oldest)
            oldest = 0
        }
        entries[key] = base
        order.append(key)
        held += base.bytes.count
    }
}
