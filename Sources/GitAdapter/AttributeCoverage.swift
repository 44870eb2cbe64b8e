import Annotations
import Foundation

/// A tree's `.gitattributes` files in some directories and the directories above them,
/// with those directories: what the files of a tree one step later are composed from
/// (``AttributeLookup/composedAttributeFiles(_:along:in:from:results:)``). Kept in the result
/// cache by the tree alone (``CacheKey/Kind/attributeCoverage``), the last one found.
struct AttributeCoverage: Equatable {
    /// The directories of the paths the files were found along, in byte order, each once.
    var directories: [[UInt8]]
    /// The files found.
    var files: AttributeFiles

    /// The directories of `paths`, in byte order, each once.
    static func directories(of paths: [[UInt8]]) -> [[UInt8]] {
        var found: [[UInt8]] = []
        var previous: [UInt8]?
        for path in paths {
            let end = RawPathParent.of(path).endIndex
            if let previous, previous.count == end, Self.equal(previous, path, count: end) { continue }
            previous = Array(path[..<end])
            found.append(previous!)
        }
        found.sort(by: precedes)
        var unique: [[UInt8]] = []
        unique.reserveCapacity(found.count)
        for directory in found {
            if let last = unique.last, last.count == directory.count, equal(last, directory, count: directory.count) { continue }
            unique.append(directory)
        }
        return unique
    }

    /// Whether `directory` is one of `sorted` (directories in byte order) or above one of
    /// them; the top is above every directory.
    static func covers(_ directory: [UInt8], in sorted: [[UInt8]]) -> Bool {
        if directory.isEmpty { return true }
        let at = lowerBound(of: directory, in: sorted)
        if at < sorted.count, sorted[at].count == directory.count, equal(sorted[at], directory, count: directory.count) { return true }
        let below = directory + [UInt8(ascii: "/")]
        let next = lowerBound(of: below, in: sorted)
        return next < sorted.count && sorted[next].count > below.count && equal(sorted[next], below, count: below.count)
    }

    /// Whether the directories `sorted` cover (``covers(_:in:)``) every file's directory.
    func coversItsFiles() -> Bool {
        files.files.allSatisfy { Self.covers($0.directory, in: directories) }
    }

    /// The index of the first of `sorted` not before `bytes`.
    private static func lowerBound(of bytes: [UInt8], in sorted: [[UInt8]]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if precedes(sorted[middle], bytes) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether `a` comes before `b` in byte order.
    static func precedes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let common = min(a.count, b.count)
        let order = common == 0 ? 0 : a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in memcmp(a.baseAddress!, b.baseAddress!, common) } }
        return order != 0 ? order < 0 : a.count < b.count
    }

    /// Whether the first `count` bytes of `a` and `b` (both that long at least) are equal.
    private static func equal(_ a: [UInt8], _ b: [UInt8], count: Int) -> Bool {
        count == 0 || a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in memcmp(a.baseAddress!, b.baseAddress!, count) == 0 } }
    }

    /// As stored: ``AttributeFiles/encoded``, the number of directories (u32), then per
    /// directory the length it shares with the one before (u32), the length of the rest
    /// (u32) and the rest's bytes.
    var encoded: [UInt8] {
        var value = files.encoded
        value.appendLittleEndian(UInt32(directories.count))
        var previous: [UInt8] = []
        for directory in directories {
            var shared = 0
            while shared < min(previous.count, directory.count), previous[shared] == directory[shared] { shared += 1 }
            value.appendLittleEndian(UInt32(shared))
            value.appendLittleEndian(UInt32(directory.count - shared))
            value.append(contentsOf: directory[shared...])
            previous = directory
        }
        return value
    }

    /// The coverage of ``encoded``'s bytes; `nil` when they are not such bytes or the
    /// directories are not in byte order, each once.
    init?(encoded value: UnsafeRawBufferPointer) {
        var reader = CacheValueReader(value)
        guard let files = AttributeFiles(reading: &reader) else { return nil }
        guard let directoryCount = reader.u32(), directoryCount <= value.count else { return nil }
        var directories: [[UInt8]] = []
        directories.reserveCapacity(Int(directoryCount))
        var previous: [UInt8] = []
        for _ in 0..<directoryCount {
            guard let shared = reader.u32(), shared <= previous.count, let length = reader.u32(),
                  let rest = reader.bytes(Int(length)) else { return nil }
            let directory = Array(previous[..<Int(shared)]) + rest
            guard directories.isEmpty || Self.precedes(previous, directory) else { return nil }
            directories.append(directory)
            previous = directory
        }
        guard reader.isAtEnd else { return nil }
        self.init(directories: directories, files: files)
    }

    init(directories: [[UInt8]], files: AttributeFiles) {
        self.directories = directories
        self.files = files
    }
}

