import Glibc

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
    public func unwatch(_ descriptor: Int32) {
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
