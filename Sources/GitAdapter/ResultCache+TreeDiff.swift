import Foundation

/// Tree comparisons in the results cache: the entries ``TreeWalk`` found between two trees
/// (renames off, no pathspec, no unmodified files), and for each old tree the new trees it
/// was last compared with, so that a comparison with a grown branch walks only from the
/// branch's previous tree (``TreeWalk/composed(base:step:)``). Such a comparison is stored
/// as that step (a few entries) on top of the previous one, up to ``longestChain`` steps
/// deep, then whole again.
extension ResultCache {
    /// How many new trees are remembered per old tree.
    static let recentTreesKept = 4
    /// The most steps a stored comparison is made of.
    static let longestChain = 8

    /// The entries between trees `old` and `new`, if stored (whole, or as steps on top of a
    /// stored comparison), and how many steps they were composed of. The records read are
    /// noted as used.
    func treeDiff(_ old: ObjectID, _ new: ObjectID) -> (entries: [ChangeEntry], chain: Int)? {
        var steps: [[ChangeEntry]] = []
        var keys: [CacheKey] = []
        var current = new
        while steps.count <= Self.longestChain {
            let whole = CacheKey(.treeDiff, old, current)
            if let value = store.value(for: whole), var entries = Self.decodeEntries(value) {
                for key in keys + [whole] { noteUsed(key) }
                for step in steps.reversed() { entries = TreeWalk.composed(base: entries, step: step) }
                return (entries, steps.count)
            }
            let stepKey = CacheKey(.treeDiffStep, old, current)
            guard let value = store.value(for: stepKey), value.count > 20,
                  let step = Self.decodeEntries(UnsafeRawBufferPointer(rebasing: value[20...])) else { return nil }
            current = ObjectID(rawBytes: value.baseAddress!)
            guard current != new else { return nil }
            steps.append(step)
            keys.append(stepKey)
        }
        return nil
    }

    /// The new trees `old` was last compared with, newest first.
    func recentTrees(comparedWith old: ObjectID) -> [ObjectID] {
        guard let value = store.value(for: CacheKey(.recentTrees, old)), value.count % 20 == 0 else { return [] }
        return stride(from: 0, to: value.count, by: 20).map { ObjectID(rawBytes: value.baseAddress! + $0) }
    }

    /// Records the entries between `old` and `new`, and `new` as the newest tree compared with `old`.
    func add(treeDiff entries: [ChangeEntry], _ old: ObjectID, _ new: ObjectID) {
        add(value: Self.encode(entries), for: CacheKey(.treeDiff, old, new))
        noteCompared(old, new)
    }

    /// Records the comparison of `old` and `new` as the entries between `previous` and `new`
    /// on top of the stored comparison of `old` and `previous`.
    func add(treeDiffStep step: [ChangeEntry], from previous: ObjectID, _ old: ObjectID, _ new: ObjectID) {
        var value: [UInt8] = []
        value.appendRaw(previous)
        value += Self.encode(step)
        add(value: value, for: CacheKey(.treeDiffStep, old, new))
        noteCompared(old, new)
    }

    /// Makes `new` the newest tree compared with `old`.
    private func noteCompared(_ old: ObjectID, _ new: ObjectID) {
        let recent = [new] + recentTrees(comparedWith: old).filter { $0 != new }.prefix(Self.recentTreesKept - 1)
        var value: [UInt8] = []
        for id in recent { value.appendRaw(id) }
        add(value: value, for: CacheKey(.recentTrees, old))
    }

    /// Entries as stored: per entry, its kind (0 added, 1 deleted, 2 modified, 3 type
    /// changed), the path's length (u32) and bytes, then mode (u32) and id of each side it has.
    static func encode(_ entries: [ChangeEntry]) -> [UInt8] {
        var value: [UInt8] = []
        value.reserveCapacity(entries.count * 100)
        value.appendLittleEndian(UInt32(entries.count))
        for entry in entries {
            let kind: UInt8
            switch entry.kind {
            case .added: kind = 0
            case .deleted: kind = 1
            case .modified: kind = 2
            default: kind = 3
            }
            value.append(kind)
            let path = entry.path
            value.appendLittleEndian(UInt32(path.count))
            value.append(contentsOf: path)
            if let old = entry.old { append(old, to: &value) }
            if let new = entry.new { append(new, to: &value) }
        }
        return value
    }

