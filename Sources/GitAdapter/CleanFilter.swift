import GitRules
import Glibc

/// A `filter.<driver>.clean` command run as git runs it on a working-tree file
/// (`apply_single_file_filter`): `%f` replaced by the path, shell-quoted; started as git
/// starts a command (``ShellCommand``) in the top of the working tree, with the file as its
/// standard input; its standard output is the cleaned content.
struct CleanFilter {
    /// The driver's name (the `filter` attribute's value).
    let driver: String
    /// The `clean` command as configured.
    let command: String
    /// `filter.<driver>.required`: a failure stops the comparison instead of leaving the
    /// content as it is.
    let required: Bool

    /// The cleaned content of the file at `full` (shown as `path`), or `nil` when the
    /// command fails and is not required (git then takes the file as it is).
    func run(on full: [UInt8], path: [UInt8], workdir: String, environment: [String: String]) throws -> [UInt8]? {
        if command.isEmpty { return try failed(path) }
        let input = full.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard input >= 0 else { return try failed(path) }
        defer { close(input) }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return try failed(path) }
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let shell = ShellCommand(expanded(path))
        let setup = ShellCommand.Setup(input: .descriptor(input), output: .descriptor(pipeEnds[1]), directory: workdir)
        let process: pid_t
        do {
            process = try shell.spawn(environment: environment, setup: setup)
        } catch {
            close(pipeEnds[0])
            close(pipeEnds[1])
            return try failed(path)
        }
        close(pipeEnds[1])
        let output = WorkingTreeFile.readAll(pipeEnds[0])
        close(pipeEnds[0])
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7f == 0 && (status >> 8) & 0xff == 0
        guard exited, let output else { return try failed(path) }
        return output
    }

    /// The command with git's `%f` (the path, quoted for the shell) and `%%` expanded.
    func expanded(_ path: [UInt8]) -> String {
        var result = ""
        var characters = command.makeIterator()
        while let character = characters.next() {
            guard character == "%" else {
                result.append(character)
                continue
            }
            switch characters.next() {
            case "f"?: result += Self.quoted(String(decoding: path, as: UTF8.self))
            case "%"?: result.append("%")
            case let other?: result += "%" + String(other)
            case nil: result.append("%")
            }
        }
        return result
    }

    /// git's `sq_quote_buf`: in single quotes, `'` and `!` taken out of them.
    static func quoted(_ text: String) -> String {
        var result = "'"
        for character in text {
            if character == "'" || character == "!" {
                result += "'\\\(character)'"
            } else {
                result.append(character)
            }
        }
        return result + "'"
    }

    private func failed(_ path: [UInt8]) throws -> [UInt8]? {
        guard required else { return nil }
        throw AdapterError.repository("\(String(decoding: path, as: UTF8.self)): clean filter '\(driver)' failed")
    }
}
