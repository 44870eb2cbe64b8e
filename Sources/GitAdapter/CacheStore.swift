import Foundation

/// The result cache's directory: segment files (``CacheSegment``) that are only ever created
/// whole (written under a temporary name, then renamed) and deleted, never changed, so that
/// any number of processes may read and write at once.
///
/// A run opens every segment there is, looks records up in them, and at the end writes what
/// it computed as one new segment. When there would be more than ``maximumSegments`` files,
/// or more than ``budget`` bytes, the writing run merges all segments into one instead,
/// keeping the most recently used records (a record is used in the generation of the run that
/// wrote it or found it at a merge: least recently used, by generation, goes first) and
/// deleting the files it merged. A damaged file is deleted and its records recomputed.
final class CacheStore: @unchecked Sendable {
    /// The segment format, also in the directory's name (``ResultCache/root(environment:)``):
    /// a file of another version there is damaged.
    static let version: UInt32 = 1
    /// The largest number of segment files before a merge.
    static let maximumSegments = 8
    /// The default bound on the cache's size.
    static let defaultBudget = 256 << 20
    /// How many times ``init(directory:budget:)`` reads the directory when segments vanish
    /// under it (merges by other runs).
    static let listingAttempts = 8

    let directory: String
    /// The bound on the size of the files, in bytes.
    let budget: Int
    /// The segments, newest first.
    let segments: [CacheSegment]
    /// Files that were not valid segments (deleted by ``write(_:used:)``).
    private let damaged: [String]
    /// This run's generation: one more than the newest segment's.
    let generation: UInt32

    /// Opens (creating it if needed) the cache in `directory`; `nil` when it cannot be read.
    init?(directory: String, budget: Int = CacheStore.defaultBudget) {
        guard Self.makeDirectory(directory) else { return nil }
        var segments: [CacheSegment] = []
        var damaged: [String] = []
        // A merge renames its file in before it deletes the ones it merged: a file listed but
        // gone when opened means the listing missed the merged one, so the directory is read again.
        for attempt in 1...Self.listingAttempts {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
            (segments, damaged) = ([], [])
            var vanished = false
            for name in names where name.hasSuffix(".seg") {
                switch CacheSegment.open(name, in: directory, version: Self.version) {
                case .segment(let segment): segments.append(segment)
                case .damaged: damaged.append(name)
                case .unreadable: vanished = vanished || access(directory + "/" + name, F_OK) != 0
                }
            }
            if !vanished || attempt == Self.listingAttempts { break }
        }
        self.directory = directory
        self.budget = budget
        segments.sort { ($0.generation, $0.name) > ($1.generation, $1.name) }
        self.segments = segments
        self.damaged = damaged
        generation = (segments.first?.generation ?? 0) &+ 1
    }

    /// Creates `directory` and its parents, private to the user, unless it exists.
    private static func makeDirectory(_ directory: String) -> Bool {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) { return isDirectory.boolValue }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        return FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The value stored for `key` (valid while the store lives), from the newest segment that
    /// holds an intact one. Safe from any thread.
    func value(for key: CacheKey) -> UnsafeRawBufferPointer? {
        for segment in segments {
            if let entry = segment.index(of: key), let value = segment.value(at: entry) { return value }
        }
        return nil
    }

    /// Writes `records` (computed by this run; none: nothing is written) as a new segment, or
    /// merges every segment and them into one when there would be too many files or bytes;
    /// `used` are keys this run found, whose records a merge marks used in this generation.
    /// Failures are ignored: the cache only saves work.
    /// Returns whether it merged.
    @discardableResult
    func write(_ records: [CacheRecord], used: [CacheKey]) -> Bool {
        for name in damaged { unlink(directory + "/" + name) }
        if records.isEmpty { return false }
        let existing = segments.reduce(0) { $0 + $1.size }
        let added = records.reduce(CacheSegment.headerSize) { $0 + $1.storedSize }
        if segments.count + 1 > Self.maximumSegments || existing + added > budget {
            merge(records, used: used)
            return true
        }
        _ = publish(Self.unique(records), generation: generation)
        return false
    }

