import TerminalUI

/// Runs a ``Browser`` on a terminal: enters it (raw mode, alternate screen, mouse), draws a
/// frame after every event, and puts the terminal back when the browser quits (signals and
/// crashes restore it too: ``Terminal``). Ctrl-Z suspends; the pager runs with the terminal
/// restored.
public struct BrowserSession {
    /// The terminal drawn on.
    public let terminal: Terminal
    /// Shows text in the pager (`o`), with the terminal restored; `nil` when there is none.
    public let pager: (([UInt8]) -> Void)?
    /// Where frame timings go, if anywhere.
    public let frameLog: FrameLog?

    /// A session on `terminal`.
    public init(terminal: Terminal, pager: (([UInt8]) -> Void)? = nil, frameLog: FrameLog? = nil) {
        self.terminal = terminal
        self.pager = pager
        self.frameLog = frameLog
    }

    /// Shows `browser` until it quits or the terminal hangs up. `ready` is when the changes
    /// were ready, for the first frame's timing.
    public func run(_ browser: inout Browser, ready: ContinuousClock.Instant) throws(TerminalError) {
        let clock = ContinuousClock()
        try terminal.enter()
        defer { terminal.restore() }
        browser.resize(to: terminal.size)
        terminal.present(browser.frame())
        frameLog?.record("first-frame", ready.duration(to: clock.now))
        while true {
            let event = terminal.nextEvent()
            let start = clock.now
            var effect = BrowserEffect.none
            switch event {
            case .key(let key): effect = browser.handle(.key(key))
            case .mouse(let mouse): effect = browser.handle(.mouse(mouse))
            case .focus, .readable, .timeout: continue
            case .resize(let size), .resume(let size): browser.resize(to: size)
            case .hangup: return
            }
            switch effect {
            case .quit:
                return
            case .suspend:
                terminal.suspend()
                continue
            case .redraw:
                terminal.restore()
                try terminal.enter()
                browser.resize(to: terminal.size)
            case .page(let text):
                terminal.restore()
                pager?(text)
                try terminal.enter()
                browser.resize(to: terminal.size)
            case .none:
                break
            }
            terminal.present(browser.frame())
            frameLog?.record(Self.describe(event), start.duration(to: clock.now))
        }
    }

    private static func describe(_ event: TerminalEvent) -> String {
        switch event {
        case .key(let key): "key \(key)"
        case .mouse(let mouse): "mouse \(mouse)"
        case .resize(let size): "resize \(size)"
        case .resume(let size): "resume \(size)"
        default: "event"
        }
    }
}
