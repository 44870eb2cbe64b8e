import Glibc

/// Waits on the terminal, the signal self-pipe and the caller's descriptors with one `poll`,
/// decodes what the terminal sends, and resolves a lone Escape after ``escapeDelay``.
struct InputReader {
    /// Why ``next(timeout:)`` returned.
    enum Wakeup: Hashable {
        /// A decoded input event.
        case input(InputEvent)
        /// Signals arrived through the self-pipe, in order, each once.
        case signals([Int32])
        /// A watched descriptor can be read.
        case readable(Int32)
        /// The timeout passed.
        case timeout
        /// The input ended or failed.
        case endOfInput
    }

    /// The terminal (or, in tests, any descriptor).
    let input: Int32
    /// The read end of the self-pipe.
    let wake: Int32
    /// The caller's descriptors.
    var watched: [Int32] = []
    /// How long an Escape with nothing after it waits before it counts as the Escape key.
    var escapeDelay: Duration
    private var decoder = KeyDecoder()
    private var queued: [InputEvent] = []
    private var lastInput: ContinuousClock.Instant?
    private let clock = ContinuousClock()

    /// A reader of `input` that also wakes for signals written to `wake`.
    init(input: Int32, wake: Int32, escapeDelay: Duration) {
        self.input = input
        self.wake = wake
        self.escapeDelay = escapeDelay
    }

    /// The next thing that happened, waiting at most `timeout` (forever when `nil`).
    mutating func next(timeout: Duration?) -> Wakeup {
        let deadline = timeout.map { clock.now.advanced(by: $0) }
        while true {
            if !queued.isEmpty { return .input(queued.removeFirst()) }
            var descriptors = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
            descriptors += watched.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), FileDescriptor.pollMilliseconds(wait(until: deadline)))
            if ready < 0 && errno != EINTR { return .endOfInput }
            if ready > 0 {
                if descriptors[0].revents != 0, case let signals = drainWake(), !signals.isEmpty {
                    return .signals(signals)
                }
                if descriptors[1].revents != 0 && !readInput() { return .endOfInput }
                if let ready = descriptors.dropFirst(2).first(where: { $0.revents != 0 }), queued.isEmpty {
                    return .readable(ready.fd)
                }
            }
            if decoder.hasPending, let lastInput, clock.now >= lastInput.advanced(by: escapeDelay) {
                queued += decoder.flush()
                self.lastInput = nil
                continue
            }
            if queued.isEmpty, let deadline, clock.now >= deadline { return .timeout }
        }
    }

    /// How long to wait: until the deadline, or until the Escape delay ends if sooner.
    private func wait(until deadline: ContinuousClock.Instant?) -> Duration? {
        var wait = deadline.map { clock.now.duration(to: $0) }
        if decoder.hasPending, let lastInput {
            let escape = clock.now.duration(to: lastInput.advanced(by: escapeDelay))
            wait = min(wait ?? escape, escape)
        }
        return wait.map { max($0, .zero) }
    }

    /// Reads what the input has and decodes it; `false` when it ended or failed.
    private mutating func readInput() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EINTR || errno == EAGAIN }
        if count == 0 { return false }
        queued += decoder.feed(buffer[0..<count])
        lastInput = decoder.hasPending ? clock.now : nil
        return true
    }

    /// The signal numbers in the self-pipe, each once, in the order they first came.
    private func drainWake() -> [Int32] {
        var signals: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(wake, $0.baseAddress, $0.count) }
            guard count > 0 else { return signals }
            for byte in buffer[0..<count] where !signals.contains(Int32(byte)) {
                signals.append(Int32(byte))
            }
        }
    }
}

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
