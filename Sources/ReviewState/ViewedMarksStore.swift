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
    /// The largest marks file read (256 MiB: over a million marks made in comparisons of
    /// commits, some four million made on the working tree); a larger one is not read.
    static let maximumFileBytes = 256 << 20
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
            written = WrittenMarks(marks: changed, descriptor: open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC))
            return warning
        }
    }

    /// The marks the file holds for an update (`none` when there is no file) and, for a file
    /// that cannot be read, `none` and a warning; throws for a file of a newer treereview.
    private func loadForUpdate<Marks>(_ decode: ([UInt8]) throws(ViewedMarksFormatError) -> Marks, none: Marks) throws -> (Marks, String?) {
        switch load(decode, none: none) {
        case .success(let marks): return (marks, nil)
        case .failure(.format(.newerVersion(let version))): throw ViewedMarksStoreError.newerVersion(path: file, version: version)
        case .failure(.refused(let reason)): throw ViewedMarksStoreError.cannotRead(path: file, reason: reason)
        case .failure(let failure): return (none, failure.warning(file: file))
        }
    }
}

/// The store's file operations: the writers' lock, reading the file whole, replacing it by
/// a rename.
extension ViewedMarksStore {
    /// Why the file could not be read.
    enum LoadFailure: Error {
        case format(ViewedMarksFormatError)
        case unreadable(String)
        /// Not a regular file, or larger than ``ViewedMarksStore/maximumFileBytes``: never
        /// read, nor replaced.
        case refused(String)

        func warning(file: String) -> String {
            switch self {
            case .format(let error): "treereview: warning: ignoring the viewed marks in \(file): \(error)"
            case .unreadable(let reason), .refused(let reason): "treereview: warning: ignoring the viewed marks in \(file): \(reason)"
            }
        }
    }

    /// `body`'s result, run holding the exclusive lock on `viewed.lock` (the directory made first).
    func withLock<Result>(_ body: () throws -> Result) throws -> Result {
        guard mkdir(directory, 0o777) == 0 || errno == EEXIST else {
            throw ViewedMarksStoreError.cannotWrite(path: directory, reason: Self.lastError())
        }
        let lock = open(lockFile, O_RDWR | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o666)
        guard lock >= 0 else { throw ViewedMarksStoreError.cannotWrite(path: lockFile, reason: Self.lastError()) }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw ViewedMarksStoreError.cannotWrite(path: lockFile, reason: Self.lastError()) }
        }
        return try body()
    }

    /// What `decode` makes of the file's bytes; `none` when there is no file. Only a regular
    /// file is read (opened without blocking, so a FIFO does not hang), and at most
    /// ``maximumFileBytes`` of it.
    func load<Marks>(_ decode: ([UInt8]) throws(ViewedMarksFormatError) -> Marks, none: Marks) -> Result<Marks, LoadFailure> {
        let descriptor = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == ENOENT ? .success(none) : .failure(.unreadable(Self.lastError())) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable(Self.lastError())) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.refused("not a regular file")) }
        let tooLarge = LoadFailure.refused("larger than \(Self.maximumFileBytes >> 20) MiB")
        guard status.st_size <= Self.maximumFileBytes else { return .failure(tooLarge) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size) + 1)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .failure(.unreadable(Self.lastError())) }
            if count == 0 { break }
            guard bytes.count + count <= Self.maximumFileBytes else { return .failure(tooLarge) }
            bytes += chunk[..<count]
        }
        do {
            return .success(try decode(bytes))
        } catch {
            return .failure(.format(error))
        }
    }

    /// Writes `bytes` to a new `viewed.new` (whatever was there removed first: under the lock
    /// it is a leftover), flushes it and renames it over `viewed`.
    func replace(with bytes: [UInt8]) throws {
        unlink(newFile)
        let descriptor = open(newFile, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw ViewedMarksStoreError.cannotWrite(path: newFile, reason: Self.lastError()) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let reason = Self.lastError()
                close(descriptor)
                throw ViewedMarksStoreError.cannotWrite(path: newFile, reason: reason)
            }
            written += count
        }
        let flushed = fsync(descriptor) == 0
        let reason = Self.lastError()
        close(descriptor)
        guard flushed else { throw ViewedMarksStoreError.cannotWrite(path: newFile, reason: reason) }
        guard rename(newFile, file) == 0 else { throw ViewedMarksStoreError.cannotWrite(path: file, reason: Self.lastError()) }
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    static func lastError() -> String { String(cString: strerror(errno)) }
}

/// A change to the viewed marks that could not be made.
enum ViewedMarksStoreError: Error, Equatable, CustomStringConvertible {
    /// The marks could not be written at `path`.
    case cannotWrite(path: String, reason: String)
    /// The marks file was written by a newer treereview: left as it is.
    case newerVersion(path: String, version: Int)
    /// The marks file is not a regular file or is too large to be marks: left as it is.
    case cannotRead(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "cannot write the viewed marks: \(path): \(reason)"
        case .newerVersion(let path, let version):
            "the viewed marks in \(path) were written by a newer treereview (version \(version)); not changing them"
        case .cannotRead(let path, let reason): "cannot read the viewed marks in \(path): \(reason); not changing them"
        }
    }
}

/// What a writer remembers of its last write to a ``ViewedMarksStore``: the marks it wrote
/// and the identity of the file it renamed into place. Its next
/// ``ViewedMarksStore/update(remembering:applying:)`` takes these marks instead of reading
/// the file again while the file still has that identity; any other writer replaces the
/// file by a rename, which changes it. The written file is kept open, so that its inode
/// number cannot go to a file another writer puts in its place (the file system reuses the
/// numbers of freed inodes, and coarse timestamps could then not tell the two apart).
public struct WrittenMarks: Sendable {
    let marks: SortedMarks
    let identity: FileIdentity
    private let file: OpenFile

    /// The marks written to the file open as `descriptor`, which it takes (and closes when
    /// the last copy goes); `nil` when that file's identity cannot be read.
    init?(marks: SortedMarks, descriptor: Int32) {
        file = OpenFile(descriptor: descriptor)
        guard descriptor >= 0, let identity = FileIdentity(ofDescriptor: descriptor) else { return nil }
        self.marks = marks
        self.identity = identity
    }

    /// A descriptor closed with its last reference.
    private final class OpenFile: Sendable {
        let descriptor: Int32

        init(descriptor: Int32) { self.descriptor = descriptor }

        deinit { if descriptor >= 0 { close(descriptor) } }
    }
}

/// Which file a path names and which version of it: device, inode, size, and the times of
/// its last change of content and of status.
struct FileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: timespec
    let changed: timespec

    /// The identity of the file at `path`; `nil` when it cannot be found.
    init?(ofFileAt path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The identity of the file open as `descriptor`; `nil` when it cannot be read.
    init?(ofDescriptor descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(status)
    }

    private init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = status.st_mtim
        changed = status.st_ctim
    }
}

extension FileIdentity {
    static func == (left: FileIdentity, right: FileIdentity) -> Bool {
        left.device == right.device && left.inode == right.inode && left.size == right.size
            && left.modified.tv_sec == right.modified.tv_sec && left.modified.tv_nsec == right.modified.tv_nsec
            && left.changed.tv_sec == right.changed.tv_sec && left.changed.tv_nsec == right.changed.tv_nsec
    }
}
