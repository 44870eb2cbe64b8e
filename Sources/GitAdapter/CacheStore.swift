import Foundation
import Locking

/// The result cache's directory: segment files (``CacheSegment``) that are only ever created
/// whole (written under a temporary name, then renamed) and deleted, never changed, so that
/// any number of processes may read at once, without a lock.
///
/// A run opens every segment there is, looks records up in them, and at the end writes what
/// it computed as one new segment. Writers take turns: each holds the directory's lock
/// (``CacheLock``) while it looks at the files there are now and writes. When there would be
/// more than ``maximumSegments`` files, or more than ``budget`` bytes, the writing run merges
/// all segments into one instead (``CacheMerge``, streamed), keeping the most recently used
/// records (a record is used in the generation of the run that wrote it or found it at a
/// merge: least recently used, by generation, goes first) and deleting the files it merged.
/// So the bounds hold however many runs write at once. A damaged file is deleted and its
/// records recomputed; a temporary file that no writer holds (one killed half-way) is deleted.
final class CacheStore: @unchecked Sendable {
    /// The segment format, also in the directory's name (``ResultCache/root(environment:)``):
    /// a file of another version there is damaged.
    static let version: UInt32 = 1
    /// The largest number of segment files.
    static let maximumSegments = 8
    /// The default bound on the cache's size.
    static let defaultBudget = 256 << 20
    /// How long a run waits for the lock that another process's write holds, in seconds,
    /// before it leaves its records unwritten.
    static let defaultLockWait = 5.0
    /// This process's writers, one at a time: the two saves of one run (the comparison's and
    /// the attributes') wait for each other without a deadline, so that the lock's bounded
    /// wait is only for other processes. Without it, a save that took longer than the bound
    /// (a slow machine, a sanitizer) made the run's other save give up its records.
    /// It counts the writes, holding a value of some size: a `Locked(())`, whose value has no
    /// size, was reported by ThreadSanitizer as racing with itself.
    static let writersOfThisProcess = Locked(0)
    /// How many times ``init(directory:budget:)`` reads the directory when segments vanish
    /// under it (merges by other runs).
    static let listingAttempts = 8

    let directory: String
    /// The bound on the size of the files, in bytes.
    let budget: Int
    /// The segments, newest first.
    let segments: [CacheSegment]
    /// Whether the directory held files that were not valid segments, or temporary files.
    private let hasLeftovers: Bool
    /// This run's generation: one more than the newest segment's.
    let generation: UInt32
    /// How long ``write(_:used:)`` waits for another process's write, in seconds.
    private let lockWait: Double

    /// Opens (creating it if needed) the cache in `directory`; `nil` when it cannot be read.
    init?(directory: String, budget: Int = CacheStore.defaultBudget, lockWait: Double = CacheStore.defaultLockWait) {
        guard Self.makeDirectory(directory) else { return nil }
        self.directory = directory
        self.budget = budget
        self.lockWait = lockWait
        var segments: [CacheSegment] = []
        var hasLeftovers = false
        // A merge renames its file in before it deletes the ones it merged: a file listed but
        // gone when opened means the listing missed the merged one, so the directory is read again.
        for attempt in 1...Self.listingAttempts {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
            segments = []
            hasLeftovers = names.contains { $0.hasPrefix(Self.temporaryPrefix) }
            var vanished = false
            for name in names where name.hasSuffix(".seg") {
                switch CacheSegment.open(name, in: directory, version: Self.version) {
                case .segment(let segment): segments.append(segment)
                case .damaged: hasLeftovers = true
                case .unreadable: vanished = vanished || access(directory + "/" + name, F_OK) != 0
                }
            }
            if !vanished || attempt == Self.listingAttempts { break }
        }
        self.segments = Self.newestFirst(segments)
        self.hasLeftovers = hasLeftovers
        generation = (self.segments.first?.generation ?? 0) &+ 1
    }

    private static let temporaryPrefix = "tmp-"

