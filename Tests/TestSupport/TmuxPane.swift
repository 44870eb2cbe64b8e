import Foundation

/// A real terminal for end-to-end tests: a detached tmux session on a server of its own
/// (`tmux -L` with a unique name, sockets in a scratch directory, no configuration file),
/// running an interactive `dash` with the prompt `PROMPT$ `. dash never changes terminal
/// settings itself, so what `stty` prints after a program ends is what the program left.
public final class TmuxPane {
    /// The modes tmux tracks for the pane, as `#{alternate_on}` and friends report them.
    public struct Modes: Equatable, Sendable, CustomStringConvertible {
        /// The alternate screen is on.
        public var alternateScreen: Bool
        /// The cursor is shown.
        public var cursorVisible: Bool
        /// A mouse mode is on.
        public var mouse: Bool
        /// Mouse reports are SGR.
        public var sgrMouse: Bool
        /// Lines wrap at the right margin.
        public var autowrap: Bool

        /// A shell's modes.
        public static let shell = Modes(alternateScreen: false, cursorVisible: true, mouse: false, sgrMouse: false, autowrap: true)
        /// A full-screen program's modes.
        public static let fullScreen = Modes(alternateScreen: true, cursorVisible: false, mouse: true, sgrMouse: true, autowrap: false)

        public var description: String {
            "alternate \(alternateScreen) cursor \(cursorVisible) mouse \(mouse) sgr \(sgrMouse) wrap \(autowrap)"
        }
    }

    /// A wait that ended without what it waited for.
    public struct Timeout: Error, CustomStringConvertible {
        /// What was awaited, and the screen.
        public let description: String

        /// A timeout saying `description`.
        public init(description: String) {
            self.description = description
        }
    }

    /// The scratch directory: sockets, the demo's pid file, `stty` output.
    public let directory: String
    private let socket: String

    /// Starts a `columns` by `rows` session and waits for the prompt.
    public init(columns: Int = 80, rows: Int = 24, environment: [String: String] = [:]) async throws {
        try RequiredTool.require("tmux", "dash")
        let name = "tui-" + UUID().uuidString.prefix(8).lowercased()
        socket = name
        directory = NSTemporaryDirectory() + name
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        guard try tmux(["-V"]).hasPrefix("tmux ") else {
            throw Timeout(description: "these tests need tmux (apt-get install tmux)")
        }
        var variables = ["PATH": "/usr/bin:/bin", "HOME": directory, "LC_ALL": "C.UTF-8", "PS1": "PROMPT$ ",
                         "SWIFT_BACKTRACE": "enable=no"]
        variables.merge(TestEnvironment.sanitizerVariables) { _, sanitizer in sanitizer }
        variables.merge(environment) { _, given in given }
        let shell = ["env", "-i"] + variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + ["dash", "-i"]
        let started = try tmux(["new-session", "-d", "-x", String(columns), "-y", String(rows), "-s", "test",
                                shell.map(Self.quoted).joined(separator: " ")])
        do {
            try await waitForFirstPrompt()
        } catch {
            let pane = try tmux(["list-panes", "-t", "test", "-F", "#{pane_pid} dead=#{pane_dead} #{pane_current_command}"])
            let pid = pane.prefix { $0 != " " }
            let state = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            throw Timeout(description: "\(error)\nnew-session: \(started)\npane: \(pane)\n"
                + state.split(separator: "\n").filter { $0.hasPrefix("State") || $0.hasPrefix("Sig") }.joined(separator: "\n"))
        }
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs tmux on this test's server.
    @discardableResult
    public func tmux(_ arguments: [String]) throws -> String {
        try Spawn.run(["tmux", "-L", socket, "-f", "/dev/null"] + arguments,
                      environment: ["PATH": "/usr/bin:/bin", "TMUX_TMPDIR": directory, "LC_ALL": "C.UTF-8"]).output
    }

    /// Presses keys by tmux name (`Up`, `C-z`, `Escape`, `j`).
    public func press(_ keys: String...) throws { try tmux(["send-keys", "-t", "test"] + keys) }

    /// Sends bytes as a terminal would (escape sequences, mouse reports).
    public func send(bytes: [UInt8]) throws {
        try tmux(["send-keys", "-t", "test", "-H"] + bytes.map { String(format: "%02x", $0) })
    }

    /// Types `command` at the prompt and presses Enter.
    public func run(_ command: String) throws {
        try tmux(["send-keys", "-t", "test", "-l", command])
        try press("Enter")
    }

    /// The visible screen, one string a row, trailing spaces removed.
    public func screen() throws -> [String] {
        var rows = try tmux(["capture-pane", "-p", "-t", "test"]).split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }
        if rows.last == "" { rows.removeLast() }
        return rows
    }

    /// The pane's modes now.
    public func modes() throws -> Modes {
        let flags = try tmux(["display-message", "-p", "-t", "test",
                              "#{alternate_on} #{cursor_flag} #{mouse_any_flag} #{mouse_sgr_flag} #{wrap_flag}"])
            .split(separator: " ").map { $0.hasPrefix("1") }
        guard flags.count == 5 else { throw Timeout(description: "no modes") }
        return Modes(alternateScreen: flags[0], cursorVisible: flags[1], mouse: flags[2], sgrMouse: flags[3], autowrap: flags[4])
    }

    /// Waits until the screen satisfies `condition`, and returns it. It sleeps between looks,
    /// so the test holds no thread of the pool while it waits.
    @discardableResult
    public func waitForScreen(
        _ what: String, timeout: Duration = .seconds(60), _ condition: ([String]) -> Bool
    ) async throws -> [String] {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var last: [String] = []
        while clock.now < deadline {
            last = try screen()
            if condition(last) { return last }
            try await Task.sleep(for: .milliseconds(50))
        }
        // A busy test run may wake this task only after the deadline: one last look.
        last = try screen()
        if condition(last) { return last }
        throw Timeout(description: "timed out waiting for \(what); the screen:\n" + last.joined(separator: "\n"))
    }

    /// Waits for the shell's first prompt. On a loaded machine the shell has been seen
    /// running but with nothing drawn yet; an Enter every few seconds makes it prompt again.
    private func waitForFirstPrompt() async throws {
        for attempt in 0..<10 {
            do {
                try await waitForScreen("the first prompt", timeout: .seconds(3)) { $0.contains { $0.hasPrefix("PROMPT$") } }
                return
            } catch let timeout as Timeout {
                if attempt == 9 { throw timeout }
                try press("Enter")
            }
        }
    }

    /// Waits until a row of the screen contains `text`.
    @discardableResult
    public func waitFor(_ text: String, timeout: Duration = .seconds(60)) async throws -> [String] {
        try await waitForScreen("'\(text)'", timeout: timeout) { $0.contains { $0.contains(text) } }
    }

    /// Waits until the file at `path` in the scratch directory exists and is not empty.
    public func waitForFile(_ name: String) async throws -> String {
        let path = directory + "/" + name
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(60))
        while clock.now < deadline {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasSuffix("\n") || name == "pid",
               !text.isEmpty {
                return text
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        if let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasSuffix("\n") || name == "pid", !text.isEmpty {
            return text
        }
        let screen = (try? screen()) ?? []
        throw Timeout(description: "timed out waiting for \(path); the screen:\n" + screen.joined(separator: "\n"))
    }

    private static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
