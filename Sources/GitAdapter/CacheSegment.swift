import Foundation

/// One immutable file of the result cache, mapped read-only: a header, an index of records
/// sorted by key, and the records' values.
///
/// Layout, little-endian: `TRVCACHE`, format version (u32), record count (u32), generation
/// (u32), the values' total length (u32), then the checksum (u64) of those 24 bytes and the index; the
/// index has one 64-byte entry per record (the key's six words, the record's generation, its
/// value's offset from the end of the index, its length and the low half of its checksum);
/// the values follow. A file is written once under a temporary name and renamed into place,
/// and never changed after: a reader sees a whole file or none. A header or index that does
/// not match its checksum makes the whole file damaged; a value that does not is a miss.
final class CacheSegment: @unchecked Sendable {
    static let magic: UInt64 = 0x4548_4341_4356_5254   // "TRVCACHE"
    static let headerSize = 32
    static let entrySize = 64

    /// The file's name in the cache directory.
    let name: String
    /// The generation of the run that wrote it.
    let generation: UInt32
    /// How many records it holds.
    let count: Int
    /// The file's size in bytes.
    let size: Int
    private let base: UnsafeRawPointer
    private let valuesOffset: Int

    /// What opening a file found.
    enum Opened {
        case segment(CacheSegment)
        /// The file is there but not a whole, valid segment (of this format version).
        case damaged
        /// The file could not be read (gone, or not readable).
        case unreadable
    }

