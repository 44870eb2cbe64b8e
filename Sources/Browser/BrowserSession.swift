import Glibc
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
    /// Where live refresh reads the changes again, if anywhere.
    public let feed: (any ChangeFeed)?

    /// How long a burst of file events may last before the changes are read again.
    static let settleTime = Duration.milliseconds(40)
    /// How long the user pauses before find's candidates of a filtered tree are made.
    static let pauseBeforePreparing = Duration.milliseconds(100)
    /// How often line counts still being made are taken into the tree.
    static let countInterval = Duration.milliseconds(100)
    /// The most line counts a frame takes into the tree; more wait for the next frame, drawn
    /// as soon as no key is waiting.
    static let countsPerFrame = 2048

    /// A session on `terminal`.
    public init(terminal: Terminal, pager: (([UInt8]) -> Void)? = nil, frameLog: FrameLog? = nil,
                feed: (any ChangeFeed)? = nil) {
        self.terminal = terminal
        self.pager = pager
        self.frameLog = frameLog
        self.feed = feed
    }

    /// Shows `preview`'s frame at once (when there is one), then the browser `makeBrowser`
    /// builds (its first frame is the same), until it quits or the terminal hangs up; keys
    /// typed meanwhile wait for it.
    /// `ready` is when the changes were ready, for the timings of the first frame and of the
    /// browser being ready for keys; `started` when the command started, for the time from it
    /// to the first frame and to every line count shown. An error of `makeBrowser` is thrown
    /// as it is, with the terminal restored.
    ///
    /// Line counts still to be made (``BrowserConfiguration/lineCounts``) are started once the
    /// first frame is drawn, and taken into the tree every ``countInterval``, between keys,
    /// a frame drawn for them.
    public func run(preview: BrowserPreview?, ready: ContinuousClock.Instant, started: ContinuousClock.Instant? = nil,
                    browser makeBrowser: () throws -> Browser) throws {
        try terminal.enter()
        defer { terminal.restore() }
        let clock = ContinuousClock()
        if let preview {
            terminal.present(preview.frame(size: terminal.size))
            frameLog?.record("first-frame", ready.duration(to: clock.now))
            if let started { frameLog?.record("start-to-first-frame", started.duration(to: clock.now)) }
            if !preview.isCountingLines { frameLog?.record("counts-complete", (started ?? ready).duration(to: clock.now)) }
            preview.startLineCounts()
        }
        var browser = try makeBrowser()
        browser.resize(to: terminal.size)
        terminal.present(browser.frame())
        if preview == nil {
            frameLog?.record("first-frame", ready.duration(to: clock.now))
            if let started { frameLog?.record("start-to-first-frame", started.duration(to: clock.now)) }
            if !browser.isCountingLines { frameLog?.record("counts-complete", (started ?? ready).duration(to: clock.now)) }
        }
        frameLog?.record("browser-ready", ready.duration(to: clock.now))
        browser.startLineCounts()
        browser.prepareFinder()
        if let descriptor = feed?.descriptor { terminal.watch(descriptor) }
        var refreshPending = false
        var nextCounts = clock.now
        while true {
            if browser.isCountingLines && clock.now >= nextCounts {
                showCounts(in: &browser, clock: clock, started: started ?? ready)
                nextCounts = browser.hasCountsWaiting ? clock.now : clock.now + Self.countInterval
            }
            let polling = feed.flatMap { $0.descriptor == nil ? $0.pollInterval : nil }
            let pause = browser.awaitsFinder ? Self.pauseBeforePreparing : nil
            let counts = browser.isCountingLines ? max(clock.now.duration(to: nextCounts), .zero) : nil
            let event = terminal.nextEvent(timeout: refreshPending ? Self.settleTime
                                                   : [polling, pause, counts].compactMap { $0 }.min())
            let start = clock.now
            var effect = BrowserEffect.none
            switch event {
            case .key(let key): effect = browser.handle(.key(key))
            case .mouse(let mouse): effect = browser.handle(.mouse(mouse))
            case .focus: continue
            case .readable:
                feed?.drain()
                refreshPending = true
                continue
            case .timeout:
                if !refreshPending { browser.prepareFinderFromModel() }
                if !refreshPending && browser.isCountingLines && clock.now >= nextCounts { continue }
                guard refreshPending || polling != nil else { continue }
                refreshPending = false
                guard let changes = feed?.changes(), browser.update(changes: changes) else { continue }
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
            browser.prepareFinder()
        }
    }

    /// Takes the line counts made so far into `browser` and draws them (the frame log's
    /// `counts` line), and once every count is in, says how long after `started` that was
    /// (`counts-complete`).
    private func showCounts(in browser: inout Browser, clock: ContinuousClock, started: ContinuousClock.Instant) {
        let start = clock.now
        let before = browser.countsTaken
        guard browser.takeLineCounts(limit: Self.countsPerFrame) else { return }
        terminal.present(browser.frame())
        frameLog?.record("counts \(browser.countsTaken - before)", start.duration(to: clock.now))
        if !browser.isCountingLines { frameLog?.record("counts-complete", started.duration(to: clock.now)) }
    }

    private static func describe(_ event: TerminalEvent) -> String {
        switch event {
        case .key(let key): "key \(key)"
        case .mouse(let mouse): "mouse \(mouse)"
        case .resize(let size): "resize \(size)"
        case .timeout: "refresh"
        case .resume(let size): "resume \(size)"
        default: "event"
        }
    }
}

/// Frame timings, one line each, for benchmarks (`TREEREVIEW_FRAME_LOG=<file>`):
///
///     first-frame 41.372
///     start-to-first-frame 612.408
///     browser-ready 388.650
///     counts 4096 1.710
///     counts-complete 3012.955
///     key j 0.914
///     mouse scroll down at 10,5 1.203
///     resize 100x30 2.051
///
/// `first-frame` is the time from the changes being ready to the first frame written (drawn
/// from the change tree, ``BrowserPreview``), `start-to-first-frame` the time from the
/// command's start to it; `browser-ready` the time from the changes being ready to the
/// browser's model built and answering keys; each next line the time from an event being read
/// to its frame written (`counts N`: N line counts taken into the tree and drawn), and
/// `counts-complete` the time from the command's start to the frame showing every line
/// count (written after the first frame's lines when that frame shows them all); in
/// milliseconds.
public final class FrameLog {
    private let descriptor: Int32

    /// A log appending to the file at `path` (created when missing), or `nil` when it cannot
    /// be opened.
    public init?(path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Logs `what` as taking `duration`.
    public func record(_ what: String, _ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        let fraction = String(microseconds % 1000)
        let line = "\(what) \(microseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)\n"
        let bytes = Array(line.utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
