import Foundation

/// The lock a cache directory's writers take turns with: an exclusive `flock` on its file
/// `lock`, which the kernel releases when the holder exits, however it ends (so it is never
/// left stale). Taking it waits a bounded time, so that a stopped writer cannot hang others.
final class CacheLock {
    private let descriptor: Int32

    /// Takes the lock of `directory`, waiting at most `waiting` seconds; `nil` when it cannot.
    init?(directory: String, waiting: Double) {
        let descriptor = open(directory + "/lock", O_RDWR | O_CREAT | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        let deadline = Date(timeIntervalSinceNow: waiting)
        var pause: useconds_t = 1_000
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return nil
        }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                close(descriptor)
                return nil
            }
            usleep(pause)
            pause = min(pause * 2, 50_000)
        }
        self.descriptor = descriptor
    }

    /// Lets go of the lock.
    func release() {
        close(descriptor)
    }
}
