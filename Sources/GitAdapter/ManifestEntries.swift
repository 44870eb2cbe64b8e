/// The package manifests of one tree and below, as the results cache keeps them by the
/// tree's id: each manifest's path from that tree and its blob id, in tree order. A subtree
/// unchanged since a run before is then not walked again, whatever path it is at now.
struct ManifestEntries: Sendable, Equatable {
    /// One manifest: its path from the tree, exact bytes, and its blob.
    struct Entry: Sendable, Equatable {
        var path: [UInt8]
        var blob: ObjectID
    }

    var entries: [Entry]

    init(_ entries: [Entry]) { self.entries = entries }

    /// The entries of ``encoded``'s bytes, or `nil` when they are not such bytes.
    init?(encoded value: UnsafeRawBufferPointer) {
        var reader = CacheValueReader(value)
        guard let count = reader.u32(), count <= value.count else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let length = reader.u32(), let path = reader.bytes(Int(length)), let blob = reader.id() else { return nil }
            entries.append(Entry(path: path, blob: blob))
        }
        guard reader.isAtEnd else { return nil }
        self.entries = entries
    }

    /// As stored: the count (u32), then per entry the path's length (u32), its bytes and
    /// the blob's 20 bytes.
    var encoded: [UInt8] {
        var value: [UInt8] = []
        value.reserveCapacity(4 + entries.reduce(0) { $0 + 24 + $1.path.count })
        value.appendLittleEndian(UInt32(entries.count))
        for entry in entries {
            value.appendLittleEndian(UInt32(entry.path.count))
            value += entry.path
            value.appendRaw(entry.blob)
        }
        return value
    }
}
