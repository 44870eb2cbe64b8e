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
