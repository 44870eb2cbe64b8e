/// One hunk of a file's diff without context lines, as `git diff -U0` heads it:
/// `@@ -oldStart,oldLines +newStart,newLines @@`.
///
/// The new side's changed lines are `newStart` through `newStart + newLines - 1`. A hunk that
/// only deletes has `newLines` 0, and `newStart` is the new-side line after which the lines
/// went (0: before the first line); likewise `oldStart` for a hunk that only inserts.
public struct LineHunk: Hashable, Sendable {
    /// The first old-side line of the hunk (or the line before it, when `oldLines` is 0).
    public var oldStart: UInt32
    /// How many old-side lines the hunk removes.
    public var oldLines: UInt32
    /// The first new-side line of the hunk (or the line before it, when `newLines` is 0).
    public var newStart: UInt32
    /// How many new-side lines the hunk adds.
    public var newLines: UInt32

    /// A hunk of the given lines (each number clamped to 32 bits).
    public init(oldStart: Int, oldLines: Int, newStart: Int, newLines: Int) {
        self.oldStart = UInt32(clamping: oldStart)
        self.oldLines = UInt32(clamping: oldLines)
        self.newStart = UInt32(clamping: newStart)
        self.newLines = UInt32(clamping: newLines)
    }
}

/// The hunks of the files of a comparison whose lines were counted (`--hunks`), looked up by
/// path: every hunk in one array, 16 bytes each, and one path and one end per file.
public struct ChangedLines: Sendable {
    /// The files' paths, in byte order, each once.
    private let paths: [RawPath]
    /// For file `i`, where its hunks end in ``hunks`` (they start where file `i - 1`'s end).
    private let ends: [Int]
    private let hunks: [LineHunk]

    /// The hunks of each file given; a path given twice keeps its first hunks.
    public init(_ files: [(path: RawPath, hunks: [LineHunk])]) {
        let order = files.indices.sorted { files[$0].path < files[$1].path }
        var paths: [RawPath] = []
        var ends: [Int] = []
        var hunks: [LineHunk] = []
        paths.reserveCapacity(files.count)
        ends.reserveCapacity(files.count)
        hunks.reserveCapacity(files.reduce(0) { $0 + $1.hunks.count })
        for index in order where paths.last != files[index].path {
            paths.append(files[index].path)
            hunks += files[index].hunks
            ends.append(hunks.count)
        }
        self.paths = paths
        self.ends = ends
        self.hunks = hunks
    }

    /// The number of files with hunks recorded (some of them possibly none).
    public var fileCount: Int { paths.count }

    /// The number of hunks over all files.
    public var hunkCount: Int { hunks.count }

    /// The hunks of the file at `path`, in order; `nil` when none were recorded for it (its
    /// lines were not counted).
    public func hunks(of path: RawPath) -> ArraySlice<LineHunk>? {
        var low = 0, high = paths.count
        while low < high {
            let middle = (low + high) / 2
            if paths[middle] < path { low = middle + 1 } else { high = middle }
        }
        guard low < paths.count, paths[low] == path else { return nil }
        return hunks[(low == 0 ? 0 : ends[low - 1])..<ends[low]]
    }
}
