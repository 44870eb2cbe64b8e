/// Visits the directories of many paths, each once while paths that share it come one after
/// another (as sorted paths do), keeping a value per directory: what a directory's value
/// depends on (its parent's value and its own name) is worked out once, not once per path.
///
/// A directory's pieces are its non-empty `/`-separated pieces; the root, the empty
/// directory, holds the value given at the start.
public struct DirectoryWalk<Level> {
    /// The directory entered last, as the bytes of the path it came from.
    private var directory: [UInt8] = []
    /// Where each piece of ``directory`` ends, shallowest first.
    private var ends: [Int] = []
    /// The root's value, then one per piece of the directory entered last.
    public private(set) var levels: [Level]

    /// A walk whose root directory has the value `root`.
    public init(root: Level) {
        levels = [root]
    }

    /// The value of the directory `path[..<end]`, entering the pieces not shared with the
    /// directory entered before: `enter(parent, path, piece)` gives the value of the
    /// directory `path[..<piece.upperBound]` whose parent's value is `parent`.
    @discardableResult
    public mutating func value(
        of path: [UInt8], upTo end: Int,
        enter: (_ parent: Level, _ path: [UInt8], _ piece: Range<Int>) throws -> Level
    ) rethrows -> Level {
        let slash = UInt8(ascii: "/")
        let limit = min(end, directory.count)
        let common = path.withUnsafeBufferPointer { new in
            directory.withUnsafeBufferPointer { old in
                var common = 0
                while common < limit, new[common] == old[common] { common += 1 }
                return common
            }
        }
        if common == end, end == directory.count { return levels[levels.count - 1] }
        var kept = 0
        while kept < ends.count, ends[kept] <= common, ends[kept] == end || path[ends[kept]] == slash { kept += 1 }
        if kept < ends.count {
            ends.removeSubrange(kept...)
            levels.removeSubrange((kept + 1)...)
        }
        var start = ends.last ?? 0
        directory.removeAll(keepingCapacity: true)
        directory.append(contentsOf: path[..<end])
        while start < end {
            if path[start] == slash {
                start += 1
                continue
            }
            var stop = start + 1
            while stop < end, path[stop] != slash { stop += 1 }
            levels.append(try enter(levels[levels.count - 1], path, start..<stop))
            ends.append(stop)
            start = stop
        }
        return levels[levels.count - 1]
    }
}
