import Glibc

/// Small wrappers for the descriptor calls the terminal makes.
enum FileDescriptor {
    /// Writes all of `bytes`, retrying after interruptions and partial writes; gives up
    /// quietly when the descriptor fails (a terminal that hung up).
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }

    /// A pipe whose two ends are non-blocking and closed on exec.
    static func makePipe() throws(TerminalError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .systemCall(name: "pipe", errno: errno) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        return (ends[0], ends[1])
    }

    /// A new, empty temporary file that no directory lists (closed on exec), or -1.
    static func makeUnlinkedFile() -> Int32 {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((directory + "/terminal-ui-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { return -1 }
        unlink(template)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return descriptor
    }

    /// The number of milliseconds `poll` waits for `duration` (rounded up), `-1` for no limit.
    static func pollMilliseconds(_ duration: Duration?) -> Int32 {
        guard let duration else { return -1 }
        if duration <= .zero { return 0 }
        let (seconds, attoseconds) = duration.components
        guard seconds < Int64(Int32.max) / 1000 else { return Int32.max }
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}
