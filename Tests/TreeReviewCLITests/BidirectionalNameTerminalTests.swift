import Foundation
import Testing
import TestSupport

/// A file name with a right-to-left override, printed in a real terminal (tmux): the
/// character is spelled out, so the terminal shows the name's bytes in their order.
@Suite(.serialized) struct BidirectionalNameTerminalTests {
    @Test func aRightToLeftOverrideIsShownSpelledOut() async throws {
        let pane = try await TmuxPane(columns: 80, rows: 24, environment: TestEnvironment.isolation.merging(["TERM": "xterm"]) { _, given in given })
        try pane.run("printf 'docs/\\342\\200\\256gpj.exe\\ndocs/rtl\\342\\201\\247isolate.txt\\n' | '\(Binary.path)' --stdin --no-stat --charset ascii; echo \"ended: $?\"")
        let screen = try await pane.waitForScreen("the tree and the command's end") { rows in rows.contains { $0.hasPrefix("ended: ") } }
        #expect(screen.contains("ended: 0"))
        #expect(screen.contains { $0.hasSuffix("\\u{202e}gpj.exe") }, "\(screen)")
        #expect(screen.contains { $0.hasSuffix("rtl\\u{2067}isolate.txt") }, "\(screen)")
        #expect(!screen.joined().unicodeScalars.contains { [0x202E, 0x2067].contains($0.value) })
    }
}
