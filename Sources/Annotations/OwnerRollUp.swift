import TreeModel

/// The owners of a directory row: everyone who owns a file below it.
public struct DirectoryOwners: Hashable, Sendable {
    /// Every owner of a file below, once each, sorted (ignoring case, then exactly).
    public var owners: [String]
    /// Whether some file below has no owner.
    public var hasUnownedFiles: Bool

    public init(owners: [String] = [], hasUnownedFiles: Bool = false) {
        self.owners = owners
        self.hasUnownedFiles = hasUnownedFiles
    }
}

/// Rolls file owners up to their directories (see `Docs/Annotations.md#directory-owners`).
public enum OwnerRollUp {
    /// For every directory above the given files (the root is the empty path), the sorted
    /// set of their owners and whether any of them is unowned.
    public static func directories<Files: Sequence>(of files: Files) -> [RawPath: DirectoryOwners]
    where Files.Element == (path: RawPath, owners: [String]) {
        var sets: [RawPath: (owners: Set<String>, unowned: Bool)] = [:]
        for file in files {
            var directory = file.path.parent
            while true {
                let key = RawPath(bytes: Array(directory))
                sets[key, default: ([], false)].owners.formUnion(file.owners)
                if file.owners.isEmpty { sets[key, default: ([], false)].unowned = true }
                if directory.isEmpty { break }
                directory = directory.lastIndex(of: UInt8(ascii: "/")).map { directory[..<$0] } ?? []
            }
        }
        return sets.mapValues { DirectoryOwners(owners: sorted($0.owners), hasUnownedFiles: $0.unowned) }
    }

    /// Each file's owners from `codeOwners`, rolled up.
    public static func directories(of paths: [RawPath], in codeOwners: CodeOwners) -> [RawPath: DirectoryOwners] {
        directories(of: paths.lazy.map { (path: $0, owners: codeOwners.owners(of: $0)) })
    }

    /// Owners ordered ignoring ASCII case, ties broken by their exact bytes.
    static func sorted(_ owners: Set<String>) -> [String] {
        owners.sorted { a, b in
            let x = a.lowercased(), y = b.lowercased()
            return x != y ? x.utf8.lexicographicallyPrecedes(y.utf8) : a.utf8.lexicographicallyPrecedes(b.utf8)
        }
    }
}
