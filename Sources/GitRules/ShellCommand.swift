import Glibc

/// A user's command (a pager, a diff filter) started as git starts one (`prepare_shell_cmd`
/// in git's `run-command.c`): a command with none of the shell's special characters is a
/// program, found on the `PATH` of the environment it runs with and run with no arguments;
/// any other is run by the shell, as `/bin/sh -c <command> <command>`.
public struct ShellCommand: Sendable, Equatable {
    /// The command, as configured.
    public var command: String

    /// The command `command`.
    public init(_ command: String) {
        self.command = command
    }

    /// The characters that make git hand a command to the shell.
    static let shellCharacters = Set("|&;<>()$`\\\"' \t\n*?[#~=%".utf8)

    /// Whether the command runs through `/bin/sh -c`.
    public var usesShell: Bool {
        command.utf8.contains(where: Self.shellCharacters.contains)
    }

    /// Where a standard stream of the started process goes.
    public enum Stream: Sendable, Equatable {
        /// To (or from) this open descriptor of ours.
        case descriptor(Int32)
        /// To (or from) `/dev/null`.
        case nullDevice
    }

    /// How the process starts besides its command.
    public struct Setup: Sendable {
        /// Its standard input, output and error; `nil` keeps ours.
        public var input: Stream?
        /// See ``input``.
        public var output: Stream?
        /// See ``input``.
        public var error: Stream?
        /// The directory it runs in; `nil` for ours.
        public var directory: String?
        /// The signals it starts with default handling, whatever ours; `nil` for all.
        public var defaultSignals: [Int32]?
        /// Whether it runs in a session of its own (`setsid`), without a controlling terminal.
        public var newSession: Bool

        /// A setup; every stream ours, our directory, default handling of every signal.
        public init(input: Stream? = nil, output: Stream? = nil, error: Stream? = nil, directory: String? = nil,
                    defaultSignals: [Int32]? = nil, newSession: Bool = false) {
            self.input = input
            self.output = output
            self.error = error
            self.directory = directory
            self.defaultSignals = defaultSignals
            self.newSession = newSession
        }
    }

    /// The program git runs and its arguments (the first is its name): `["/bin/sh", "-c",
    /// command, command]`, or the program found on `environment`'s `PATH` (resolved against
    /// `directory` when the `PATH` entry is relative) as `[path]`; `nil` when it is not found.
    public func arguments(environment: [String: String], directory: String? = nil) -> [String]? {
        if usesShell { return ["/bin/sh", "-c", command, command] }
        if command.utf8.contains(UInt8(ascii: "/")) { return [command] }
        guard let path = environment["PATH"], !path.isEmpty else { return nil }
        for entry in path.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = entry.isEmpty ? "./" + command : entry + "/" + command
            let checked = candidate.hasPrefix("/") || directory == nil ? candidate : directory! + "/" + candidate
            if Self.isExecutable(checked) { return [candidate] }
        }
        return nil
    }

    /// Starts the command with `environment` (all of the process's variables) as `setup`
    /// says; returns its process id. Throws the `errno` of the failure (`ENOENT` when the
    /// program is not found).
    public func spawn(environment: [String: String], setup: Setup = Setup()) throws(SpawnFailure) -> pid_t {
        guard var arguments = arguments(environment: environment, directory: setup.directory) else {
            throw SpawnFailure(code: ENOENT)
        }
        var program = arguments[0]
        if let directory = setup.directory {
            arguments = ["/bin/sh", "-c", "cd -- \"$1\" && shift && exec \"$@\"", "sh", directory] + arguments
            program = "/bin/sh"
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (stream, target) in [(setup.input, STDIN_FILENO), (setup.output, STDOUT_FILENO), (setup.error, STDERR_FILENO)] {
            switch stream {
            case .descriptor(let descriptor)?: posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            case .nullDevice?: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
            case nil: break
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), mask = sigset_t()
        sigemptyset(&mask)
        if let signals = setup.defaultSignals {
            sigemptyset(&defaults)
            for signal in signals { sigaddset(&defaults, signal) }
        } else {
            sigfillset(&defaults)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | (setup.newSession ? Self.newSessionFlag : 0)))
        let argumentStrings: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let variables: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argumentStrings + variables).forEach { free($0) } }
        var processID: pid_t = 0
        let code = posix_spawn(&processID, program, &actions, &attributes, argumentStrings, variables)
        guard code == 0 else { throw SpawnFailure(code: code) }
        return processID
    }

    /// glibc's `POSIX_SPAWN_SETSID` (declared only under `_GNU_SOURCE`): the child calls `setsid`.
    private static let newSessionFlag: Int32 = 0x80

    /// git's `is_executable`: a regular file with its owner's execute bit.
    private static func isExecutable(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        return status.st_mode & S_IXUSR != 0
    }
}

/// Why a command could not be started: the `errno` value.
public struct SpawnFailure: Error, Sendable, Equatable {
    /// The `errno` value (`ENOENT`: no such program).
    public var code: Int32

    /// The failure of code `code`.
    public init(code: Int32) {
        self.code = code
    }

    /// The C library's words for it (`No such file or directory`).
    public var reason: String { String(cString: strerror(code)) }
}
