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
        PackageKind.fileNames.contains { $0.elementsEqual(name) }
    }
}
