import Glibc
import TreeModel

/// Where the viewed marks of a repository live, and how they are read and changed:
/// `<common git dir>/treereview/viewed`, shared by the repository's worktrees, never in the
/// working tree, the index, the refs or the objects.
///
/// Readers take no lock: the file is only ever replaced whole (written to `viewed.new`,
/// flushed, renamed over `viewed`), so a reader sees the marks before or after a change.
/// Writers take an exclusive `flock` on `viewed.lock` for the whole read-modify-write, so
/// concurrent changes are applied one after the other and none is lost; the kernel releases
/// the lock of a writer that dies, so none is left stale.
public struct ViewedMarksStore: Sendable {
    /// The directory holding the marks (`<common git dir>/treereview`).
    public let directory: String

    /// The store of the repository whose common git directory is `commonGitDirectory`.
    public init(commonGitDirectory: String) {
        directory = (commonGitDirectory.hasSuffix("/") ? commonGitDirectory : commonGitDirectory + "/") + "treereview"
    }

    /// The marks file.
    public var file: String { directory + "/viewed" }
    var lockFile: String { directory + "/viewed.lock" }
    var newFile: String { directory + "/viewed.new" }

    /// The marks (none when there is no file yet). A file that cannot be read is no marks and
    /// a warning, one line, for standard error.
    public func read() -> (marks: ViewedMarks, warning: String?) {
        switch load(ViewedMarks.init(decoding:), none: ViewedMarks()) {
        case .success(let marks): return (marks, nil)
        case .failure(let failure): return (ViewedMarks(), failure.warning(file: file))
        }
    }

    /// Changes the marks with `change` under the lock and writes them back. A damaged file is
    /// replaced by what `change` makes of no marks, with a warning (returned); a file from a
    /// newer treereview is left alone, with an error.
    @discardableResult
    public func update(_ change: (inout ViewedMarks) throws -> Void) throws -> String? {
        try withLock {
            var (marks, warning) = try loadForUpdate(ViewedMarks.init(decoding:), none: ViewedMarks())
            try change(&marks)
            try replace(with: marks.encoded())
            return warning
        }
    }

    /// Applies `edits` in their order (a later edit of a path wins) under the lock and writes
    /// the marks back, as ``update(_:)`` does. `written` is what the last such update through
    /// it wrote: while the file is still the one it wrote, the file is not read again; it
    /// becomes what this update wrote (`nil` when it failed).
    @discardableResult
    public func update(remembering written: inout WrittenMarks?, applying edits: [ViewedMarkEdit]) throws -> String? {
        let remembered = written
        written = nil
        return try withLock {
            var (current, warning) = (SortedMarks(), String?.none)
            if let remembered, FileIdentity(ofFileAt: file) == remembered.identity {
                current = remembered.marks
            } else {
                (current, warning) = try loadForUpdate({ bytes throws(ViewedMarksFormatError) in
                    SortedMarks(latestOf: try SortedMarks.entries(decoding: bytes))
                }, none: SortedMarks())
            }
            let changed = current.applying(edits)
            try replace(with: changed.encoded())
            written = WrittenMarks(marks: changed, descriptor: open(file, O_RDONLY | O_CLOEXEC))
            return warning
        }
    }

    /// The marks the file holds for an update (`none` when there is no file) and, for a file
    /// that cannot be read, `none` and a warning; throws for a file of a newer treereview.
    private func loadForUpdate<Marks>(_ decode: ([UInt8]) throws(ViewedMarksFormatError) -> Marks, none: Marks) throws -> (Marks, String?) {
        switch load(decode, none: none) {
        case .success(let marks): return (marks, nil)
        case .failure(.format(.newerVersion(let version))): throw ViewedMarksStoreError.newerVersion(path: file, version: version)
        case .failure(let failure): return (none, failure.warning(file: file))
        }
    }
}
