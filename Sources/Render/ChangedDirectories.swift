import TreeModel

/// The changed directories of a view, as `--directories=<depth>` lists them (and as
/// tj-actions/changed-files' `dir_names` output does): each listed file's directory cut to
/// its first `depth` pieces, `.` for a file at the top level, each once, sorted by bytes.
public enum ChangedDirectories {
    /// The directories of the files `view` lists, cut to `depth` pieces (1 or more).
    public static func list(_ view: TreeView, depth: Int) -> [[UInt8]] {
        precondition(depth > 0, "a directory depth is 1 or more")
        var directories: [ArraySlice<UInt8>] = []
        let changes = view.listedChanges
        directories.reserveCapacity(changes.count)
        for change in changes {
            directories.append(directory(of: change.path.bytes, depth: depth))
        }
        directories.sort { $0.lexicographicallyPrecedes($1) }
        var unique: [[UInt8]] = []
        for directory in directories where unique.last.map({ !$0.elementsEqual(directory) }) ?? true {
            unique.append(Array(directory))
        }
        return unique
    }

    /// The first `depth` pieces of the directory of `path`, or `.` when it has none.
    static func directory(of path: [UInt8], depth: Int) -> ArraySlice<UInt8> {
        var slashes = 0
        var end = 0
        for (index, byte) in path.enumerated() where byte == UInt8(ascii: "/") {
            end = index
            slashes += 1
            if slashes == depth { break }
        }
        return slashes == 0 ? dot : path[..<end]
    }

    private static let dot: ArraySlice<UInt8> = [UInt8(ascii: ".")]
}
