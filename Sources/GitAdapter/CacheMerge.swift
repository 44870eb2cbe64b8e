import Glibc

/// A merge of the result cache: a run's records and every segment into one segment file,
/// streamed so that its memory does not grow with the cache (a few buffers of a megabyte,
/// whatever the segments hold). The segments are sorted by key, so one pass over all of them
/// at once gives every key once, in order: this run's record first, else the newest
/// segment's intact one. Three such passes: the bytes each generation's records take (to
/// find the oldest generation that still fits in ``limit``), how many records are kept, and
/// the file, its index and its values each written in order at their place.
struct CacheMerge {
    /// This run's records, sorted by key, each key once.
    let records: [CacheRecord]
    /// The segments, newest first.
    let segments: [CacheSegment]
    /// Keys this run found: their records count as used in ``generation``.
    let used: Set<CacheKey>
    /// The generation of the run that merges.
    let generation: UInt32
    /// The most bytes the merged file may take.
    let limit: Int

    /// One key's record, as the merge keeps it: from ``records`` (`source` 0) or from the
    /// segment `source - 1`, its entry, the generation it was last used in and its value's length.
    struct Record {
        var key: CacheKey
        var source: Int
        var entry: Int
        var generation: UInt32
        var length: Int

        var storedSize: Int { CacheSegment.entrySize + length }
    }

    /// Calls `body` with every key's record once, in key order.
    func forEachRecord(_ body: (Record) throws -> Void) rethrows {
        var next = [Int](repeating: 0, count: segments.count + 1)
        var read = 0
        var heads: [CacheKey?] = (0...segments.count).map { headKey(source: $0, entry: 0) }
        while true {
            var smallest: CacheKey?
            for case let key? in heads where smallest == nil || key < smallest! { smallest = key }
            guard let smallest else { return }
            var chosen: Record?
            for source in heads.indices where heads[source] == smallest {
                if chosen == nil { chosen = record(source: source, entry: next[source], key: smallest) }
                next[source] += 1
                heads[source] = headKey(source: source, entry: next[source])
            }
            if let chosen {
                try body(chosen)
                read += chosen.storedSize
                if read >= Self.releaseBytes {
                    for (index, segment) in segments.enumerated() { segment.releasePages(before: next[index + 1]) }
                    read = 0
                }
            }
        }
        for segment in segments { segment.releasePages(before: segment.count) }
    }

    /// Every megabyte of records read, the pages read are let go
    /// (``CacheSegment/releasePages(before:)``), so that a merge's resident memory stays a
    /// few megabytes however large the segments are.
    private static let releaseBytes = 1 << 20

    private func headKey(source: Int, entry: Int) -> CacheKey? {
        if source == 0 { return entry < records.count ? records[entry].key : nil }
        let segment = segments[source - 1]
        return entry < segment.count ? segment.key(at: entry) : nil
    }

    /// The record of `key` at `entry` of `source`; `nil` when its value is damaged.
    private func record(source: Int, entry: Int, key: CacheKey) -> Record? {
        if source == 0 {
            return Record(key: key, source: 0, entry: entry, generation: generation, length: records[entry].value.count)
        }
        let segment = segments[source - 1]
        guard let value = segment.value(at: entry) else { return nil }
        return Record(key: key, source: source, entry: entry,
                      generation: used.contains(key) ? generation : segment.generation(at: entry), length: value.count)
    }

    /// Calls `body` with the value of `record` and its stored checksum.
    private func withValue(of record: Record, _ body: (UnsafeRawBufferPointer, UInt32) -> Void) {
        if record.source == 0 {
            records[record.entry].value.withUnsafeBytes { body($0, UInt32(truncatingIfNeeded: CacheChecksum.hash($0))) }
        } else {
            let segment = segments[record.source - 1]
            if let value = segment.value(at: record.entry) { body(value, segment.valueChecksum(at: record.entry)) }
        }
    }

    /// Which records are kept: every one of a generation newer than `oldest`, and of
    /// `oldest` those that still fit, in key order.
    struct Selection {
        let oldest: UInt32
        var room: Int

