/// The icons of a tree's files, each resolved once, on first use (Docs/TreeModel.md#icons):
/// every renderer of a run asks here, however often it meets a file.
///
/// Distinct resolutions are kept once, numbered in the order they were first met, so a
/// renderer can prepare the drawing of each distinct icon once as well.
///
/// Most names decide their icon by their extensions alone: an ASCII name that no map names
/// as a basename, when the user has no substring keys. Such names are resolved once per
/// distinct text after their first dot (letters folded), found by their bytes.
public struct FileIcons: Sendable {
    /// The resolver asked.
    public let resolver: IconResolver
    private let changeTree: ChangeTree
    /// For each node, 1 + the number of its resolution, or 0 while not resolved.
    private var numbers: [Int32] = []
    private var known: [IconResolution: Int32] = [:]
    /// Every distinct resolution met so far; ``number(ofFile:)`` indexes it.
    public private(set) var resolutions: [IconResolution] = []
    /// The basenames the user's and the catalog's maps name; `nil` when every name goes to
    /// the resolver.
    private let namedBasenames: FoldedByteTable?
    /// Resolution numbers by the text after a name's first dot (a name without one: itself).
    private var byExtensions = FoldedByteTable()

    /// The icons of the files of `changeTree`, resolved by `resolver` from each file's name
    /// and mode (a symlink has an icon of its own).
    public init(changeTree: ChangeTree, resolver: IconResolver) {
        self.changeTree = changeTree
        self.resolver = resolver
        self.namedBasenames = Self.namedBasenames(of: resolver)
    }

    /// The number of the icon of file node `node` in ``resolutions``, resolving it on first use.
    public mutating func number(ofFile node: Int) -> Int {
        if numbers.isEmpty { numbers = [Int32](repeating: 0, count: changeTree.tree.slots.count) }
        let stored = numbers[node]
        if stored > 0 { return Int(stored) - 1 }
        let number = resolvedNumber(ofFile: node)
        numbers[node] = number + 1
        return Int(number)
    }

    /// The icon of file node `node`, resolving it on first use.
    public mutating func icon(ofFile node: Int) -> IconResolution {
        resolutions[number(ofFile: node)]
    }

    private mutating func resolvedNumber(ofFile node: Int) -> Int32 {
        let name = changeTree.tree.name(of: node)
        let mode = changeTree.fileMode(at: node)
        if mode != .symlink, let namedBasenames, let key = Self.extensionsKey(of: name), namedBasenames.value(of: name) == nil {
            if let number = byExtensions.value(of: key) { return number }
            let number = self.number(of: resolver.resolveFile(named: name))
            byExtensions.set(number, for: key)
            return number
        }
        return number(of: resolver.resolveFile(named: name, mode: mode))
    }

    private mutating func number(of resolution: IconResolution) -> Int32 {
        if let existing = known[resolution] { return existing }
        let number = Int32(resolutions.count)
        known[resolution] = number
        resolutions.append(resolution)
        return number
    }

    /// What an ASCII name's extension candidates come from (``ExtensionCandidates``): the
    /// text after its first dot, or the whole name without one; `nil` for any other name.
    static func extensionsKey(of name: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var firstDot: Int?
        for index in name.indices {
            let byte = name[index]
            if byte >= 0x80 { return nil }
            if byte == UInt8(ascii: "."), firstDot == nil { firstDot = index }
        }
        guard let firstDot else { return name }
        return name[(firstDot + 1)...]
    }

    /// The lowercase ASCII basenames of `resolver`'s maps, or `nil` when a name's extensions
    /// alone cannot decide its icon: the user has substring keys, or a basename key is not
    /// ASCII (such a key may equal a name's lowercase form in ways bytes do not show).
    private static func namedBasenames(of resolver: IconResolver) -> FoldedByteTable? {
        guard resolver.overrides.substrings.isEmpty else { return nil }
        var table = FoldedByteTable()
        for key in [resolver.overrides.basenames.keys, resolver.catalog.fileNames.keys].joined() {
            let bytes = Array(key.utf8)
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            if bytes.contains(where: { $0 &- 65 < 26 }) { continue }
            table.set(0, for: bytes[...])
        }
        return table
    }
}

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