    private static func newestFirst(_ segments: [CacheSegment]) -> [CacheSegment] {
        segments.sorted { ($0.generation, $0.name) > ($1.generation, $1.name) }
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
    /// Holds the directory's lock meanwhile, and deletes damaged and abandoned files first.
    /// Failures are ignored: the cache only saves work.
    /// Returns whether it merged.
    @discardableResult
    func write(_ records: [CacheRecord], used: [CacheKey]) -> Bool {
        guard !records.isEmpty || hasLeftovers else { return false }
        return Self.holdingWriteLocks(directory, waiting: lockWait) { writeHoldingLocks(records, used: used) } ?? false
    }

    /// Runs `body` holding this process's writer lock (``writersOfThisProcess``) and then
    /// `directory`'s lock, waiting at most `waiting` seconds for another process's write;
    /// `nil` when the directory's lock cannot be had.
    static func holdingWriteLocks<Result>(_ directory: String, waiting: Double, _ body: () -> Result) -> Result? {
        writersOfThisProcess.withLock { writes in
            writes += 1
            guard let lock = CacheLock(directory: directory, waiting: waiting) else { return nil }
            defer { lock.release() }
            return body()
        }
    }

    private func writeHoldingLocks(_ records: [CacheRecord], used: [CacheKey]) -> Bool {
        removeAbandonedFiles()
        let current = currentSegments()
        guard !records.isEmpty else { return false }
        let generation = max(self.generation, (current.first?.generation ?? 0) &+ 1)
        var records = Self.unique(records)
        for index in records.indices { records[index].generation = generation }
        let existing = current.reduce(0) { $0 + $1.size }
        let added = records.reduce(CacheSegment.headerSize) { $0 + $1.storedSize }
        guard current.count + 1 > Self.maximumSegments || existing + added > budget else {
            _ = publish(generation: generation) { Self.write(records, generation: generation, to: $0) }
            return false
        }
        let merge = CacheMerge(records: records, segments: current, used: Set(used), generation: generation,
                               limit: budget * 3 / 4)
        guard publish(generation: generation, { merge.write(to: $0, version: Self.version) }) else { return false }
        for segment in current { unlink(directory + "/" + segment.name) }
        return true
    }

    /// The segments in the directory now (under the lock): those this store opened that are
    /// still there, and the others opened; damaged ones deleted.
    private func currentSegments() -> [CacheSegment] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        let open = Dictionary(segments.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var current: [CacheSegment] = []
        for name in names where name.hasSuffix(".seg") {
            if let segment = open[name] {
                current.append(segment)
                continue
            }
            switch CacheSegment.open(name, in: directory, version: Self.version) {
            case .segment(let segment): current.append(segment)
            case .damaged: unlink(directory + "/" + name)
            case .unreadable: break
            }
        }
        return Self.newestFirst(current)
    }

    /// `records` sorted by key, the first of each key kept.
    private static func unique(_ records: [CacheRecord]) -> [CacheRecord] {
        var seen = Set<CacheKey>()
        return records.filter { seen.insert($0.key).inserted }.sorted { $0.key < $1.key }
    }

    /// Writes a segment with `fill` under a temporary name, which it holds an exclusive
    /// `flock` on meanwhile (a run that finds it unlocked knows its writer is gone), and
    /// renames it into place.
    private func publish(generation: UInt32, _ fill: (Int32) -> Bool) -> Bool {
        let unique = "\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let temporary = directory + "/" + Self.temporaryPrefix + unique
        let final = directory + "/" + String(format: "%010u", generation) + "-" + unique + ".seg"
        let descriptor = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        _ = flock(descriptor, LOCK_EX | LOCK_NB)
        let written = fill(descriptor)
        guard written, rename(temporary, final) == 0 else {
            unlink(temporary)
            close(descriptor)
            return false
        }
        close(descriptor)
        return true
    }

    /// Writes a segment of `records` (sorted by key, each key once) to `descriptor`: the
    /// index, then the values gathered in chunks of about a megabyte (no copy of the whole file).
    private static func write(_ records: [CacheRecord], generation: UInt32, to descriptor: Int32) -> Bool {
        let index = CacheRecord.segmentIndex(records, generation: generation, version: version)
        var file = CacheFileWriter(descriptor: descriptor, offset: 0)
        index.withUnsafeBytes { file.append($0) }
        for record in records { record.value.withUnsafeBytes { file.append($0) } }
        return file.finish()
    }

    /// Deletes the temporary files no writer holds: left by a run that was killed half-way.
    /// Called under the directory's lock, so no other run of this version writes one now.
    private func removeAbandonedFiles() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(Self.temporaryPrefix) {
            let path = directory + "/" + name
            let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
            if descriptor < 0 {
                if errno == ELOOP { unlink(path) }
                continue
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { unlink(path) }
            close(descriptor)
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

    /// ``hash(_:seed:)`` of bytes given in pieces, each a whole number of 8-byte words,
    /// `count` in all.
    struct Hasher {
        private var state: UInt64
        private let count: Int

        init(count: Int, seed: UInt64) {
            state = seed ^ (UInt64(count) &* multiplier)
            self.count = count
        }

        mutating func update(_ bytes: UnsafeRawBufferPointer) {
            guard let base = bytes.baseAddress else { return }
            for index in 0..<bytes.count / 8 {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
                state = (state ^ word) &* multiplier
                state ^= state >> 31
            }
        }

        func finish() -> UInt64 {
            count == 0 ? mix(state) : mix(state &* multiplier)
        }
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
