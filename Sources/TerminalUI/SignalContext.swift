import Glibc

/// What the signal handlers need, in memory allocated once for the life of the process, so
/// a handler reads plain values and calls only `write`, `tcsetattr`, `sigaction` and `raise`
/// (all async-signal-safe): no locks, no allocation, no reference counting.
struct SignalContext {
    /// The most bytes the restore sequence may have.
    static let restoreCapacity = 256
    /// One more than the highest signal number.
    static let signalLimit = 65
    /// The size of the alternate signal stack, so a stack overflow can still restore.
    static let alternateStackSize = 128 * 1024

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
    /// The action of each signal before ours, indexed by signal number.
    var previousActions: UnsafeMutablePointer<sigaction>
    /// Whether ours is installed, indexed by signal number.
    var installed: UnsafeMutablePointer<Bool>
    /// The memory of the alternate signal stack.
    var alternateStack: UnsafeMutableRawPointer
    /// The thread's alternate signal stack before ours.
    var previousStack = stack_t()

    /// A context with its buffers allocated.
    static func allocate() -> UnsafeMutablePointer<SignalContext> {
        let context = UnsafeMutablePointer<SignalContext>.allocate(capacity: 1)
        let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: signalLimit)
        actions.initialize(repeating: sigaction(), count: signalLimit)
        let installed = UnsafeMutablePointer<Bool>.allocate(capacity: signalLimit)
        installed.initialize(repeating: false, count: signalLimit)
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: restoreCapacity)
        bytes.initialize(repeating: 0, count: restoreCapacity)
        let stack = UnsafeMutableRawPointer.allocate(byteCount: alternateStackSize, alignment: 16)
        context.initialize(to: SignalContext(
            restoreBytes: bytes, previousActions: actions, installed: installed, alternateStack: stack))
        return context
    }

    /// Writes the restore sequence and puts the saved settings back, once: a handler and
    /// ``Terminal/restore()`` racing both end with a restored terminal.
    mutating func restoreTerminal() {
        guard isActive != 0 else { return }
        _ = write(terminal, restoreBytes, restoreCount)
        _ = tcsetattr(terminal, TCSANOW, &savedSettings)
        isActive = 0
    }
}
