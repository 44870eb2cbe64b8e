import Foundation
import Testing
import TestSupport
@testable import TreeReviewCLI

/// The pager process itself: a shell command fed through a pipe, waited for, and signal
/// handling given back afterwards. Serialized, and taking turns with every suite marked
/// `.processSignals` (`TerminalTests` installs handlers): signal dispositions belong to the process.
@Suite(.serialized, .processSignals)
struct PagerProcessTests {
    private func disposition(_ signal: Int32) -> Int {
        var current = sigaction()
        sigaction(signal, nil, &current)
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
    }

    private let ignored = unsafeBitCast(SIG_IGN, to: Int.self)

    @Test func writesReachTheShellCommandWithItsEnvironment() throws {
        let directory = try Fixtures.temporaryDirectory()
        let pager = Pager(command: "cat > \"$DIR/in\"; printf %s \"$LESS|$OWN\" > \"$DIR/env\"", addedEnvironment: ["LESS": "FRX"])
        let process = try PagerProcess.start(pager, environment: ["DIR": directory, "OWN": "kept", "PATH": "/usr/bin:/bin"])
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try process.write(bytes)
        try process.write([1, 2, 3])
        #expect(process.finish() == 0)
        #expect(FileManager.default.contents(atPath: directory + "/in").map(Array.init) == bytes + [1, 2, 3])
        #expect(try String(contentsOfFile: directory + "/env", encoding: .utf8) == "FRX|kept")
        #expect(process.finish() == 0, "finishing twice waits once")
    }

    @Test func aPagerThatQuitsEarlyIsABrokenPipe() throws {
        let process = try PagerProcess.start(Pager(command: "exit 7", addedEnvironment: [:]), environment: [:])
        #expect(throws: BrokenPipe.self) {
            for _ in 0..<64 { try process.write([UInt8](repeating: 65, count: 65_536)) }
        }
        let status = process.finish()
        #expect((status >> 8) & 0xFF == 7, "the pager was waited for: \(status)")
    }

    @Test func keyboardSignalsAreLeftToThePagerUntilItExits() throws {
        let saved = disposition(SIGINT)
        #expect(saved != ignored)
        let process = try PagerProcess.start(Pager(command: "cat >/dev/null", addedEnvironment: [:]), environment: [:])
        #expect(disposition(SIGINT) == ignored)
        #expect(disposition(SIGQUIT) == ignored)
        #expect(disposition(SIGPIPE) == ignored)
        process.finish()
        #expect(disposition(SIGINT) == saved)
    }

    @Test func thePagerGetsDefaultSignalsEvenWhenTreereviewIgnoresThem() throws {
        let directory = try Fixtures.temporaryDirectory()
        let before = signal(SIGINT, SIG_IGN)
        defer { signal(SIGINT, before) }
        let process = try PagerProcess.start(
            Pager(command: "grep SigIgn /proc/self/status > \"$DIR/signals\"", addedEnvironment: [:]),
            environment: ["DIR": directory, "PATH": "/usr/bin:/bin"])
        process.finish()
        let ignoredInThePager = try #require(PagerTerminal.ignoredSignals(try String(contentsOfFile: directory + "/signals", encoding: .utf8)))
        #expect(ignoredInThePager.isDisjoint(with: [SIGINT, SIGQUIT, SIGPIPE]), "\(ignoredInThePager)")
    }
}
