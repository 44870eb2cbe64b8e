import Render

/// A word that, given as the first argument, runs a command other than a comparison
/// (`treereview completion bash`). ``all`` is the one table that dispatch, the completion
/// scripts and the man page read.
struct Subcommand: Sendable {
    /// What completes the subcommand's arguments.
    enum Arguments: Sendable, Equatable {
        /// One word from a fixed set.
        case choice([String])
        /// Paths in the repository, any number.
        case paths
    }

    /// The word that selects it.
    let name: String
    /// Its arguments as the usage line shows them (`bash|zsh|fish`).
    let usage: String
    /// What completes its arguments.
    let arguments: Arguments
    /// One line of help.
    let help: String
    /// Runs it with the arguments after its name; returns the exit status.
    let run: @Sendable (_ arguments: [String], _ environment: [String: String], _ io: IO) throws -> Int32

    /// Every subcommand, in the order help and the man page list them.
    static let all: [Subcommand] = others + [.help]

    /// Every subcommand but `help`, whose names `help` takes.
    private static let others: [Subcommand] = [.explain, .viewed, .unviewed, .completion]

    /// The subcommand called `name`, if there is one.
    static func named(_ name: String) -> Subcommand? {
        all.first { $0.name == name }
    }

    /// `usage: treereview <name> <arguments>`.
    var usageLine: String { "usage: treereview \(name) \(usage)" }

    /// What `treereview <name> --help` prints: the usage line and the help.
    var helpText: String { "\(usageLine)\n\(help)\n" }

    /// Runs the subcommand named by the first argument, if it names one; `nil` otherwise,
    /// for a comparison. Errors are reported as every error is: one line, exit 2.
    static func runIfNamed(_ arguments: [String], environment: [String: String], io: IO) -> Int32? {
        guard let first = arguments.first, let subcommand = named(first) else { return nil }
        let rest = Array(arguments.dropFirst())
        do {
            if rest.contains("-h") || rest.contains("--help") {
                try io.standardOutput.write(Array(subcommand.helpText.utf8))
                return 0
            }
            return try subcommand.run(rest, environment, io)
        } catch is BrokenPipe {
            return 0
        } catch {
            let message = (error as? UsageError)?.message ?? "\(error)"
            try? io.standardError.write(Array("treereview: \(TerminalText.escaped(message))\n".utf8))
            return 2
        }
    }
}

extension Subcommand {
    /// `treereview help [<command>]`, as `git help`: alone, what `--help` prints; with a
    /// command's name, what `treereview <command> --help` prints.
    static let help = Subcommand(
        name: "help",
        usage: "[<command>]",
        arguments: .choice(others.map(\.name) + ["help"]),
        help: "Show the help, or a command's: its usage and what it does."
    ) { arguments, _, io in
        guard let name = arguments.first else {
            try io.standardOutput.write(Array(HelpText.text.utf8))
            return 0
        }
        guard let subcommand = named(name) else {
            throw UsageError("'\(name)' is not a treereview command. See 'treereview --help'.")
        }
        guard arguments.count == 1 else {
            throw UsageError("help takes one command, not '\(arguments.joined(separator: " "))'")
        }
        try io.standardOutput.write(Array(subcommand.helpText.utf8))
        return 0
    }

    /// `treereview completion bash|zsh|fish`: prints the shell's completion script.
    static let completion = Subcommand(
        name: "completion",
        usage: CompletionShell.allCases.map(\.rawValue).joined(separator: "|"),
        arguments: .choice(CompletionShell.allCases.map(\.rawValue)),
        help: "Print the completion script for bash, zsh or fish."
    ) { arguments, _, io in
        let expected = "expected " + CompletionShell.spelledList
        guard let name = arguments.first else {
            throw UsageError("completion needs a shell: " + CompletionShell.spelledList)
        }
        guard let shell = CompletionShell(rawValue: name) else {
            throw UsageError("unknown shell '\(name)' for completion: \(expected)")
        }
        guard arguments.count == 1 else {
            throw UsageError("completion takes one shell, not '\(arguments.dropFirst().joined(separator: " "))'")
        }
        try io.standardOutput.write(Array(Completion.script(for: shell).utf8))
        return 0
    }
}

extension Subcommand {
    /// `treereview viewed [<comparison> --] <path>...`: marks changed files viewed.
    static let viewed = Subcommand(
        name: "viewed",
        usage: "[<comparison> --] <path>...",
        arguments: .paths,
        help: "Mark the changed files at these paths (a directory: every one below it) viewed, with the content they have in the comparison (default: HEAD against the working tree)."
    ) { arguments, environment, io in
        try ViewedMarking(viewed: true).run(arguments, environment: environment, io: io)
    }

    /// `treereview unviewed [<comparison> --] <path>...`: removes their marks.
    static let unviewed = Subcommand(
        name: "unviewed",
        usage: "[<comparison> --] <path>...",
        arguments: .paths,
        help: "Remove the viewed marks of the files at these paths (a directory: every one below it), changed or not."
    ) { arguments, environment, io in
        try ViewedMarking(viewed: false).run(arguments, environment: environment, io: io)
    }
}
