import Foundation
import TestSupport
import Testing

/// A real terminal shrunk under the browser with a diff open: tmux resizes the window to
/// every size from 1×1 to 3×20 (columns × rows, and the other way round), the browser draws
/// a frame for each (its frame log says so) and answers a key on each of 4 rows or fewer, and
/// shows the diff again at 80×24 before it quits with status 0.
@Suite(.serialized) struct BrowserTinyTerminalEndToEndTests {
    private let title = "main...feature"

    @Test func everyTinySizeIsDrawnWithTheDiffOpen() async throws {
        let repository = try Fixtures.repository("branches")
        let pane = try await TmuxPane.forBrowser()
        let log = pane.directory + "/frames"
        try pane.run("TREEREVIEW_FRAME_LOG='\(log)'; export TREEREVIEW_FRAME_LOG")
        let browser = try await pane.startBrowser(in: repository, title, title: title)
        try pane.press("G", "Enter")
        try await pane.waitForScreen("the diff pane") { $0.contains("diff --git a/tool.sh b/tool.sh") }
        var sizes: [(Int, Int)] = []
        for size in (1...3).flatMap({ columns in (1...20).map { (columns, $0) } }) + (4...20).map({ ($0, 2) }) + [(20, 3), (20, 1)]
        where !sizes.contains(where: { $0 == size }) {
            sizes.append(size)
        }
        for (columns, rows) in sizes {
            try pane.tmux(["resize-window", "-t", "test", "-x", String(columns), "-y", String(rows)])
            try await waitForLog(log, containing: "resize \(columns)x\(rows) ", pane: pane)
            #expect(kill(browser, 0) == 0, "the browser is still running at \(columns)x\(rows)")
            if rows <= 4 {
                try pane.press("j")
                try await waitForLog(log, containing: "key ", after: "resize \(columns)x\(rows) ", pane: pane)
            }
        }
        try pane.tmux(["resize-window", "-t", "test", "-x", "80", "-y", "24"])
        try await pane.waitForScreen("the diff pane again at 80x24") { $0.contains { $0.hasPrefix("diff --git") } }
        try pane.press("q")
        try await pane.waitForScreen("the prompt") { $0.last { !$0.isEmpty }?.hasPrefix("PROMPT$") == true }
        try pane.run("echo EXIT=$?")
        try await pane.waitFor("EXIT=0")
    }

    /// Waits until the frame log has a line starting with `text` (after the last line
    /// starting with `after`, when given).
    private func waitForLog(_ path: String, containing text: String, after: String? = nil, pane: TmuxPane) async throws {
        try await pane.waitForScreen("a frame logged as '\(text)' after '\(after ?? "")'", timeout: .seconds(30)) { _ in
            let lines = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n")
            let start = after.flatMap { marker in lines.lastIndex { $0.hasPrefix(marker) } }.map { $0 + 1 } ?? 0
            return lines[start...].contains { $0.hasPrefix(text) }
        }
    }
}
