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
    let reportsMouse: Bool
    /// The terminal's descriptor.
    public let descriptor: Int32
    private let savedSettings: termios
    private let wakePipe: (read: Int32, write: Int32)
    private let heldError: Int32
    var reader: InputReader
    var screen: Screen
    /// Whether the terminal is in raw mode on the alternate screen.
    private(set) var isEntered = false

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

extension Terminal {
    /// Waits for the next key, mouse report, resize, resume, readable watched descriptor, or
    /// for `timeout` to pass (forever when `nil`).
    ///
    /// Signals are handled here: SIGWINCH reads the new size (a ``TerminalEvent/resize(_:)``
    /// when it changed); SIGTSTP sent by another process suspends as ``suspend()`` does;
    /// SIGCONT enters raw mode and the alternate screen again (the shell may have changed the
    /// terminal while the program was stopped) and reports ``TerminalEvent/resume(_:)``.
    public func nextEvent(timeout: Duration? = nil) -> TerminalEvent {
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now.advanced(by: $0) }
        while true {
            let remaining = deadline.map { max(clock.now.duration(to: $0), .zero) }
            switch reader.next(timeout: remaining) {
            case .input(let input):
                return TerminalEvent(input)
            case .readable(let watched):
                return .readable(watched)
            case .timeout:
                return .timeout
            case .endOfInput:
                return .hangup
            case .signals(let signals):
                if let event = handle(signals) { return event }
            }
        }
    }

    /// Also wakes ``nextEvent(timeout:)`` when `descriptor` can be read (a file watch, a
    /// pipe from a worker): it reports ``TerminalEvent/readable(_:)``, and the caller reads.
    public func watch(_ descriptor: Int32) {
        if !reader.watched.contains(descriptor) { reader.watched.append(descriptor) }
    }

    /// Stops watching `descriptor`.
    func unwatch(_ descriptor: Int32) {
        reader.watched.removeAll { $0 == descriptor }
    }

    private func handle(_ signals: [Int32]) -> TerminalEvent? {
        guard isEntered else { return nil }
        if signals.contains(SIGTSTP) { suspend() }
        if signals.contains(SIGCONT) {
            applyModes()
            return .resume(screen.size)
        }
        if signals.contains(SIGWINCH) {
            let newSize = size
            if newSize != screen.size {
                screen.resize(to: newSize)
                return .resize(newSize)
            }
        }
        return nil
    }
}

extension termios {
    /// These settings in raw mode, as `cfmakeraw` makes them: no echo, no line editing, no
    /// signals from keys (Ctrl-C, Ctrl-Z, Ctrl-\ arrive as keys), no CR/NL translation on
    /// input, no output processing (every row is placed with a cursor-position sequence,
    /// so no newline is ever written), 8-bit characters; a read returns as soon as one byte
    /// is there.
    func madeRaw() -> termios {
        var raw = self
        cfmakeraw(&raw)
        withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
            controlCharacters[Int(VMIN)] = 1
            controlCharacters[Int(VTIME)] = 0
        }
        return raw
    }
}

/// Why a terminal could not be used.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The terminal device could not be opened (no controlling terminal, for one).
    case cannotOpen(path: String, errno: Int32)
    /// The path is not a terminal.
    case notATerminal(path: String)
    /// Another ``Terminal`` of this process is already entered.
    case alreadyActive
    /// A system call failed.
    case systemCall(name: String, errno: Int32)

    /// One line, as an error message.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let code): "cannot open \(path): \(Self.message(code))"
        case .notATerminal(let path): "\(path) is not a terminal"
        case .alreadyActive: "another terminal session is already active"
        case .systemCall(let name, let code): "\(name) failed: \(Self.message(code))"
        }
    }

    private static func message(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