    private static func append(_ side: FileSide, to value: inout [UInt8]) {
        value.appendLittleEndian(side.mode)
        value.appendRaw(side.id)
    }

    /// The entries of ``encode(_:)``'s bytes, or `nil` when they are not such bytes.
    static func decodeEntries(_ value: UnsafeRawBufferPointer) -> [ChangeEntry]? {
        var reader = CacheValueReader(value)
        guard let count = reader.u32(), count <= value.count else { return nil }
        var entries: [ChangeEntry] = []
        entries.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let kindByte = reader.byte(), kindByte <= 3, let length = reader.u32(), let path = reader.bytes(Int(length)) else {
                return nil
            }
            let kind: ChangeEntry.Kind = [.added, .deleted, .modified, .typeChanged][Int(kindByte)]
            func side() -> FileSide? {
                guard let mode = reader.u32(), let id = reader.id() else { return nil }
                return FileSide(path: path, mode: mode, id: id)
            }
            let old = kind == .added ? nil : side()
            let new = kind == .deleted ? nil : side()
            if (kind != .added && old == nil) || (kind != .deleted && new == nil) { return nil }
            entries.append(ChangeEntry(kind: kind, old: old, new: new))
        }
        return reader.isAtEnd ? entries : nil
    }
}

/// Reads a stored value front to back; every read fails (`nil`) past the end.
struct CacheValueReader {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }

    /// The number of bytes read and unread.
    var count: Int { bytes.count }

    mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func u32() -> UInt32? {
        guard bytes.count - offset >= 4 else { return nil }
        defer { offset += 4 }
        return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    mutating func id() -> ObjectID? {
        guard bytes.count - offset >= 20 else { return nil }
        defer { offset += 20 }
        return ObjectID(rawBytes: bytes.baseAddress! + offset)
    }

    mutating func bytes(_ count: Int) -> [UInt8]? {
        guard count >= 0, bytes.count - offset >= count else { return nil }
        defer { offset += count }
        return Array(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]))
    }
}

extension Array where Element == UInt8 {
    /// Appends the id's 20 bytes.
    mutating func appendRaw(_ id: ObjectID) {
        Swift.withUnsafeBytes(of: id.high.bigEndian) { append(contentsOf: $0) }
        Swift.withUnsafeBytes(of: id.middle.bigEndian) { append(contentsOf: $0) }
        Swift.withUnsafeBytes(of: id.low.bigEndian) { append(contentsOf: $0) }
    }
}

/// How a comparison's new tree was reached from a tree compared before: that tree and the
/// entries ``TreeWalk`` found between it and the new one (renames off, no pathspec, no
/// unmodified files). A branch that grew by a commit is compared this way
/// (``TreeWalk/composed(base:step:)``), and so are its `.gitattributes` files
/// (``AttributeLookup/composedAttributeFiles(_:along:in:from:results:)``).
struct TreeStep: Sendable {
    /// The tree compared before.
    var previous: ObjectID
    /// The entries between ``previous`` and the new tree, in path order.
    var entries: [ChangeEntry]

    /// The directories where the step adds, deletes or changes a `.gitattributes`, with the
    /// new tree's file there (`nil`: none, or not a regular file).
    var attributeFileChanges: [[UInt8]: SideReader.Blob?] {
        let name = AttributeLookup.fileName
        var changes: [[UInt8]: SideReader.Blob?] = [:]
        for entry in entries {
            let path = entry.path
            guard path.count >= name.count, path[(path.count - name.count)...].elementsEqual(name) else { continue }
            let start = path.count - name.count
            guard start == 0 || path[start - 1] == UInt8(ascii: "/") else { continue }
            let file = entry.new.flatMap { $0.isRegularFile ? SideReader.Blob(id: $0.id, mode: $0.mode) : nil }
            changes[Array(path[..<max(start - 1, 0)])] = .some(file)
        }
        return changes
    }
}