/// The attributes files of one side of a comparison that can reach a list of paths: those
/// in the paths' directories and the directories above them.
struct AttributeFiles: Equatable {
    /// One `.gitattributes` file.
    struct File: Equatable {
        /// The directory it is in (empty at the top).
        var directory: [UInt8]
        /// The blob to read it from, when the query's in-memory index is to hold it.
        var blob: SideReader.Blob?
    }

    var files: [File] = []

    /// The file's path: its directory, then `.gitattributes`.
    static func path(in directory: [UInt8]) -> [UInt8] {
        (directory.isEmpty ? [] : directory + [UInt8(ascii: "/")]) + AttributeLookup.fileName
    }

    /// Each file once, in the order found.
    var unique: AttributeFiles {
        var seen = Set<[UInt8]>()
        return AttributeFiles(files: files.filter { seen.insert($0.directory).inserted })
    }

    /// For each of `paths`, whether one of the files is in its directory or a directory above.
    func reach(_ paths: [[UInt8]]) -> [Bool] {
        guard !files.isEmpty else { return paths.map { _ in false } }
        let directories = Set(files.map(\.directory))
        var walk = DirectoryWalk(root: directories.contains([]))
        return paths.map { path in
            walk.value(of: path, upTo: RawPathParent.of(path).endIndex) { parent, path, piece in
                parent || directories.contains(Array(path[..<piece.upperBound]))
            }
        }
    }

    /// The files as stored in the result cache: their number (u32), then per file its
    /// directory's length (u32) and bytes, whether a blob follows (a byte), its mode (u32) and id.
    var encoded: [UInt8] {
        var value: [UInt8] = []
        value.appendLittleEndian(UInt32(files.count))
        for file in files {
            value.appendLittleEndian(UInt32(file.directory.count))
            value.append(contentsOf: file.directory)
            value.append(file.blob == nil ? 0 : 1)
            if let blob = file.blob {
                value.appendLittleEndian(blob.mode)
                value.appendRaw(blob.id)
            }
        }
        return value
    }

    /// The files of ``encoded``'s bytes, or `nil` when they are not such bytes.
    init?(encoded value: UnsafeRawBufferPointer) {
        var reader = CacheValueReader(value)
        guard let found = AttributeFiles(reading: &reader), reader.isAtEnd else { return nil }
        self = found
    }

    /// The files of ``encoded``'s bytes where `reader` is, or `nil` when they are not such bytes.
    init?(reading reader: inout CacheValueReader) {
        guard let count = reader.u32(), count <= reader.count else { return nil }
        for _ in 0..<count {
            guard let length = reader.u32(), let directory = reader.bytes(Int(length)), let hasBlob = reader.byte(), hasBlob <= 1 else {
                return nil
            }
            var blob: SideReader.Blob?
            if hasBlob == 1 {
                guard let mode = reader.u32(), let id = reader.id() else { return nil }
                blob = SideReader.Blob(id: id, mode: mode)
            }
            files.append(File(directory: directory, blob: blob))
        }
    }

    init(files: [File] = []) {
        self.files = files
    }
}
