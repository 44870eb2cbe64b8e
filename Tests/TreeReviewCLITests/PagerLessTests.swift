import Foundation
import Testing
import TestSupport

/// The real `less`, as a user meets it: `treereview` typed at a shell prompt in a tmux
/// window, the screen read back. perl (`perl-base`, always there on Debian) starts tmux.
struct PagerLessTests {
    /// A tmux server of its own with one window running `sh`, ended with the value.
    final class Window {
        private let socket = "treereview-tests-" + UUID().uuidString
        private var socketPath: String?
        /// The shell's prompt, as the screen shows it (tmux drops trailing spaces).
        static let prompt = "ready$"

        struct Failure: Error { let message: String }

        /// Starts the server with no signal blocked (the test's threads block some, which a
        /// child inherits, and a tmux server that cannot see SIGCHLD never exits), with its
        /// streams on `/dev/null` and every other descriptor closed (it outlives the command,
        /// and would otherwise hold what ``Shell`` waits on).
        init(in directory: String, rows: Int) throws {
            try RequiredTool.require("tmux", "less", "perl")
            let detached = """
                use POSIX; sigprocmask(SIG_SETMASK, POSIX::SigSet->new); POSIX::close($_) for 3..1023;
                open STDIN, "<", "/dev/null"; open STDOUT, ">", "/dev/null"; open STDERR, ">", "/dev/null"; exec @ARGV
                """
            let started = try Shell.run("perl", ["-e", detached, "tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d",
                                                 "-x", "120", "-y", "\(rows)", "-c", directory, "env PS1='\(Self.prompt) ' LESSHISTFILE=- sh"])
            guard started.status == 0 else { throw Failure(message: "tmux new-session failed: \(started.error)") }
            socketPath = try tmux("display-message", "-p", "#{socket_path}").text.trimmingCharacters(in: .newlines)
        }

        deinit {
            _ = try? Shell.run("tmux", ["-L", socket, "kill-server"])
            if let socketPath { try? FileManager.default.removeItem(atPath: socketPath) }
        }

        @discardableResult
        func tmux(_ arguments: String...) throws -> Shell.Result {
            let result = try Shell.run("tmux", ["-L", socket, "-f", "/dev/null"] + arguments)
            guard result.status == 0 else { throw Failure(message: "tmux \(arguments): \(result.error)") }
            return result
        }

        /// Types `text`, then Enter when `enter`.
        func type(_ text: String, enter: Bool = true) throws {
            try tmux("send-keys", "-l", text)
            if enter { try tmux("send-keys", "Enter") }
        }

        /// Presses a key by its tmux name (`C-c`).
        func press(_ key: String) throws { try tmux("send-keys", key) }

        /// The visible lines, without trailing blank ones.
        func screen() throws -> [Substring] {
            let lines = try tmux("capture-pane", "-p").text.split(separator: "\n", omittingEmptySubsequences: false)
            return Array(lines.reversed().drop { $0.trimmingCharacters(in: .whitespaces).isEmpty }.reversed())
        }

        /// The screen once `condition` holds, or the last one seen after `seconds`.
        func screen(when condition: ([Substring]) -> Bool, seconds: Int = 60) throws -> [Substring] {
            var lines = try screen()
            for _ in 0..<(seconds * 10) where !condition(lines) {
                usleep(100_000)
                lines = try screen()
            }
            return lines
        }
    }

    @Test func shortOutputIsPrintedAndTheShellComesBack() throws {
        let repo = try Fixtures.repository("branches")
        let window = try Window(in: repo, rows: 40)
        _ = try window.screen { $0.last == Substring(Window.prompt) }
        try window.type(PagerTerminal.treereview("--color=never", "main...feature") + "; echo \"EXIT=$?\"")
        let screen = try window.screen { $0.contains("EXIT=0") }
        let rows = CLIRunner.run(["--color=never", "main...feature"], in: repo, terminal: true, width: 120).text.split(separator: "\n")
        #expect(screen.contains("EXIT=0"), "\(screen.joined(separator: "\n"))")
        let exit = try #require(screen.firstIndex(of: "EXIT=0"))
        #expect(Array(screen[(exit - rows.count)..<exit]) == rows, "the whole tree stays on the screen, above the shell's next line")
        #expect(screen.last == Substring(Window.prompt), "the shell is back")
    }

    @Test func longOutputWaitsInLessUntilQuitEvenThroughCtrlC() throws {
        let directory = try Fixtures.temporaryDirectory()
        try (1...2_000).map { "dir\($0)/file\($0).txt\n" }.joined().write(toFile: directory + "/paths", atomically: true, encoding: .utf8)
        let window = try Window(in: directory, rows: 20)
        _ = try window.screen { $0.last == Substring(Window.prompt) }
        try window.type(PagerTerminal.treereview("--stdin") + " < paths; echo \"EXIT=$?\"")
        let paged = try window.screen { $0.last == ":" }
        #expect(paged.last == ":", "less shows its prompt: \(paged.joined(separator: "\n"))")
        #expect(paged.contains { $0.hasPrefix("stdin · 2000 files changed") })
        try window.press("C-c")
        // less, interrupted, may drop a key typed while it handles SIGINT: G again until it goes.
        var interrupted = paged
        for _ in 0..<12 where interrupted.last != "(END)" {
            try window.press("G")
            interrupted = try window.screen(when: { $0.last == "(END)" }, seconds: 5)
        }
        #expect(interrupted.last == "(END)", "less, still running after Ctrl-C, went to the end: \(interrupted.joined(separator: "\n"))")
        #expect(!interrupted.contains { $0.hasPrefix("EXIT=") }, "treereview waits for less, which Ctrl-C does not end")
        try window.type("q", enter: false)
        let done = try window.screen { $0.contains("EXIT=0") }
        #expect(done.contains("EXIT=0"), "\(done.joined(separator: "\n"))")
        #expect(done.last == Substring(Window.prompt), "the shell is back")
    }
}
