import Foundation
import TestSupport

extension TmuxPane {
    /// The demo executable, beside the test bundle.
    static let demo: String = {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.path != "/" {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("TerminalUIDemo").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "TerminalUIDemo"
    }()

    /// Saves `stty -g` as `before`, starts the demo and waits for its first frame.
    /// - Returns: the demo's process id.
    @discardableResult
    func startDemo() async throws -> pid_t {
        try run("stty -g > \(directory)/before")
        _ = try await waitForFile("before")
        try run("\(Self.demo) --pid-file \(directory)/pid")
        try await waitForScreen("the demo's first frame") { $0.first?.hasPrefix("TerminalUIDemo ") == true }
        guard let pid = pid_t(try await waitForFile("pid").trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Timeout(description: "no pid")
        }
        return pid
    }

    /// Waits for the prompt on the last non-empty row (the demo ended or stopped), saves
    /// `stty -g` and `stty -a` from the shell, and returns them with the settings from before.
    func settingsAfterDemo() async throws -> (before: String, after: String, all: String) {
        try await waitForScreen("the prompt") { $0.last { !$0.isEmpty }?.hasPrefix("PROMPT$") == true }
        try run("stty -g > \(directory)/after; stty -a > \(directory)/all; echo > \(directory)/done")
        _ = try await waitForFile("done")
        return (try await waitForFile("before"), try await waitForFile("after"), try await waitForFile("all"))
    }
}
