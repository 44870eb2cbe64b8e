import Glibc

/// Runs a program and collects what it prints, with `posix_spawn` and `waitpid`.
///
/// Not Foundation's `Process`: on Linux it notices a child's exit through a socket the child
/// inherits, and a daemon the child starts (the tmux server) inherits it too, so the exit is
/// never seen (swift-corelibs-foundation issue 4795). Here the child gets standard input from
/// `/dev/null`, standard output and error into one pipe, and no other descriptor of this
/// process, so a server it leaves behind holds nothing of ours or of other tests; and no
/// blocked or ignored signal (the test's worker thread blocks them, and a child inherits the
/// mask: a tmux server so started could not be stopped).
public enum Spawn {
    /// A program that could not be run.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// Runs `arguments`, the first looked up on `environment`'s `PATH`.
    /// - Returns: the exit status (as `waitpid` reports it) and the output.
    public static func run(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw Failure(description: "pipe failed") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
        closeFrom(3, &actions)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { (word: String) in strdup(word) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { (key, value) in strdup("\(key)=\(value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        var allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, resolve(arguments[0], on: environment["PATH"]), &actions, &attributes, argv, envp)
        close(ends[1])
        defer { close(ends[0]) }
        guard spawned == 0 else { throw Failure(description: "cannot run \(arguments[0]): error \(spawned)") }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            output += buffer[0..<count]
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status, String(decoding: output, as: UTF8.self))
    }

    /// Closes every descriptor from `lowest` up in the child (glibc 2.34 and later).
    private static func closeFrom(_ lowest: Int32, _ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, lowest)
    }

    /// The executable `name` on the directories of `path`, or `name` itself.
    private static func resolve(_ name: String, on path: String?) -> String {
        guard !name.contains("/"), let path else { return name }
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return name
    }
}
