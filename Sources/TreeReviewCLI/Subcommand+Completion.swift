extension Subcommand {
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
