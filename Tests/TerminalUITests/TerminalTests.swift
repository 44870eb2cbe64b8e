import Glibc
import TestSupport
import Testing
@testable import TerminalUI

/// The terminal on a pseudo-terminal, in this process. Serialized: an entered terminal owns
/// the process's signal handlers, so these tests take turns with every suite marked
/// `.processSignals`. Standard error is not held (it is the test runner's).
@Suite(.serialized, .processSignals) struct TerminalTests {
    private let mouseModes = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"

    @Test func restoreSequenceUndoesEveryModeInReverse() {
        let restore = String(decoding: ControlSequences.restore(mouse: true), as: UTF8.self)
        #expect(restore == "\u{1B}[0m\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l")
        for (on, off) in ControlSequences.modes(mouse: true) {
            #expect(on.dropLast() == off.dropLast())
            #expect(Set([on.last, off.last]) == Set([UInt8(ascii: "h"), UInt8(ascii: "l")]))
        }
        let enter = String(decoding: ControlSequences.enter(mouse: false), as: UTF8.self)
        #expect(enter.hasPrefix("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?2004l"))
        #expect(!enter.contains("1000h"))
    }

    @Test func entersRawModeAndRestoresExactly() throws {
        let pty = PseudoTerminal(columns: 100, rows: 30)
        let before = pty.settings
        let terminal = try Terminal(path: pty.path, holdsStandardError: false)
        #expect(terminal.size == TerminalSize(columns: 100, rows: 30))
        try terminal.enter()
        #expect(pty.output() == ControlSequences.enter(mouse: true))
        let raw = pty.settings
        #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG | IEXTEN) == 0)
        #expect(raw.c_iflag & tcflag_t(ICRNL | IXON) == 0)
        #expect(raw.c_oflag & tcflag_t(OPOST) == 0)
        terminal.restore()
        #expect(pty.output() == ControlSequences.restore(mouse: true))
        #expect(sameSettings(pty.settings, before))
        terminal.restore()
        #expect(pty.output().isEmpty)
    }

    @Test func handlersAreRemovedOnRestore() throws {
        let pty = PseudoTerminal()
        var before = sigaction()
        sigaction(SIGTERM, nil, &before)
        let terminal = try Terminal(path: pty.path, holdsStandardError: false)
        try terminal.enter()
        var during = sigaction()
        sigaction(SIGTERM, nil, &during)
        #expect(handlerAddress(during) != handlerAddress(before))
        terminal.restore()
        var after = sigaction()
        sigaction(SIGTERM, nil, &after)
        #expect(handlerAddress(after) == handlerAddress(before))
    }

