/// The globs of a ``GlobSet`` by their ``GlobKey``s: for a path, which keyed globs may match
/// it (those whose key the path has, and any whose pattern is the path itself); a keyed glob
/// not among them does not. Looked up by a path's bytes without allocating.
struct GlobKeyIndex: Sendable {
    /// Each keyed glob's number, grouped by key: a key's globs are `globs[range]`.
    private var globs: [Int] = []
    /// Open addressing on the key bytes: each slot is -1 or an index into `entries`.
    private var slots: [Int]
    private var entries: [Entry] = []
    /// The keyed globs' patterns, by length, for paths that spell a pattern out.
    private let patterns: [Int: [(glob: Int, bytes: [UInt8])]]

    private struct Entry: Sendable {
        var kind: UInt8
        var key: [UInt8]
        var globs: Range<Int>
    }

    /// The kinds of key, as ``Entry/kind`` stores them.
    private static let first: UInt8 = 0, last: UInt8 = 1

    /// Whether any glob has a key.
    var isEmpty: Bool { entries.isEmpty }

    init(keys: [GlobKey?], patterns: [[UInt8]]) {
        var grouped: [[UInt8]: [Int]] = [:]
        var byLength: [Int: [(glob: Int, bytes: [UInt8])]] = [:]
        for (glob, key) in keys.enumerated() {
            guard let key else { continue }
            byLength[patterns[glob].count, default: []].append((glob, patterns[glob]))
            switch key {
            case .firstSegment(let list): for bytes in Set(list) { grouped[[Self.first] + bytes, default: []].append(glob) }
            case .lastExtension(let list): for bytes in Set(list) { grouped[[Self.last] + bytes, default: []].append(glob) }
            }
        }
        self.patterns = byLength
        var capacity = 16
        while capacity < grouped.count * 2 { capacity *= 2 }
        slots = [Int](repeating: -1, count: capacity)
        for (tagged, numbers) in grouped.sorted(by: { $0.value[0] < $1.value[0] }) {
            let start = globs.count
            globs += numbers
            let entry = Entry(kind: tagged[0], key: Array(tagged.dropFirst()), globs: start..<globs.count)
            var slot = entry.key.withUnsafeBufferPointer { Self.hash($0, kind: entry.kind) } & (capacity - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = entries.count
            entries.append(entry)
        }
    }

    /// Calls `body` with the number of each keyed glob that may match `path`.
    func forEachCandidate(of path: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
        guard !entries.isEmpty else { return }
        lookUp(GlobKey.firstSegment(of: path), kind: Self.first, body)
        lookUp(GlobKey.lastExtension(of: path), kind: Self.last, body)
        for (glob, bytes) in patterns[path.count] ?? [] where bytes.elementsEqual(path) { body(glob) }
    }

    private func lookUp(_ key: UnsafeBufferPointer<UInt8>, kind: UInt8, _ body: (Int) -> Void) {
        let mask = slots.count - 1
        var slot = Self.hash(key, kind: kind) & mask
        while slots[slot] >= 0 {
            let entry = entries[slots[slot]]
            if entry.kind == kind, entry.key.elementsEqual(key) {
                for index in entry.globs { body(globs[index]) }
                return
            }
            slot = (slot + 1) & mask
        }
    }

    /// FNV-1a of the kind and the bytes.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, kind: UInt8) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(kind)
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return Int(truncatingIfNeeded: hash >> 1)
    }
}
