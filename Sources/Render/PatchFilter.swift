import Foundation
import GitRules

/// `interactive.diffFilter`: a command a patch is piped through before it is shown (such as
/// `delta --color-only`), started as git starts it (``ShellCommand``: a plain program name
/// directly, any other command by the shell, `/bin/sh -c <command>`).
public struct PatchFilter: Sendable {
    /// The command, as configured.
    public var command: String
    /// The environment it runs with.
    public var environment: [String: String]
    /// The directory it runs in (git runs it at the top of the working tree); `nil` for the current one.
    public var directory: String?
    /// How long it may take, in seconds, before it is killed; `nil` for no limit (as in git).
    public var timeout: Double?

    /// A filter running `command` with `environment` in `directory`, killed after `timeout` seconds.
    public init(command: String, environment: [String: String], directory: String? = nil, timeout: Double? = nil) {
        self.command = command
        self.environment = environment
        self.directory = directory
        self.timeout = timeout
    }

    /// Why a filter gave no output to show.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// What went wrong, in a few words.
        public let reason: String
        /// The command.
        public let command: String

        /// `interactive.diffFilter '<command>' <reason>`.
        public var description: String { "interactive.diffFilter '\(command)' \(reason)" }
    }

    /// Runs the command with `input` on its standard input and returns its standard output.
    /// Its standard error is discarded. Input it does not read is dropped (no `SIGPIPE`). It
    /// runs in a session of its own, without a controlling terminal, so it cannot write to the
    /// terminal past the pane; after ``timeout`` its whole process group is killed.
    public func run(_ input: [UInt8]) throws -> [UInt8] {
        var inputEnds: [Int32] = [-1, -1]
        var outputEnds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &inputEnds) == 0 else { throw failure("could not start") }
        guard pipe(&outputEnds) == 0 else {
            inputEnds.forEach { close($0) }
            throw failure("could not start")
        }
        for end in inputEnds + outputEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let processID: pid_t
        do {
            processID = try spawn(input: inputEnds[1], output: outputEnds[1])
        } catch {
            (inputEnds + outputEnds).forEach { close($0) }
            throw error
        }
        close(inputEnds[1])
        close(outputEnds[1])
        let writer = inputEnds[0]
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            Self.writeAll(input, to: writer)
            close(writer)
            done.signal()
        }
        let deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
        let output = Self.readAll(outputEnds[0], until: deadline)
        if output == nil { kill(-processID, SIGKILL) }
        close(outputEnds[0])
        done.wait()
        var status: Int32 = 0
        while waitpid(processID, &status, 0) < 0 && errno == EINTR {}
        guard let output else { throw failure("took longer than \(timeout ?? 0) seconds") }
        let exited = status & 0x7F == 0
        guard exited else { throw failure("was killed by signal \(status & 0x7F)") }
        let code = (status >> 8) & 0xFF
        guard code == 0 else { throw failure("exited with status \(code)") }
        return output
    }

    private func failure(_ reason: String) -> Failure {
        Failure(reason: reason, command: command)
    }

    /// Starts the command as git does (``ShellCommand``) with its standard input and output on
    /// the given descriptors and its standard error on `/dev/null`, default signal handling,
    /// in a session of its own, in ``directory``.
    private func spawn(input: Int32, output: Int32) throws -> pid_t {
        let setup = ShellCommand.Setup(input: .descriptor(input), output: .descriptor(output), error: .nullDevice,
                                       directory: directory, newSession: true)
        do {
            return try ShellCommand(command).spawn(environment: environment, setup: setup)
        } catch {
            throw failure("could not start: \(error.reason)")
        }
    }

    /// Writes `bytes` to the socket `descriptor`, stopping quietly when the reader is gone.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// Everything read from `descriptor` until its end, or `nil` when `deadline` passes first.
    private static func readAll(_ descriptor: Int32, until deadline: Date?) -> [UInt8]? {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let deadline {
                let milliseconds = Int32(clamping: Int(max(0, deadline.timeIntervalSinceNow) * 1000))
                var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&request, 1, milliseconds)
                if ready < 0 && errno == EINTR { continue }
                if ready == 0 { return nil }
            }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return output }
            output += chunk[..<count]
        }
    }
}
