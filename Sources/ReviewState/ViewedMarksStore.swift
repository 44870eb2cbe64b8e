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
        switch load() {
        case .success(let marks): return (marks, nil)
        case .failure(let failure): return (ViewedMarks(), failure.warning(file: file))
        }
    }

    /// Changes the marks with `change` under the lock and writes them back. A damaged file is
    /// replaced by what `change` makes of no marks, with a warning (returned); a file from a
    /// newer treereview is left alone, with an error.
    @discardableResult
    public func update(_ change: (inout ViewedMarks) throws -> Void) throws -> String? {
        try createDirectory()
        let lock = open(lockFile, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        guard lock >= 0 else { throw ViewedMarksStoreError.cannotWrite(path: lockFile, reason: Self.lastError()) }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw ViewedMarksStoreError.cannotWrite(path: lockFile, reason: Self.lastError()) }
        }
        var marks = ViewedMarks()
        var warning: String?
        switch load() {
        case .success(let read): marks = read
        case .failure(.format(.newerVersion(let version))): throw ViewedMarksStoreError.newerVersion(path: file, version: version)
        case .failure(let failure): warning = failure.warning(file: file)
        }
        try change(&marks)
        try replace(with: marks.encoded())
        return warning
    }

    /// Why the file could not be read.
    private enum LoadFailure: Error {
        case format(ViewedMarksFormatError)
        case unreadable(String)

        func warning(file: String) -> String {
            switch self {
            case .format(let error): "treereview: warning: ignoring the viewed marks in \(file): \(error)"
            case .unreadable(let reason): "treereview: warning: ignoring the viewed marks in \(file): \(reason)"
            }
        }
    }

    private func load() -> Result<ViewedMarks, LoadFailure> {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return errno == ENOENT ? .success(ViewedMarks()) : .failure(.unreadable(Self.lastError()))
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .failure(.unreadable(Self.lastError())) }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        do {
            return .success(try ViewedMarks(decoding: bytes))
        } catch {
            return .failure(.format(error))
        }
    }

    private func createDirectory() throws {
        guard mkdir(directory, 0o777) == 0 || errno == EEXIST else {
            throw ViewedMarksStoreError.cannotWrite(path: directory, reason: Self.lastError())
        }
    }

    /// Writes `bytes` to `viewed.new`, flushes it and renames it over `viewed`.
    private func replace(with bytes: [UInt8]) throws {
        let descriptor = open(newFile, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
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

    private static func lastError() -> String { String(cString: strerror(errno)) }
}

/// A change to the viewed marks that could not be made.
public enum ViewedMarksStoreError: Error, Equatable, CustomStringConvertible {
    /// The marks could not be written at `path`.
    case cannotWrite(path: String, reason: String)
    /// The marks file was written by a newer treereview: left as it is.
    case newerVersion(path: String, version: Int)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "cannot write the viewed marks: \(path): \(reason)"
        case .newerVersion(let path, let version):
            "the viewed marks in \(path) were written by a newer treereview (version \(version)); not changing them"
        }
    }
}
