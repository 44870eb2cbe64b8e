/// What ``Terminal/nextEvent(timeout:)`` reports.
public enum TerminalEvent: Hashable, Sendable {
    /// A key press.
    case key(KeyEvent)
    /// A mouse report.
    case mouse(MouseEvent)
    /// The terminal window gained (`true`) or lost (`false`) focus.
    case focus(Bool)
    /// The terminal has a new size; the next frame is written whole.
    case resize(TerminalSize)
    /// The program was continued after a stop (Ctrl-Z, SIGTSTP, SIGSTOP): the terminal is in
    /// raw mode on the alternate screen again, and the next frame is written whole.
    case resume(TerminalSize)
    /// A descriptor given to ``Terminal/watch(_:)`` can be read.
    case readable(Int32)
    /// The timeout passed with nothing else to report.
    case timeout
    /// The terminal is gone (its reads end or fail); nothing more will come.
    case hangup

    /// The event of a decoded input event.
    init(_ input: InputEvent) {
        switch input {
        case .key(let key): self = .key(key)
        case .mouse(let mouse): self = .mouse(mouse)
        case .focus(let focused): self = .focus(focused)
        }
    }
}
