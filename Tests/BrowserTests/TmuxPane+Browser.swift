import Foundation
import TestSupport

extension TmuxPane {
    /// A pane whose shell has the tests' isolated configuration (``TestEnvironment/isolation``),
    /// as the tests' git runs.
    static func forBrowser(columns: Int = 80, rows: Int = 24) async throws -> TmuxPane {
        try await TmuxPane(columns: columns, rows: rows,
                           environment: TestEnvironment.isolation.merging(["TERM": "xterm-256color"]) { _, given in given })
    }

    /// Saves `stty -g` as `before`, runs `treereview -i <arguments>` in `repository` and
    /// waits for its first frame (a header naming `title`), and, unless `countsPending`, for
    /// every line count to be in (the header no longer `counting lines`).
    /// - Returns: the browser's process id.
    @discardableResult
    func startBrowser(in repository: String, _ arguments: String, title: String, countsPending: Bool = false) async throws -> pid_t {
        try run("stty -g > \(directory)/before")
        _ = try await waitForFile("before")
        try run("cd '\(repository)' && '\(Binary.path)' -i \(arguments)")
        try await waitForScreen("the browser's first frame") { $0.first?.hasPrefix(title + " · ") == true }
        if !countsPending {
            try await waitForScreen("every line count") { $0.first?.contains("counting lines") == false }
        }
        let shell = try tmux(["display-message", "-p", "-t", "test", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        guard let pid = children.split(separator: " ").first.flatMap({ pid_t($0) }) else {
            throw Timeout(description: "no browser process under the shell \(shell)")
        }
        return pid
    }

    /// Types `text` as keys, without Enter.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", "test", "-l", text])
    }

    /// Waits for the prompt on the last non-empty row, and returns `stty -g` from before and
    /// after and `stty -a` after, as the shell sees them.
    func settingsAfterBrowser() async throws -> (before: String, after: String, all: String) {
        try await waitForScreen("the prompt") { $0.last { !$0.isEmpty }?.hasPrefix("PROMPT$") == true }
        try run("stty -g > \(directory)/after; stty -a > \(directory)/all; echo > \(directory)/done")
        _ = try await waitForFile("done")
        return (try await waitForFile("before"), try await waitForFile("after"), try await waitForFile("all"))
    }
}
