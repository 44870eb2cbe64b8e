/// Directory paths inside the repository, as bytes: the top is the empty path.
public enum RepositoryPath {
    /// `relative` (as a manifest writes it) from `directory`, with `.` and `..` resolved;
    /// `nil` when it is absolute or leaves the repository.
    public static func resolve(_ relative: String, from directory: [UInt8]) -> [UInt8]? {
        let bytes = Array(relative.utf8)
        guard bytes.first != UInt8(ascii: "/") else { return nil }
        var pieces = directory.split(separator: UInt8(ascii: "/")).map(Array.init)
        for piece in bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if piece.elementsEqual([UInt8(ascii: ".")]) { continue }
            if piece.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                guard !pieces.isEmpty else { return nil }
                pieces.removeLast()
            } else {
                pieces.append(Array(piece))
            }
        }
        return Array(pieces.joined(separator: [UInt8(ascii: "/")]))
    }

    /// `path` relative to `directory`, when it is below it (or is it: empty).
    public static func relative(_ path: [UInt8], to directory: [UInt8]) -> ArraySlice<UInt8>? {
        if directory.isEmpty { return path[...] }
        guard path.starts(with: directory) else { return nil }
        if path.count == directory.count { return path[path.endIndex...] }
        guard path[directory.count] == UInt8(ascii: "/") else { return nil }
        return path[(directory.count + 1)...]
    }

    /// How a directory is shown: `.` for the top.
    public static func display(_ directory: [UInt8]) -> String {
        directory.isEmpty ? "." : String(decoding: directory, as: UTF8.self)
    }
}
