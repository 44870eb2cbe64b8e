import Foundation
import Testing
import TestSupport

/// Standard output that cannot be written: a full device ends every format and subcommand
/// with git's words (`write failure on 'stdout': No space left on device`, as
/// `git log >/dev/full` says them) and exit 2; a reader that goes away ends it quietly.
struct WriteFailureTests {
    private static let outputs: [[String]] = [
        ["--format", "tree"], ["--format", "tree", "--color=always", "--icons=nerd"], ["--format", "json"],
        ["--format", "markdown"], ["--format", "plain"], ["-z"], ["--no-pager", "--format", "tree"], ["--help"], ["--version"],
        ["completion", "bash"],
    ]

    /// What git prints for `git log >/dev/full`, after its `fatal: `.
    private static func gitsWords(in repo: String) throws -> String {
        let git = try Shell.run("bash", ["-c", "git log > /dev/full"], in: repo)
        #expect(git.status == 128)
        #expect(git.error.hasPrefix("fatal: "))
        return String(git.error.dropFirst("fatal: ".count))
    }

    @Test(arguments: outputs)
    func aFullDeviceIsGitsWriteFailure(arguments: [String]) throws {
        let repo = try Fixtures.repository("branches")
        let words = try Self.gitsWords(in: repo)
        let command = arguments.first == "completion" || arguments.first?.hasPrefix("--h") == true
            || arguments.first == "--version" ? arguments : arguments + ["main...feature"]
        let result = try Shell.run("bash", ["-c", "exec \"$0\" \"$@\" > /dev/full", Binary.path] + command, in: repo)
        #expect(result.status == 2, "\(command): exit \(result.status)")
        #expect(result.error == "treereview: " + words, "\(command)")
    }

    @Test func aFullDeviceAfterStdinIsGitsWriteFailure() throws {
        let repo = try Fixtures.repository("branches")
        let words = try Self.gitsWords(in: repo)
        let result = try Shell.run("bash", ["-c", "printf 'a.txt\\nb/c.txt\\n' | exec \"$0\" --stdin > /dev/full", Binary.path], in: repo)
        #expect(result.status == 2)
        #expect(result.error == "treereview: " + words)
    }

    /// The reader closed before treereview starts, so that its first write fails with `EPIPE`.
    @Test(arguments: outputs)
    func aReaderThatIsGoneEndsItQuietly(arguments: [String]) throws {
        let repo = try Fixtures.repository("branches")
        let command = arguments.first == "completion" || arguments.first?.hasPrefix("--h") == true
            || arguments.first == "--version" ? arguments : arguments + ["main...feature"]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binary.path)
        process.arguments = command
        process.currentDirectoryURL = URL(fileURLWithPath: repo)
        process.environment = TestEnvironment.variables()
        let output = Pipe(), error = Pipe()
        try output.fileHandleForReading.close()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        try output.fileHandleForWriting.close()
        let message = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(command): \(process.terminationStatus)")
        #expect(message.isEmpty, "\(command): \(String(decoding: message, as: UTF8.self))")
    }
}
