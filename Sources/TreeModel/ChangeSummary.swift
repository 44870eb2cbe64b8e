/// Totals over a set of changed files: counts per status, binaries and line counts.
///
/// Line totals are `nil` when any file's lines were not counted (`--no-stat`).
public struct ChangeSummary: Hashable, Sendable {
    /// Number of files.
    public private(set) var files = 0
    /// Number of files per status.
    public private(set) var counts = StatusCounts()
    /// Binary files, or `nil` when content was not read.
    public private(set) var binary: Int? = 0
    /// Inserted lines over all text files, or `nil` when lines were not counted.
    public private(set) var insertions: Int? = 0
    /// Deleted lines over all text files, or `nil` when lines were not counted.
    public private(set) var deletions: Int? = 0

    public init() {}

    public init<S: Sequence>(_ changes: S) where S.Element == FileChange {
        for change in changes { add(change) }
    }

    /// The number of files with `status`.
    public func count(_ status: ChangeStatus) -> Int { counts[status] }

    /// Adds one file.
    public mutating func add(_ change: FileChange) {
        files += 1
        if let status = change.status { counts[status] += 1 }
        guard let isBinary = change.binary else {
            binary = nil
            insertions = nil
            deletions = nil
            return
        }
        if isBinary {
            binary = binary.map { $0 + 1 }
        } else {
            insertions = Self.sum(insertions, change.insertions)
            deletions = Self.sum(deletions, change.deletions)
        }
    }

    /// Adds everything another summary counted.
    public mutating func add(_ other: ChangeSummary) {
        files += other.files
        counts.add(other.counts)
        binary = Self.sum(binary, other.binary)
        insertions = Self.sum(insertions, other.insertions)
        deletions = Self.sum(deletions, other.deletions)
    }

    /// The status every file below shares when all are added or all deleted, else `nil`.
    public var wholeStatus: ChangeStatus? {
        guard files > 0 else { return nil }
        for status in [ChangeStatus.added, .deleted, .untracked] where count(status) == files {
            return status
        }
        return nil
    }

    private static func sum(_ a: Int?, _ b: Int?) -> Int? {
        guard let a, let b else { return nil }
        return a + b
    }
}