    @Test func handledSignalsAreUnblockedWhileEntered() throws {
        var original = sigset_t()
        pthread_sigmask(SIG_SETMASK, nil, &original)
        defer { pthread_sigmask(SIG_SETMASK, &original, nil) }
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for signal in [SIGWINCH, SIGTERM, SIGTSTP] { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        let pty = PseudoTerminal()
        let terminal = try Terminal(path: pty.path, holdsStandardError: false)
        try terminal.enter()
        var during = sigset_t()
        pthread_sigmask(SIG_SETMASK, nil, &during)
        #expect([SIGWINCH, SIGTERM, SIGTSTP].allSatisfy { sigismember(&during, $0) == 0 })
        terminal.restore()
        var after = sigset_t()
        pthread_sigmask(SIG_SETMASK, nil, &after)
        #expect([SIGWINCH, SIGTERM, SIGTSTP].allSatisfy { sigismember(&after, $0) == 1 })
    }

    private func handlerAddress(_ action: sigaction) -> Int {
        action.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) } ?? 0
    }

    @Test func onlyOneTerminalIsEnteredAtATime() throws {
        let pty = PseudoTerminal()
        let first = try Terminal(path: pty.path, holdsStandardError: false)
        let second = try Terminal(path: pty.path, holdsStandardError: false)
        try first.enter()
        #expect(throws: TerminalError.alreadyActive) { try second.enter() }
        first.restore()
        try second.enter()
        second.restore()
    }

    @Test func refusesWhatIsNotATerminal() {
        #expect(throws: TerminalError.notATerminal(path: "/dev/null")) { try Terminal(path: "/dev/null") }
        #expect(throws: TerminalError.cannotOpen(path: "/nonexistent/tty", errno: ENOENT)) {
            try Terminal(path: "/nonexistent/tty")
        }
    }

    @Test func decodesTypedKeysAndControlKeys() throws {
        let pty = PseudoTerminal()
        let terminal = try Terminal(path: pty.path, holdsStandardError: false)
        try terminal.enter()
        defer { terminal.restore() }
        pty.type(Array("j\u{1B}[B\u{03}\u{1A}\r\u{1B}[<0;3;2M".utf8))
        var events: [TerminalEvent] = []
        for _ in 0..<6 { events.append(terminal.nextEvent(timeout: .seconds(30))) }
        #expect(events == [
            .key(.character("j")), .key(KeyEvent(.down)), .key(.control("c")), .key(.control("z")),
            .key(KeyEvent(.enter)), .mouse(MouseEvent(.press(.left), column: 2, row: 1)),
        ])
        #expect(terminal.nextEvent(timeout: .milliseconds(30)) == .timeout)
    }

    @Test func loneEscapeComesAfterTheDelay() throws {
        let pty = PseudoTerminal()
        let terminal = try Terminal(path: pty.path, holdsStandardError: false)
        try terminal.enter()
        defer { terminal.restore() }
        let clock = ContinuousClock()
        let start = clock.now
        pty.type([0x1B])
        #expect(terminal.nextEvent(timeout: .seconds(30)) == .key(KeyEvent(.escape)))
        #expect(clock.now - start >= .milliseconds(25))
    }

    @Test func resizeSignalReportsTheNewSizeAndRedrawsWhole() throws {
        let pty = PseudoTerminal(columns: 80, rows: 24)
        let terminal = try Terminal(path: pty.path, holdsStandardError: false)
        try terminal.enter()
        defer { terminal.restore() }
        terminal.present(Frame(rows: [Line(ascii: "hello")]))
        terminal.present(Frame(rows: [Line(ascii: "hello")]))
        _ = pty.output()
        pty.resize(columns: 60, rows: 20)
        kill(getpid(), SIGWINCH)
        #expect(terminal.nextEvent(timeout: .seconds(30)) == .resize(TerminalSize(columns: 60, rows: 20)))
        terminal.present(Frame(rows: [Line(ascii: "hello")]))
        #expect(String(decoding: pty.output(), as: UTF8.self).contains("\u{1B}[2J\u{1B}[1;1Hhello"))
        kill(getpid(), SIGWINCH)
        #expect(terminal.nextEvent(timeout: .milliseconds(100)) == .timeout)
    }

    @Test func continueSignalEntersAgainAndReportsResume() throws {
        let pty = PseudoTerminal(columns: 70, rows: 10)
        let terminal = try Terminal(path: pty.path, holdsStandardError: false)
        try terminal.enter()
        defer { terminal.restore() }
        _ = pty.output()
        var cooked = pty.settings
        cooked.c_lflag |= tcflag_t(ICANON | ECHO)
        tcsetattr(pty.child, TCSANOW, &cooked)
        kill(getpid(), SIGCONT)
        #expect(terminal.nextEvent(timeout: .seconds(30)) == .resume(TerminalSize(columns: 70, rows: 10)))
        #expect(pty.output() == ControlSequences.enter(mouse: true))
        #expect(pty.settings.c_lflag & tcflag_t(ICANON | ECHO) == 0)
    }

    @Test func watchedDescriptorsWakeTheLoop() throws {
        let pty = PseudoTerminal()
        let terminal = try Terminal(path: pty.path, holdsStandardError: false)
        try terminal.enter()
        defer { terminal.restore() }
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        terminal.watch(ends[0])
        #expect(terminal.nextEvent(timeout: .milliseconds(30)) == .timeout)
        _ = write(ends[1], "x", 1)
        #expect(terminal.nextEvent(timeout: .seconds(30)) == .readable(ends[0]))
        terminal.unwatch(ends[0])
        #expect(terminal.nextEvent(timeout: .milliseconds(30)) == .timeout)
    }

    @Test func presentWritesOneFrameAndNothingWhenUnchanged() throws {
        let pty = PseudoTerminal(columns: 20, rows: 3)
        let terminal = try Terminal(path: pty.path, reportsMouse: false, holdsStandardError: false)
        try terminal.enter()
        defer { terminal.restore() }
        #expect(!String(decoding: pty.output(), as: UTF8.self).contains(mouseModes))
        terminal.present(Frame(rows: [Line(ascii: "one"), Line(ascii: "two")]))
        var emulator = ScreenEmulator(columns: 20, rows: 3)
        emulator.apply(pty.output())
        #expect(emulator.text == ["one", "two", ""])
        terminal.present(Frame(rows: [Line(ascii: "one"), Line(ascii: "two")]))
        #expect(pty.output().isEmpty)
    }

    @Test func hangupEndsTheEvents() throws {
        var pty: PseudoTerminal? = PseudoTerminal()
        let terminal = try Terminal(path: pty!.path, holdsStandardError: false)
        try terminal.enter()
        defer { terminal.restore() }
        pty = nil
        #expect(terminal.nextEvent(timeout: .seconds(30)) == .hangup)
    }
}
