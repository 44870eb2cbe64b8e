import Glibc

/// The terminal a full-screen program runs in: raw mode, the alternate screen, mouse
/// reports, and putting everything back however the program ends.
///
/// It opens the terminal device itself (`/dev/tty`), so standard input can still carry data
/// (a change list for `--stdin`) and standard output can be redirected. ``enter()`` saves the
/// terminal settings, switches to raw mode and writes ``ControlSequences/enter(mouse:)``;
/// ``restore()`` writes ``ControlSequences/restore(mouse:)`` and puts the saved settings
/// back. Restoring also happens on SIGTERM, SIGHUP, SIGINT, SIGQUIT and on a crash (see
/// ``SignalBridge``), and around a suspension (``suspend()``). Only one terminal of a process
/// can be entered at a time.
///
/// In raw mode Ctrl-C and Ctrl-Z are keys, not signals: the program decides (quit, or call
/// ``suspend()``). Use it from one thread.
public final class Terminal {
    /// Whether mouse reports are turned on.
    public let reportsMouse: Bool
    /// The terminal's descriptor.
    public let descriptor: Int32
    private let savedSettings: termios
    private let wakePipe: (read: Int32, write: Int32)
    private let heldError: Int32
    var reader: InputReader
    var screen: Screen
    /// Whether the terminal is in raw mode on the alternate screen.
    public private(set) var isEntered = false

    /// Opens the terminal at `path` and saves its settings; nothing changes until ``enter()``.
    /// - Parameters:
    ///   - path: the terminal device; `/dev/tty` is the process's controlling terminal.
    ///   - reportsMouse: whether to turn on mouse reports (clicks, wheel, drags).
    ///   - escapeDelay: how long a lone Escape waits for the rest of a sequence.
    ///   - holdsStandardError: whether standard error, when it is a terminal, goes to a
    ///     temporary file while the terminal is entered and is written out at the restore.
    public init(
        path: String = "/dev/tty", reportsMouse: Bool = true, escapeDelay: Duration = .milliseconds(25),
        holdsStandardError: Bool = true
    ) throws(TerminalError) {
        let descriptor = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        var settings = termios()
        guard isatty(descriptor) == 1, tcgetattr(descriptor, &settings) == 0 else {
            close(descriptor)
            throw .notATerminal(path: path)
        }
        let wakePipe: (read: Int32, write: Int32)
        do {
            wakePipe = try FileDescriptor.makePipe()
        } catch {
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        self.reportsMouse = reportsMouse
        self.savedSettings = settings
        self.wakePipe = wakePipe
        self.heldError = holdsStandardError ? FileDescriptor.makeUnlinkedFile() : -1
        self.reader = InputReader(input: descriptor, wake: wakePipe.read, escapeDelay: escapeDelay)
        self.screen = Screen(size: TerminalSize(columns: 80, rows: 24))
    }

    deinit {
        restore()
        close(descriptor)
        close(wakePipe.read)
        close(wakePipe.write)
        if heldError >= 0 { close(heldError) }
    }

    /// The terminal's size now, as the kernel knows it (80x24 if it does not say).
    public var size: TerminalSize {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return TerminalSize(columns: 80, rows: 24)
        }
        return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }

    /// Installs the signal handlers, switches to raw mode and the alternate screen, and clears
    /// it. Does nothing when already entered.
    /// - Throws: ``TerminalError/alreadyActive`` when another terminal is entered.
    public func enter() throws(TerminalError) {
        guard !isEntered else { return }
        try SignalBridge.install(
            terminal: descriptor, wake: wakePipe.write, savedSettings: savedSettings,
            restoreBytes: ControlSequences.restore(mouse: reportsMouse))
        isEntered = true
        applyModes()
    }

    /// Leaves the alternate screen, turns every mode off, puts the saved settings back and
    /// removes the signal handlers. Safe to call any number of times; ``enter()`` may follow
    /// (around running an editor, say).
    public func restore() {
        guard isEntered else { return }
        leaveModes()
        SignalBridge.uninstall()
        isEntered = false
    }

    /// Restores the terminal and stops the process as Ctrl-Z does in a shell; when the shell
    /// continues it (`fg`), enters raw mode and the alternate screen again. The next event is
    /// ``TerminalEvent/resume(_:)``: draw the whole frame then.
    public func suspend() {
        guard isEntered else { return }
        leaveModes()
        SignalBridge.stopProcess()
        applyModes()
    }

    /// Shows `frame`, writing only the rows that changed since the last one, in one write.
    public func present(_ frame: Frame) {
        let bytes = screen.render(frame)
        if !bytes.isEmpty { FileDescriptor.writeAll(descriptor, bytes) }
    }

    /// Raw mode, the modes on, a cleared screen that the next frame fills whole; standard
    /// error held until the restore.
    func applyModes() {
        SignalBridge.activate(holdingErrorsIn: heldError)
        var raw = savedSettings.madeRaw()
        _ = tcsetattr(descriptor, TCSADRAIN, &raw)
        FileDescriptor.writeAll(descriptor, ControlSequences.enter(mouse: reportsMouse))
        screen.resize(to: size)
    }

    /// The modes off, the saved settings and standard error back; the handlers kept.
    private func leaveModes() {
        SignalBridge.restoreTerminal()
    }
}