    private init(name: String, base: UnsafeRawPointer, size: Int, count: Int, generation: UInt32) {
        self.name = name
        self.base = base
        self.size = size
        self.count = count
        self.generation = generation
        valuesOffset = Self.headerSize + count * Self.entrySize
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: base), size) }

    /// Maps and checks the file `name` in `directory`.
    /// Only a regular file is opened (without following a symbolic link, and without blocking,
    /// so that a FIFO does not hang the run): anything else is left alone, as unreadable.
    static func open(_ name: String, in directory: String, version: UInt32) -> Opened {
        let descriptor = Glibc.open(directory + "/" + name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return .unreadable }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return .unreadable }
        let size = Int(status.st_size)
        guard size >= headerSize else { return .damaged }
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            return .unreadable
        }
        let base = UnsafeRawPointer(mapped)
        func header<T: FixedWidthInteger>(_ offset: Int, _ type: T.Type) -> T {
            T(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: T.self))
        }
        let count = Int(header(12, UInt32.self))
        let indexEnd = headerSize + count * entrySize
        guard header(0, UInt64.self) == magic, header(8, UInt32.self) == version,
              indexEnd + Int(header(20, UInt32.self)) == size, header(24, UInt64.self) == checksum(base, indexEnd: indexEnd) else {
            munmap(mapped, size)
            return .damaged
        }
        return .segment(CacheSegment(name: name, base: base, size: size, count: count, generation: header(16, UInt32.self)))
    }

    /// The checksum stored at offset 24: of the first 24 bytes, then of the index.
    static func checksum(_ base: UnsafeRawPointer, indexEnd: Int) -> UInt64 {
        let head = CacheChecksum.hash(UnsafeRawBufferPointer(start: base, count: 24))
        return CacheChecksum.hash(UnsafeRawBufferPointer(start: base + headerSize, count: indexEnd - headerSize), seed: head)
    }

    private func word(_ entry: Int, _ index: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: Self.headerSize + entry * Self.entrySize + index * 8, as: UInt64.self))
    }

    private func field(_ entry: Int, _ index: Int) -> UInt32 {
        UInt32(littleEndian: base.loadUnaligned(fromByteOffset: Self.headerSize + entry * Self.entrySize + 48 + index * 4,
                                                as: UInt32.self))
    }

    /// The key of record `entry`.
    func key(at entry: Int) -> CacheKey {
        CacheKey(words: (word(entry, 0), word(entry, 1), word(entry, 2), word(entry, 3), word(entry, 4), word(entry, 5)))
    }

    /// The generation record `entry` was last used in.
    func generation(at entry: Int) -> UInt32 { field(entry, 0) }

    /// Lets the kernel drop the mapped pages of the index entries and values before `entry`
    /// (a merge reads each once, in order). Only advice: the file never changes, so a page
    /// touched again is read back as it was.
    func releasePages(before entry: Int) {
        guard entry > 0, entry <= count else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let valuesEnd = min(valuesOffset + Int(field(entry - 1, 1)) + Int(field(entry - 1, 2)), size)
        for (start, end) in [(0, Self.headerSize + entry * Self.entrySize), (valuesOffset, valuesEnd)] {
            let from = start / page * page
            guard end > from else { continue }
            _ = madvise(UnsafeMutableRawPointer(mutating: base + from), end - from, MADV_DONTNEED)
        }
    }

    /// The low half of the checksum of record `entry`'s value, as stored.
    func valueChecksum(at entry: Int) -> UInt32 { field(entry, 3) }

    /// The record with `key`, by binary search.
    func index(of key: CacheKey) -> Int? {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            let found = self.key(at: middle)
            if found == key { return middle }
            if found < key { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The value of record `entry`, or `nil` when it lies outside the file or does not match
    /// its checksum. Valid as long as the segment lives.
    func value(at entry: Int) -> UnsafeRawBufferPointer? {
        let offset = Int(field(entry, 1)), length = Int(field(entry, 2))
        guard offset <= size - valuesOffset, length <= size - valuesOffset - offset else { return nil }
        let value = UnsafeRawBufferPointer(start: base + valuesOffset + offset, count: length)
        guard UInt32(truncatingIfNeeded: CacheChecksum.hash(value)) == field(entry, 3) else { return nil }
        return value
    }
}

/// The key of one result cache record: what was computed (``Kind``), the flags it was
/// computed under, and the ids of the objects it was computed from. Everything a result
/// depends on is in its key, so a record never needs to be invalidated, only evicted.
struct CacheKey: Hashable, Sendable, Comparable {
    /// What a record holds.
    enum Kind: UInt8, Sendable {
        /// A blob's similarity ``Fingerprint``.
        case fingerprint = 1
        /// `--numstat` of one blob against nothing (an added or deleted file).
        case lineCountOfBlob = 2
        /// Whether one blob on both sides of a pair is binary (a pure rename, a mode change).
        case binaryOfBlob = 3
        /// `--numstat` of an old blob against a new one.
        case lineCountOfPair = 4
        /// The entries between an old tree and a new one (``TreeWalk``).
        case treeDiff = 5
        /// The new trees an old tree was last compared with.
        case recentTrees = 6
        /// The entries between an old tree and a new one as a step from another new tree:
        /// that tree's id, then the entries between it and the new one.
        case treeDiffStep = 7
        /// The `.gitattributes` files of a tree in the directories of a list of paths: the
        /// tree's id, then a digest of the directories (``AttributeLookup``).
        case attributeFiles = 8
        /// The `.gitattributes` files of a tree last found, with the directories they were
        /// found along, by the tree's id alone (``AttributeCoverage``).
        case attributeCoverage = 9
        /// The package manifests of a tree and below: each one's path from the tree and
        /// blob id (``ManifestEntries``).
        case manifestEntries = 10
    }

    /// The first word: kind, flags and the options byte, as stored.
    var head: UInt64
    /// The first object id (big-endian words).
    var first: ObjectID
    /// The second object id, zero when there is none.
    var second: ObjectID

    /// The size of a key in a segment file.
    static let storedSize = 48

    init(_ kind: Kind, flags: UInt8 = 0, _ first: ObjectID, _ second: ObjectID = .zero) {
        head = UInt64(kind.rawValue) << 56 | UInt64(flags) << 48
        self.first = first
        self.second = second
    }

    init(head: UInt64, first: ObjectID, second: ObjectID) {
        self.head = head
        self.first = first
        self.second = second
    }

    var kind: Kind? { Kind(rawValue: UInt8(truncatingIfNeeded: head >> 56)) }

    /// The key's six words, in the order keys sort by.
    var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) {
        (head, first.high, first.middle, UInt64(first.low) << 32 | second.high >> 32,
         second.high << 32 | second.middle >> 32, second.middle << 32 | UInt64(second.low))
    }

    /// The key made of six stored words (the inverse of ``words``).
    init(words w: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)) {
        head = w.0
        first = ObjectID(high: w.1, middle: w.2, low: UInt32(truncatingIfNeeded: w.3 >> 32))
        second = ObjectID(high: w.3 << 32 | w.4 >> 32, middle: w.4 << 32 | w.5 >> 32,
                          low: UInt32(truncatingIfNeeded: w.5))
    }

    static func < (a: CacheKey, b: CacheKey) -> Bool {
        a.words < b.words
    }
}

/// Flags of a fingerprint key: how the blob was judged text or binary.
extension CacheKey {
    /// The key of a blob's fingerprint; `binaryByAttribute` is what the `diff` attribute
    /// said (`nil`: nothing, the content decides).
    static func fingerprint(_ id: ObjectID, binaryByAttribute: Bool?) -> CacheKey {
        CacheKey(.fingerprint, flags: attributeFlag(binaryByAttribute), id)
    }

    /// 0: the content decides; 1: the attribute says binary; 2: the attribute says text.
    static func attributeFlag(_ binary: Bool?) -> UInt8 {
        switch binary {
        case nil: 0
        case true?: 1
        case false?: 2
        }
    }
}

private func < (a: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64),
                b: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)) -> Bool {
    if a.0 != b.0 { return a.0 < b.0 }
    if a.1 != b.1 { return a.1 < b.1 }
    if a.2 != b.2 { return a.2 < b.2 }
    if a.3 != b.3 { return a.3 < b.3 }
    if a.4 != b.4 { return a.4 < b.4 }
    return a.5 < b.5
}
