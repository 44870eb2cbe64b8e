import Foundation
import GitRules

/// A running pager: bytes written to it go to its standard input through a pipe; it
/// shares treereview's standard output and standard error (the terminal).
///
/// While it runs, treereview ignores `SIGINT` and `SIGQUIT` (the pager, in the same
/// foreground process group, gets them too and decides what Ctrl-C means, as `less` does)
/// and `SIGPIPE` (a pager that quits early is an ordinary end: a write raises
/// ``BrokenPipe``). ``finish()`` restores them.
final class PagerProcess: ByteSink {
    private let processID: pid_t
    private var input: Int32
    private let output: FileDescriptorSink
    private var savedHandlers: [(signal: Int32, handler: __sighandler_t?)]
    private var status: Int32 = 0

    /// The signals treereview leaves to the pager while it runs.
    static let signalsLeftToThePager = [SIGINT, SIGQUIT, SIGPIPE]

    private init(processID: pid_t, input: Int32) {
        self.processID = processID
        self.input = input
        output = FileDescriptorSink(descriptor: input)
        savedHandlers = Self.signalsLeftToThePager.map { ($0, signal($0, SIG_IGN)) }
    }

    /// Starts `pager` as git does (``ShellCommand``: a plain program name found on the `PATH`
    /// of `environment`, any other command through `/bin/sh -c`), with `environment` and the
    /// pager's additions, and with default handling of ``signalsLeftToThePager`` whatever
    /// treereview's; its standard output and error go to `output` when given (the browser's
    /// terminal), else they are treereview's.
    static func start(_ pager: Pager, environment: [String: String], output: Int32? = nil) throws -> PagerProcess {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let setup = ShellCommand.Setup(input: .descriptor(ends[0]), output: output.map { .descriptor($0) },
                                       error: output.map { .descriptor($0) }, defaultSignals: signalsLeftToThePager)
        let processID: pid_t
        do {
            processID = try ShellCommand(pager.command).spawn(
                environment: environment.merging(pager.addedEnvironment) { own, _ in own }, setup: setup)
        } catch {
            close(ends[0])
            close(ends[1])
            throw POSIXError(POSIXErrorCode(rawValue: error.code) ?? .EIO)
        }
        close(ends[0])
        return PagerProcess(processID: processID, input: ends[1])
    }

    func write(_ bytes: [UInt8]) throws {
        try output.write(bytes)
    }

    /// Ends the pager's input and waits for the pager to exit; returns its wait status.
    /// Only the first call waits.
    @discardableResult
    func finish() -> Int32 {
        guard input >= 0 else { return status }
        close(input)
        input = -1
        while waitpid(processID, &status, 0) < 0 && errno == EINTR {}
        for saved in savedHandlers { signal(saved.signal, saved.handler) }
        savedHandlers = []
        return status
    }

    deinit { finish() }
}
