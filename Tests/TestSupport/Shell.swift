import Foundation

/// Runs programs for tests and captures what they print.
public enum Shell {
    /// The result of a finished process.
    public struct Result: Sendable {
        /// The exit status.
        public let status: Int32
        /// Everything written to standard output.
        public let output: [UInt8]
        /// Everything written to standard error.
        public let error: String

        /// Standard output as text.
        public var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// Runs `executable` (looked up on PATH) with `arguments` in `directory`, in
    /// ``TestEnvironment/variables(adding:)`` with `environment` added.
    @discardableResult
    public static func run(
        _ executable: String, _ arguments: [String], in directory: String? = nil,
        environment: [String: String] = [:], input: [UInt8]? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.environment = TestEnvironment.variables(adding: environment)
        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        try process.run()
        if let input {
            stdin.fileHandleForWriting.write(Data(input))
            try stdin.fileHandleForWriting.close()
        }
        let errorData = ErrorReader(stderr.fileHandleForReading)
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: Array(out), error: errorData.finish())
    }

    /// `git` with `arguments` in `repository`; fails the caller when git fails.
    @discardableResult
    public static func git(_ arguments: [String], in repository: String) throws -> Result {
        let result = try run("git", arguments, in: repository)
        guard result.status == 0 else {
            throw ShellError(message: "git \(arguments.joined(separator: " ")) failed: \(result.error)")
        }
        return result
    }
}

/// A command that failed.
public struct ShellError: Error, CustomStringConvertible {
    /// What failed.
    public let message: String
    /// The message.
    public var description: String { message }
}

/// Drains a pipe on a background thread so a chatty process cannot block on a full pipe.
private final class ErrorReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func finish() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
