import TreeModel

/// What a filter reads of a file, in 12 bytes beside the nodes: its filter key, its status
/// and its line counts, so that a filter's roll-up of 134,000 files reads 1.6 MB rather
/// than each file's full summary. Counts too large for 32 bits are read from the summary.
struct FileTally: Sendable {
    /// Whether the file's content was read, and how its lines are kept.
    enum Lines: UInt8, Sendable {
        case unread, binary, counted, tooLarge
    }

    /// ``FileFilter/key(of:)`` of the change.
    private(set) var key: UInt8
    let status: ChangeStatus?
    let lines: Lines
    let insertions: UInt32
    let deletions: UInt32

    /// The tally of a file with `change`; a directory's (no change) is never read.
    init(_ change: FileChange?) {
        key = FileFilter.key(of: change)
        status = change?.status
        switch change?.binary {
        case nil: (lines, insertions, deletions) = (.unread, 0, 0)
        case true?: (lines, insertions, deletions) = (.binary, 0, 0)
        case false?:
            if let inserted = UInt32(exactly: change?.insertions ?? 0), let deleted = UInt32(exactly: change?.deletions ?? 0) {
                (lines, insertions, deletions) = (.counted, inserted, deleted)
            } else {
                (lines, insertions, deletions) = (.tooLarge, 0, 0)
            }
        }
    }

    /// Notes that the change is now viewed or not (what its key says of it).
    mutating func setViewed(_ viewed: Bool) {
        key = key & ~FileFilter.viewedBit | (viewed ? FileFilter.viewedBit : 0)
    }
}
