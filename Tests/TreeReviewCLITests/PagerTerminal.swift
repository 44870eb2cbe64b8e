import Foundation
import TestSupport

/// Runs command lines with standard output on a pseudo-terminal (util-linux `script`), in
/// the test environment, and provides a stand-in pager that records what it was given.
enum PagerTerminal {
    /// What a command line printed on the terminal (standard output and standard error,
    /// `\r\n` read as `\n`), and its exit status.
    struct Run {
        let status: Int32
        let text: String
    }

    /// Runs `commandLine` with `sh` on a new pseudo-terminal in `directory`.
    /// Fails, naming the package, when util-linux's `script` is missing.
    static func run(_ commandLine: String, in directory: String, environment: [String: String] = [:]) throws -> Run {
        try RequiredTool.require("script")
        let result = try Shell.run("script", ["-qfec", commandLine, "/dev/null"], in: directory, environment: environment)
        return Run(status: result.status, text: result.text.replacingOccurrences(of: "\r\n", with: "\n"))
    }

    /// `treereview` with `arguments`, quoted for `sh`.
    static func treereview(_ arguments: String...) -> String {
        ([Binary.path] + arguments).map(quoted).joined(separator: " ")
    }

    /// `text` as one `sh` word.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The signals a `SigIgn:` line of `/proc/<pid>/status` lists, nil when it is no such line.
    static func ignoredSignals(_ line: String) -> Set<Int32>? {
        guard let hex = line.split(separator: "\t").last?.trimmingCharacters(in: .whitespacesAndNewlines),
              line.hasPrefix("SigIgn:"), let mask = UInt64(hex, radix: 16) else { return nil }
        return Set((1...64).filter { mask & (1 << UInt64($0 - 1)) != 0 }.map { Int32($0) })
    }

    /// A stand-in pager: it saves its standard input, its environment and the signals it
    /// was started with ignored next to `log`, waits a moment, then writes `log.done`.
    struct Recorder {
        /// The pager's command.
        let command: String
        /// Where the pager's records go (`log.stdin`, `log.env`, `log.signals`, `log.done`).
        let log: String

        init() throws {
            let directory = try Fixtures.temporaryDirectory()
            log = directory + "/pager"
            command = directory + "/record-pager"
            let script = """
                #!/bin/sh
                cat > '\(log).stdin'
                env > '\(log).env'
                grep SigIgn /proc/self/status > '\(log).signals'
                sleep 0.3
                echo done > '\(log).done'

                """
            try ExecutableFile.write(script, to: command)
        }

        /// Whether the pager ran.
        var ran: Bool { FileManager.default.fileExists(atPath: log + ".stdin") }

        /// What it read.
        var input: [UInt8] { FileManager.default.contents(atPath: log + ".stdin").map(Array.init) ?? [] }

        /// Its environment, as `NAME=value` lines.
        var environment: [Substring] {
            ((try? String(contentsOfFile: log + ".env", encoding: .utf8)) ?? "").split(separator: "\n")
        }

        /// The signals it was started with ignored, from its `/proc/self/status`.
        var ignoredSignals: Set<Int32>? {
            PagerTerminal.ignoredSignals((try? String(contentsOfFile: log + ".signals", encoding: .utf8)) ?? "")
        }

        /// Whether it finished.
        var finished: Bool { FileManager.default.fileExists(atPath: log + ".done") }
    }
}
