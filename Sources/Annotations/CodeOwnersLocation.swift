/// Where GitHub looks for a repository's CODEOWNERS file, and how it loads it.
public enum CodeOwnersLocation {
    /// The places searched, in order; the first that exists is used, the others ignored.
    public static let searchOrder = [".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"]

    /// GitHub does not load a CODEOWNERS file of this many bytes (3 MiB) or more.
    public static let sizeLimit = 3 * 1024 * 1024

    /// Finds and parses the CODEOWNERS file. `read` returns a path's bytes, or nil when
    /// no file is there (for example, as of the pull request's base commit).
    public static func load(read: (String) throws -> [UInt8]?) rethrows -> CodeOwnersLookup {
        for path in searchOrder {
            guard let bytes = try read(path) else { continue }
            guard bytes.count < sizeLimit else { return .tooLarge(path: path, size: bytes.count) }
            return .loaded(path: path, CodeOwners(parsing: bytes))
        }
        return .notFound
    }
}

/// The outcome of looking for a CODEOWNERS file.
public enum CodeOwnersLookup: Sendable {
    /// None of the places in ``CodeOwnersLocation/searchOrder`` has one.
    case notFound
    /// The first file found is too large; GitHub ignores it (and does not look further).
    case tooLarge(path: String, size: Int)
    /// The first file found, parsed.
    case loaded(path: String, CodeOwners)

    /// The parsed file, if one was loaded.
    public var codeOwners: CodeOwners? {
        if case .loaded(_, let codeOwners) = self { return codeOwners }
        return nil
    }
}
