/// A slow, obviously correct restatement of the path rules (`Docs/TreeModel.md#paths-and-identities`),
/// the oracle the fuzz targets compare the fast code with.
enum ReferencePaths {
    /// Why a path is refused.
    enum Refusal: Error, Equatable {
        case absolute, parentReference, empty
    }

    /// A path normalized: pieces split at `/`, empty and `.` pieces dropped; a directory when
    /// the text ends in `/` or its last piece is `.`.
    struct Normalized: Equatable {
        var bytes: [UInt8]
        var isDirectory: Bool
    }

    static func normalize(_ raw: [UInt8]) -> Result<Normalized, Refusal> {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        if raw.first == slash { return .failure(.absolute) }
        let pieces = raw.split(separator: slash, omittingEmptySubsequences: false)
        if pieces.contains(where: { $0.elementsEqual([dot, dot]) }) { return .failure(.parentReference) }
        let kept = pieces.filter { !$0.isEmpty && !$0.elementsEqual([dot]) }
        if kept.isEmpty { return .failure(.empty) }
        let isDirectory = raw.last == slash || pieces.last?.elementsEqual([dot]) == true
        return .success(Normalized(bytes: Array(kept.joined(separator: [slash])), isDirectory: isDirectory))
    }

    /// Whether some path of `files` is also a directory of another (`a` and `a/b`).
    static func hasFileAndDirectoryClash(_ files: Set<[UInt8]>) -> Bool {
        files.contains { path in
            path.indices.contains { path[$0] == UInt8(ascii: "/") && files.contains(Array(path[..<$0])) }
        }
    }

    /// git's status codes as `--name-status` prints them: `M`, `R096`, `?`.
    static func isStatusCode(_ bytes: some Collection<UInt8>) -> Bool {
        guard let first = bytes.first, "AMDRCTUX?".utf8.contains(first) else { return false }
        let digits = bytes.dropFirst()
        return digits.count <= 3 && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}
