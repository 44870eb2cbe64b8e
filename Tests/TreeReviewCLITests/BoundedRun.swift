import Foundation
import TestSupport

/// Runs the built treereview as a child with a bound on its address space (`prlimit --as`)
/// and on its time (`timeout -s KILL`), so that a fault that reads without end, fills memory
/// or hangs fails the test (killed, or an allocation failing) instead of the machine.
enum BoundedRun {
    /// The bound on the child's address space: a run on a few files needs well under it.
    static let memoryBytes = 512 << 20
    /// The bound on its time, in seconds.
    static let seconds = 60
    /// The status `timeout` reports for a child it killed.
    static let killed: Int32 = 137

    /// Runs `treereview ARGUMENTS` in `directory`, its standard input `input` (a shell
    /// redirection, `< /dev/zero`) or the output of `pipe` (a shell pipeline, `yes | tr -d x`).
    static func run(_ arguments: [String], in directory: String = "/", input: String = "< /dev/null", pipe: String? = nil,
                    environment: [String: String] = [:]) throws -> Shell.Result {
        var environment = environment
        var bound = ["prlimit", "--as=\(memoryBytes)"]
        if let variable = sanitizerOptionsVariable {
            let given = environment[variable] ?? TestEnvironment.sanitizerVariables[variable] ?? ""
            environment[variable] = (given.isEmpty ? "" : given + ":") + "hard_rss_limit_mb=\(memoryBytes >> 19)"
            bound = []
        }
        let command = (bound + ["timeout", "-s", "KILL", String(seconds), Binary.path] + arguments)
            .map(quoted).joined(separator: " ")
        // The pipeline's own complaint when treereview stops reading (`yes: standard output:
        // Broken pipe`) is not treereview's: only treereview's standard error is the result's.
        let script = pipe.map { "{ \($0); } 2>/dev/null | exec \(command)" } ?? "exec \(command) \(input)"
        return try Shell.run("bash", ["-c", script], in: directory, environment: environment)
    }

    /// The options variable of the sanitizer the binary was built with, or `nil` for an
    /// ordinary build.
    static let sanitizerOptionsVariable: String? = switch Binary.sanitizer {
    case "address": "ASAN_OPTIONS"
    case "thread": "TSAN_OPTIONS"
    default: nil
    }

    private static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