    /// Every intact record of every segment and `records`, the newest value of each key,
    /// as many of the most recently used as fit in three quarters of the budget, as one file.
    private func merge(_ records: [CacheRecord], used: [CacheKey]) {
        let used = Set(used)
        var seen = Set(records.map(\.key))
        var all = records
        for segment in segments {
            for entry in 0..<segment.count {
                let key = segment.key(at: entry)
                guard !seen.contains(key), let value = segment.value(at: entry) else { continue }
                seen.insert(key)
                all.append(CacheRecord(key: key, generation: used.contains(key) ? generation : segment.generation(at: entry),
                                       value: Array(value)))
            }
        }
        all.sort { $0.generation > $1.generation }
        var kept: [CacheRecord] = []
        var size = CacheSegment.headerSize
        for record in all where size + record.storedSize <= budget * 3 / 4 {
            size += record.storedSize
            kept.append(record)
        }
        guard publish(Self.unique(kept), generation: generation) else { return }
        for segment in segments { unlink(directory + "/" + segment.name) }
        removeAbandonedFiles()
    }

    /// `records` sorted by key, the first of each key kept.
    private static func unique(_ records: [CacheRecord]) -> [CacheRecord] {
        var seen = Set<CacheKey>()
        return records.filter { seen.insert($0.key).inserted }.sorted { $0.key < $1.key }
    }

    /// Writes a segment under a temporary name and renames it into place: the index, then
    /// the values gathered in chunks of about a megabyte (no copy of the whole file).
    private func publish(_ records: [CacheRecord], generation: UInt32) -> Bool {
        let index = CacheRecord.segmentIndex(records, generation: generation, version: Self.version)
        let unique = "\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let temporary = directory + "/tmp-" + unique
        let final = directory + "/" + String(format: "%010u", generation) + "-" + unique + ".seg"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        var written = Self.write(index, to: descriptor)
        var chunk: [UInt8] = []
        chunk.reserveCapacity(1 << 20)
        for record in records where written {
            chunk.append(contentsOf: record.value)
            if chunk.count >= 1 << 20 {
                written = Self.write(chunk, to: descriptor)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        if written { written = Self.write(chunk, to: descriptor) }
        close(descriptor)
        guard written, rename(temporary, final) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Writes all of `bytes` to `descriptor`; whether it could.
    private static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
    }

    /// Deletes temporary files that a run which stopped half-way left, an hour old or more.
    private func removeAbandonedFiles() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let now = Date()
        for name in names where name.hasPrefix("tmp-") {
            let path = directory + "/" + name
            let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
            if let modified, now.timeIntervalSince(modified) > 3600 { unlink(path) }
        }
    }
}

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

/// One record to write to the result cache: a key, the generation it was last used in, and
/// its value's bytes.
struct CacheRecord: Sendable {
    var key: CacheKey
    var generation: UInt32
    var value: [UInt8]

    /// The bytes a record takes in a segment file.
    var storedSize: Int { CacheSegment.entrySize + value.count }

    /// The header and index of a segment file holding `records` (sorted by key, each key
    /// once), written by a run of `generation`, in ``CacheSegment``'s layout; the records'
    /// values follow them in the file, in order.
    static func segmentIndex(_ records: [CacheRecord], generation: UInt32, version: UInt32) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(CacheSegment.headerSize + records.count * CacheSegment.entrySize)
        bytes.appendLittleEndian(CacheSegment.magic)
        bytes.appendLittleEndian(version)
        bytes.appendLittleEndian(UInt32(records.count))
        bytes.appendLittleEndian(generation)
        bytes.appendLittleEndian(UInt32(records.reduce(0) { $0 + $1.value.count }))
        bytes.appendLittleEndian(UInt64(0))   // the checksum, filled in below
        var offset = 0
        for record in records {
            let w = record.key.words
            for word in [w.0, w.1, w.2, w.3, w.4, w.5] { bytes.appendLittleEndian(word) }
            bytes.appendLittleEndian(record.generation)
            bytes.appendLittleEndian(UInt32(offset))
            bytes.appendLittleEndian(UInt32(record.value.count))
            let checksum = record.value.withUnsafeBytes { CacheChecksum.hash($0) }
            bytes.appendLittleEndian(UInt32(truncatingIfNeeded: checksum))
            offset += record.value.count
        }
        let indexEnd = bytes.count
        let checksum = bytes.withUnsafeBytes { CacheSegment.checksum($0.baseAddress!, indexEnd: indexEnd) }
        withUnsafeBytes(of: checksum.littleEndian) { bytes.replaceSubrange(24..<32, with: $0) }
        return bytes
    }
}

extension Array where Element == UInt8 {
    /// Appends `value`'s bytes, least significant first.
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
