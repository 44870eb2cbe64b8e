import Foundation

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

    /// Starts `pager` as git does, through the shell (`/bin/sh -c <command>`, so a command
    /// with arguments or pipes works), with `environment` and the pager's additions, and
    /// with default signal handling whatever treereview's; its standard output and error go
    /// to `output` when given (the browser's terminal), else they are treereview's.
    static func start(_ pager: Pager, environment: [String: String], output: Int32? = nil) throws -> PagerProcess {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
        if let output {
            posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO)
            posix_spawn_file_actions_adddup2(&actions, output, STDERR_FILENO)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), mask = sigset_t()
        sigemptyset(&defaults)
        sigemptyset(&mask)
        for signal in signalsLeftToThePager { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let variables = environment.merging(pager.addedEnvironment) { own, _ in own }.map { "\($0.key)=\($0.value)" }
        let arguments = cStrings(["sh", "-c", pager.command, pager.command])
        let environmentStrings = cStrings(variables)
        defer { (arguments + environmentStrings).forEach { free($0) } }
        var processID: pid_t = 0
        let failure = posix_spawn(&processID, "/bin/sh", &actions, &attributes, arguments, environmentStrings)
        close(ends[0])
        guard failure == 0 else {
            close(ends[1])
            throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
        }
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

    /// `strings` as C strings to free, then a NULL.
    private static func cStrings(_ strings: [String]) -> [UnsafeMutablePointer<CChar>?] {
        strings.map { strdup($0) } + [nil]
    }
}
