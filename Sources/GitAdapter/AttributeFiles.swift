import Annotations

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
