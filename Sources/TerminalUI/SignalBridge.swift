import Glibc

/// Connects the process's signals to the one entered ``Terminal``.
///
/// - SIGWINCH, SIGTSTP, SIGCONT write their number to the self-pipe; the event loop turns
///   them into a resize, a suspension, a resume.
/// - SIGTERM, SIGHUP, SIGINT, SIGQUIT restore the terminal, put the previous action back and
///   raise the signal again, so the process ends as it would have (a signal that was ignored
///   when the terminal was entered, as under `nohup`, stays ignored).
/// - SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGTRAP, SIGFPE, SIGSYS (a crash, `fatalError`, a
///   failed precondition) restore the terminal on an alternate stack, put the previous action
///   back, and let the fault happen again (or raise the signal again when it was sent), so a
///   core dump or Swift's backtrace comes out on the main screen.
///
/// Restoring also copies out what standard error received while the terminal was entered
/// (held in a file so it cannot scribble on the screen), so `fatalError`'s message is seen.
enum SignalBridge {
    /// The state the handlers read. Signal handlers cannot capture anything, so this is the
    /// module's one process-wide variable; it is set once and its memory is never freed.
    nonisolated(unsafe) private static var shared: UnsafeMutablePointer<SignalContext>?

    /// Signals the event loop handles.
    static let forwarded: [Int32] = [SIGWINCH, SIGTSTP, SIGCONT]
    /// Signals that end the process after the terminal is restored.
    static let terminating: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]
    /// Signals of a crash.
    static let crashing: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGTRAP, SIGFPE, SIGSYS]

    /// Installs the handlers for a terminal that is about to enter raw mode.
    static func install(
        terminal: Int32, wake: Int32, savedSettings: termios, restoreBytes: [UInt8]
    ) throws(TerminalError) {
        let context = shared ?? SignalContext.allocate()
        shared = context
        guard context.pointee.terminal < 0 else { throw .alreadyActive }
        context.pointee.terminal = terminal
        context.pointee.wake = wake
        context.pointee.savedSettings = savedSettings
        let count = min(restoreBytes.count, SignalContext.restoreCapacity)
        context.pointee.restoreBytes.update(from: restoreBytes, count: count)
        context.pointee.restoreCount = count
        installAlternateStack(context)
        unblockHandledSignals(context)
        for signal in forwarded { install(signal, handler: .forward, in: context) }
        for signal in terminating { install(signal, handler: .terminate, in: context) }
        for signal in crashing { install(signal, handler: .crash, in: context) }
    }

    /// Marks the terminal as in raw mode, so a handler restores it, and holds standard error
    /// in `heldError` (an unlinked file, or -1 to leave it alone) until the restore.
    static func activate(holdingErrorsIn heldError: Int32) {
        guard let context = shared else { return }
        context.pointee.heldError = heldError
        context.pointee.isActive = 1
        context.pointee.holdStandardError()
    }

    /// Restores the terminal now (``SignalContext/restoreTerminal()``); the handlers stay.
    static func restoreTerminal() {
        shared?.pointee.restoreTerminal()
    }

    /// Puts every previous action, the previous alternate stack and signal mask back.
    static func uninstall() {
        guard let context = shared, context.pointee.terminal >= 0 else { return }
        context.pointee.restoreTerminal()
        for signal in forwarded + terminating + crashing where context.pointee.installed[Int(signal)] {
            _ = sigaction(signal, context.previousActionPointer(signal), nil)
            context.pointee.installed[Int(signal)] = false
        }
        _ = sigaltstack(&context.pointee.previousStack, nil)
        _ = pthread_sigmask(SIG_SETMASK, &context.pointee.previousMask, nil)
        context.pointee.terminal = -1
        context.pointee.wake = -1
    }

    /// Stops the process as SIGTSTP's default action does, and returns once it is continued.
    ///
    /// The signal is raised on the calling thread with the default action and unblocked there
    /// (worker threads block such signals), so the stop happens before `raise` returns; then
    /// our handler and the thread's mask are put back.
    static func stopProcess() {
        var action = sigaction()
        var ours = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        _ = sigaction(SIGTSTP, &action, &ours)
        var unblock = sigset_t()
        var previousMask = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGTSTP)
        _ = pthread_sigmask(SIG_UNBLOCK, &unblock, &previousMask)
        _ = raise(SIGTSTP)
        _ = pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        _ = sigaction(SIGTSTP, &ours, nil)
    }

    private static func installAlternateStack(_ context: UnsafeMutablePointer<SignalContext>) {
        var stack = stack_t()
        stack.ss_sp = context.pointee.alternateStack
        stack.ss_size = SignalContext.alternateStackSize
        stack.ss_flags = 0
        _ = sigaltstack(&stack, &context.pointee.previousStack)
    }

    /// Unblocks the forwarded and terminating signals on this thread: a program started with
    /// them blocked (a child inherits its parent's mask) would otherwise never see them.
    private static func unblockHandledSignals(_ context: UnsafeMutablePointer<SignalContext>) {
        var handled = sigset_t()
        sigemptyset(&handled)
        for signal in forwarded + terminating { sigaddset(&handled, signal) }
        _ = pthread_sigmask(SIG_UNBLOCK, &handled, &context.pointee.previousMask)
    }

    private static func install(
        _ signal: Int32, handler: SignalHandler, in context: UnsafeMutablePointer<SignalContext>
    ) {
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        switch handler {
        case .forward:
            action.__sigaction_handler.sa_handler = forwardSignal
            action.sa_flags = Int32(SA_RESTART)
        case .terminate:
            action.__sigaction_handler.sa_handler = terminateOnSignal
            action.sa_flags = Int32(SA_RESTART)
        case .crash:
            action.__sigaction_handler.sa_sigaction = restoreOnCrash
            action.sa_flags = Int32(SA_SIGINFO | SA_ONSTACK)
        }
        let previous = context.previousActionPointer(signal)
        guard sigaction(signal, nil, previous) == 0 else { return }
        if handler == .terminate && isIgnored(previous.pointee) { return }
        if sigaction(signal, &action, nil) == 0 { context.pointee.installed[Int(signal)] = true }
    }

    private static func isIgnored(_ action: sigaction) -> Bool {
        guard let handler = action.__sigaction_handler.sa_handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Which handler a signal gets.
    private enum SignalHandler { case forward, terminate, crash }

    /// Wakes the event loop: the signal's number into the self-pipe.
    private static let forwardSignal: @convention(c) (Int32) -> Void = { signal in
        let savedErrno = errno
        if let context = shared, context.pointee.wake >= 0 {
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = write(context.pointee.wake, &byte, 1)
        }
        errno = savedErrno
    }

    /// Restores the terminal, then ends the process with the signal's previous action.
    private static let terminateOnSignal: @convention(c) (Int32) -> Void = { signal in
        guard let context = shared else { return }
        context.pointee.restoreTerminal()
        _ = sigaction(signal, context.previousActionPointer(signal), nil)
        context.pointee.installed[Int(signal)] = false
        _ = raise(signal)
    }

    /// Restores the terminal, then hands the crash to the previous action: a fault happens
    /// again when the handler returns; a sent signal (abort, kill) or a trap is raised again.
    private static let restoreOnCrash: @convention(c) (
        Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?
    ) -> Void = { signal, info, _ in
        guard let context = shared else { return }
        context.pointee.restoreTerminal()
        _ = sigaction(signal, context.previousActionPointer(signal), nil)
        context.pointee.installed[Int(signal)] = false
        let sent = (info?.pointee.si_code ?? 0) <= 0
        if sent || signal == SIGTRAP || signal == SIGABRT { _ = raise(signal) }
    }
}

extension UnsafeMutablePointer where Pointee == SignalContext {
    /// Where the action of `signal` from before ours is kept.
    func previousActionPointer(_ signal: Int32) -> UnsafeMutablePointer<sigaction> {
        pointee.previousActions + Int(signal)
    }
}

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