        mutating func keeps(_ record: Record) -> Bool {
            if record.generation > oldest { return true }
            guard record.generation == oldest, record.storedSize <= room else { return false }
            room -= record.storedSize
            return true
        }
    }

    /// The selection that fills ``limit`` with the most recently used records.
    func selection() -> Selection {
        var sizes: [UInt32: Int] = [:]
        forEachRecord { sizes[$0.generation, default: 0] += $0.storedSize }
        var room = limit - CacheSegment.headerSize
        for (generation, size) in sizes.sorted(by: { $0.key > $1.key }) {
            guard size <= room else { return Selection(oldest: generation, room: room) }
            room -= size
        }
        return Selection(oldest: 0, room: room)
    }

    /// Writes the merged segment to `descriptor` (an empty file); whether it could.
    func write(to descriptor: Int32, version: UInt32) -> Bool {
        var selection = selection()
        let counting = selection
        var count = 0, total = 0
        forEachRecord { record in
            if selection.keeps(record) { (count, total) = (count + 1, total + record.length) }
        }
        guard total <= Int(UInt32.max) else { return false }
        selection = counting
        var header: [UInt8] = []
        header.appendLittleEndian(CacheSegment.magic)
        header.appendLittleEndian(version)
        header.appendLittleEndian(UInt32(count))
        header.appendLittleEndian(generation)
        header.appendLittleEndian(UInt32(total))
        let indexEnd = CacheSegment.headerSize + count * CacheSegment.entrySize
        var index = CacheFileWriter(descriptor: descriptor, offset: CacheSegment.headerSize)
        var values = CacheFileWriter(descriptor: descriptor, offset: indexEnd)
        var checksum = CacheChecksum.Hasher(count: indexEnd - CacheSegment.headerSize,
                                            seed: header.withUnsafeBytes { CacheChecksum.hash($0) })
        var offset = 0
        var entry = [UInt8](repeating: 0, count: CacheSegment.entrySize)
        forEachRecord { record in
            guard selection.keeps(record) else { return }
            withValue(of: record) { value, valueChecksum in
                entry.withUnsafeMutableBytes { bytes in
                    let w = record.key.words
                    for (slot, word) in [w.0, w.1, w.2, w.3, w.4, w.5].enumerated() {
                        bytes.storeBytes(of: word.littleEndian, toByteOffset: slot * 8, as: UInt64.self)
                    }
                    for (slot, field) in [record.generation, UInt32(offset), UInt32(record.length), valueChecksum].enumerated() {
                        bytes.storeBytes(of: field.littleEndian, toByteOffset: 48 + slot * 4, as: UInt32.self)
                    }
                    checksum.update(UnsafeRawBufferPointer(bytes))
                    index.append(UnsafeRawBufferPointer(bytes))
                }
                values.append(value)
            }
            offset += record.length
        }
        header.appendLittleEndian(checksum.finish())
        return index.finish() && values.finish() && header.withUnsafeBytes { CacheFileWriter.write($0, to: descriptor, at: 0) }
    }
}

/// Writes a region of a file in order from `offset`, gathering the bytes in a buffer of a
/// megabyte; remembers a failure.
struct CacheFileWriter {
    let descriptor: Int32
    private(set) var offset: Int
    private var buffer: [UInt8] = []
    private var failed = false

    init(descriptor: Int32, offset: Int) {
        self.descriptor = descriptor
        self.offset = offset
        buffer.reserveCapacity(1 << 20)
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if buffer.count + bytes.count > 1 << 20 { flush() }
        if bytes.count >= 1 << 20 {
            failed = failed || !Self.write(bytes, to: descriptor, at: offset)
            offset += bytes.count
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    private mutating func flush() {
        failed = failed || !buffer.withUnsafeBytes { Self.write($0, to: descriptor, at: offset) }
        offset += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left; whether every write succeeded.
    mutating func finish() -> Bool {
        flush()
        return !failed
    }

    /// Writes all of `bytes` at `offset`; whether it could.
    static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, at offset: Int) -> Bool {
        var done = 0
        while done < bytes.count {
            let count = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return false }
            done += count
        }
        return true
    }
}
