/// Totals over a set of changed files: counts per status, binaries and line counts.
///
/// Line totals cover the files whose content was read; they are `nil` only when there are
/// files and none of them was read (`--no-stat`, a change list from stdin). Files whose
/// content is not compared (untracked ones) count in `files` and their status only.
public struct ChangeSummary: Hashable, Sendable {
    /// Number of files.
    public private(set) var files = 0
    /// Number of files per status.
    public private(set) var counts = StatusCounts()
    private var readFiles = 0
    private var binaryFiles = 0
    private var insertedLines = 0
    private var deletedLines = 0

    /// The summary of no file.
    public init() {}

    /// A summary of these totals (`insertions` and `deletions` over the files read).
    package init(files: Int, counts: StatusCounts, readFiles: Int, binaryFiles: Int, insertions: Int, deletions: Int) {
        (self.files, self.counts, self.readFiles, self.binaryFiles) = (files, counts, readFiles, binaryFiles)
        (insertedLines, deletedLines) = (insertions, deletions)
    }

    /// The summary of `count` files that carry no status and whose content was not read.
    init(statuslessFiles count: Int) { files = count }

    /// The summary of `changes`.
    public init<S: Sequence>(_ changes: S) where S.Element == FileChange {
        for change in changes { add(change) }
    }

    /// Binary files, or `nil` when no file's content was read.
    public var binary: Int? { known(binaryFiles) }
    /// Inserted lines over all text files read, or `nil` when no file's content was read.
    public var insertions: Int? { known(insertedLines) }
    /// Deleted lines over all text files read, or `nil` when no file's content was read.
    public var deletions: Int? { known(deletedLines) }

    private func known(_ value: Int) -> Int? {
        files > 0 && readFiles == 0 ? nil : value
    }

    /// The number of files with `status`.
    public func count(_ status: ChangeStatus) -> Int { counts[status] }

    /// Adds one file.
    public mutating func add(_ change: FileChange) {
        addFile(status: change.status, binary: change.binary, insertions: change.insertions, deletions: change.deletions)
    }

    /// Adds the file `change` views, reading only the fields summed (no copy of its paths).
    @inline(__always)
    public mutating func add(_ change: ChangeView) {
        addFile(status: change.status, binary: change.binary, insertions: change.insertions, deletions: change.deletions)
    }

    /// Adds a file that carries no status and whose content was not read.
    mutating func addStatuslessFile() { files += 1 }

    /// Adds one file from its fields: `binary` is `nil` when its content was not read.
    public mutating func addFile(status: ChangeStatus?, binary: Bool?, insertions: Int?, deletions: Int?) {
        files += 1
        if let status { counts[status] += 1 }
        guard let isBinary = binary else { return }
        readFiles += 1
        if isBinary {
            binaryFiles += 1
        } else {
            insertedLines += insertions ?? 0
            deletedLines += deletions ?? 0
        }
    }

    /// Adds everything another summary counted.
    public mutating func add(_ other: ChangeSummary) {
        files += other.files
        counts.add(other.counts)
        readFiles += other.readFiles
        binaryFiles += other.binaryFiles
        insertedLines += other.insertedLines
        deletedLines += other.deletedLines
    }

    /// Takes away everything another summary counted, which this one must include (a file
    /// or directory leaving a roll-up).
    public mutating func subtract(_ other: ChangeSummary) {
        files -= other.files
        counts.subtract(other.counts)
        readFiles -= other.readFiles
        binaryFiles -= other.binaryFiles
        insertedLines -= other.insertedLines
        deletedLines -= other.deletedLines
    }

    /// The status every file below shares when all are added or all deleted, else `nil`.
    public var wholeStatus: ChangeStatus? {
        guard files > 0 else { return nil }
        for status in [ChangeStatus.added, .deleted, .untracked] where count(status) == files {
            return status
        }
        return nil
    }
}
