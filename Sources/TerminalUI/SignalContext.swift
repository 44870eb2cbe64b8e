import Glibc

/// What the signal handlers need, in memory allocated once for the life of the process, so
/// a handler reads plain values and calls only async-signal-safe functions (`write`, `read`,
/// `lseek`, `ftruncate`, `dup2`, `tcsetattr`, `sigaction`, `raise`): no locks, no
/// allocation, no reference counting.
///
/// ``restoreTerminal()`` is the one way back to the user's terminal, for ``Terminal/restore()``
/// and for the handlers alike.
struct SignalContext {
    /// The most bytes the restore sequence may have.
    static let restoreCapacity = 256
    /// One more than the highest signal number.
    static let signalLimit = 65
    /// The size of the alternate signal stack, so a stack overflow can still restore.
    static let alternateStackSize = 128 * 1024
    /// The size of the buffer that copies held standard error out.
    static let copyCapacity = 4096

    /// The terminal's descriptor.
    var terminal: Int32 = -1
    /// The write end of the self-pipe that wakes the event loop.
    var wake: Int32 = -1
    /// The terminal settings from before raw mode.
    var savedSettings = termios()
    /// The restore sequence (``ControlSequences/restore(mouse:)``).
    var restoreBytes: UnsafeMutablePointer<UInt8>
    /// How many bytes of ``restoreBytes`` are used.
    var restoreCount = 0
    /// 1 while the terminal is in raw mode and must be restored.
    var isActive: sig_atomic_t = 0
    /// The file that holds what is written to standard error while the terminal is entered.
    var heldError: Int32 = -1
    /// The real standard error while it is held, else -1.
    var originalError: Int32 = -1
    /// The buffer that copies held standard error out.
    var copyBuffer: UnsafeMutablePointer<UInt8>
    /// The action of each signal before ours, indexed by signal number.
    var previousActions: UnsafeMutablePointer<sigaction>
    /// Whether ours is installed, indexed by signal number.
    var installed: UnsafeMutablePointer<Bool>
    /// The memory of the alternate signal stack.
    var alternateStack: UnsafeMutableRawPointer
    /// The thread's alternate signal stack before ours.
    var previousStack = stack_t()
    /// The thread's signal mask before ours.
    var previousMask = sigset_t()

    /// A context with its buffers allocated.
    static func allocate() -> UnsafeMutablePointer<SignalContext> {
        let context = UnsafeMutablePointer<SignalContext>.allocate(capacity: 1)
        let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: signalLimit)
        actions.initialize(repeating: sigaction(), count: signalLimit)
        let installed = UnsafeMutablePointer<Bool>.allocate(capacity: signalLimit)
        installed.initialize(repeating: false, count: signalLimit)
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: restoreCapacity)
        bytes.initialize(repeating: 0, count: restoreCapacity)
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: copyCapacity)
        copy.initialize(repeating: 0, count: copyCapacity)
        let stack = UnsafeMutableRawPointer.allocate(byteCount: alternateStackSize, alignment: 16)
        context.initialize(to: SignalContext(
            restoreBytes: bytes, copyBuffer: copy, previousActions: actions, installed: installed,
            alternateStack: stack))
        return context
    }

    /// Writes the restore sequence, puts the saved settings back, then gives standard error
    /// back and copies out what was held, once: a handler and ``Terminal/restore()`` racing
    /// both end with a restored terminal.
    mutating func restoreTerminal() {
        guard isActive != 0 else { return }
        isActive = 0
        _ = write(terminal, restoreBytes, restoreCount)
        _ = tcsetattr(terminal, TCSANOW, &savedSettings)
        releaseStandardError()
    }

    /// Sends standard error to ``heldError`` (when it is a terminal) until the restore.
    mutating func holdStandardError() {
        guard heldError >= 0, originalError < 0, isatty(STDERR_FILENO) == 1 else { return }
        let original = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0)
        guard original >= 0 else { return }
        originalError = original
        _ = dup2(heldError, STDERR_FILENO)
    }

    /// Puts the real standard error back and writes to it what was held meanwhile.
    private mutating func releaseStandardError() {
        guard originalError >= 0 else { return }
        _ = dup2(originalError, STDERR_FILENO)
        _ = close(originalError)
        originalError = -1
        _ = lseek(heldError, 0, SEEK_SET)
        while true {
            let count = read(heldError, copyBuffer, Self.copyCapacity)
            guard count > 0 else { break }
            _ = write(STDERR_FILENO, copyBuffer, count)
        }
        _ = ftruncate(heldError, 0)
        _ = lseek(heldError, 0, SEEK_SET)
    }
}
