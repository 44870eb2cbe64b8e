/// A tree's `.gitattributes` files in some directories and the directories above them,
/// with those directories: what the files of a tree one step later are composed from
/// (``AttributeLookup/composedAttributeFiles(_:along:from:results:)``). Kept in the result
/// cache by the tree alone (``CacheKey/Kind/attributeCoverage``), the last one found.
struct AttributeCoverage: Equatable {
    /// The directories of the paths the files were found along, in byte order, each once.
    var directories: [[UInt8]]
    /// The files found.
    var files: AttributeFiles

    /// The directories of `paths`, in byte order, each once.
    static func directories(of paths: [[UInt8]]) -> [[UInt8]] {
        var found: [[UInt8]] = []
        var previous: ArraySlice<UInt8>?
        for path in paths {
            let directory = RawPathParent.of(path)
            if let previous, previous.elementsEqual(directory) { continue }
            previous = directory
            found.append(Array(directory))
        }
        found.sort { $0.lexicographicallyPrecedes($1) }
        var unique: [[UInt8]] = []
        unique.reserveCapacity(found.count)
        for directory in found where unique.last != directory { unique.append(directory) }
        return unique
    }

    /// Every directory covered: ``directories`` and those above them, the top included.
    var covered: Set<[UInt8]> {
        var covered: Set<[UInt8]> = [[]]
        for directory in directories {
            var end = directory.count
            while covered.insert(Array(directory[..<end])).inserted {
                guard let slash = directory[..<end].lastIndex(of: UInt8(ascii: "/")) else { break }
                end = slash
            }
        }
        return covered
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
            guard directories.isEmpty || previous.lexicographicallyPrecedes(directory) else { return nil }
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
