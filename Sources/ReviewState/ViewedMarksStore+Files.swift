import Glibc

/// The store's file operations: the writers' lock, reading the file whole, replacing it by
/// a rename.
extension ViewedMarksStore {
    /// Why the file could not be read.
    enum LoadFailure: Error {
        case format(ViewedMarksFormatError)
        case unreadable(String)

        func warning(file: String) -> String {
            switch self {
            case .format(let error): "treereview: warning: ignoring the viewed marks in \(file): \(error)"
            case .unreadable(let reason): "treereview: warning: ignoring the viewed marks in \(file): \(reason)"
            }
        }
    }

    /// `body`'s result, run holding the exclusive lock on `viewed.lock` (the directory made first).
    func withLock<Result>(_ body: () throws -> Result) throws -> Result {
        guard mkdir(directory, 0o777) == 0 || errno == EEXIST else {
            throw ViewedMarksStoreError.cannotWrite(path: directory, reason: Self.lastError())
        }
        let lock = open(lockFile, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        guard lock >= 0 else { throw ViewedMarksStoreError.cannotWrite(path: lockFile, reason: Self.lastError()) }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw ViewedMarksStoreError.cannotWrite(path: lockFile, reason: Self.lastError()) }
        }
        return try body()
    }

    /// What `decode` makes of the file's bytes; `none` when there is no file.
    func load<Marks>(_ decode: ([UInt8]) throws(ViewedMarksFormatError) -> Marks, none: Marks) -> Result<Marks, LoadFailure> {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == ENOENT ? .success(none) : .failure(.unreadable(Self.lastError())) }
        defer { close(descriptor) }
        var status = stat()
        var bytes: [UInt8] = []
        if fstat(descriptor, &status) == 0 { bytes.reserveCapacity(Int(status.st_size) + 1) }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .failure(.unreadable(Self.lastError())) }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        do {
            return .success(try decode(bytes))
        } catch {
            return .failure(.format(error))
        }
    }

    /// Writes `bytes` to `viewed.new`, flushes it and renames it over `viewed`.
    func replace(with bytes: [UInt8]) throws {
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

    static func lastError() -> String { String(cString: strerror(errno)) }
}
