/// A manifest file as of the compared side: its path and what could be read of it.
public struct ManifestFile: Sendable, Equatable {
    /// What the side gave for the file.
    public enum Contents: Sendable, Equatable {
        /// The file's bytes.
        case bytes([UInt8])
        /// The file is larger than ``ManifestFile/largestSize`` bytes: not read.
        case tooLarge(Int)
    }

    /// The file's path from the top of the repository, exact bytes.
    public var path: [UInt8]
    /// Its contents.
    public var contents: Contents

    /// The largest manifest read, in bytes; a larger one is a note.
    public static let largestSize = 4 << 20

    public init(path: [UInt8], contents: Contents) {
        self.path = path
        self.contents = contents
    }

    /// The directory holding the file (empty for the top).
    public var directory: [UInt8] {
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return [] }
        return Array(path[..<slash])
    }

    /// The file's name, without its directory.
    public var name: ArraySlice<UInt8> {
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return path[...] }
        return path[(slash + 1)...]
    }

    /// Whether a file named `name` is read as a manifest.
    public static func isManifestName(_ name: some Collection<UInt8>) -> Bool {
        Array(name).withUnsafeBufferPointer { isManifestName($0) }
    }

    /// Whether a file named `name` is read as a manifest: by its length first, as a tree's
    /// every entry is asked.
    public static func isManifestName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard name.count >= 6, name.count <= 19, lengths & (1 << name.count) != 0 else { return false }
        for candidate in PackageKind.fileNames where candidate.count == name.count {
            if candidate.withUnsafeBufferPointer({ $0.elementsEqual(name) }) { return true }
        }
        return false
    }

    /// A bit for each manifest name's length.
    private static let lengths: Int = PackageKind.fileNames.reduce(0) { $0 | (1 << $1.count) }
}
