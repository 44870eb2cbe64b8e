import GitRules

/// The program that pages output on a terminal, chosen as git chooses its pager:
/// `GIT_PAGER`, else `core.pager`, else `PAGER`, else `less`; `treereview.pager` is to
/// treereview what `pager.<command>` is to a git command.
struct Pager: Equatable {
    /// What the command line and `treereview.pager` ask for, before the environment and the
    /// terminal have their say.
    enum Request: Equatable {
        /// No pager (`--no-pager`, `treereview.pager=false`).
        case off
        /// The usual pager (the default, `--paginate`, `treereview.pager=true`).
        case usual
        /// This command (`treereview.pager=less -S`), unless `GIT_PAGER` names another.
        case command(String)

        /// A `treereview.pager` value, read as git reads `pager.<command>`: a boolean
        /// (``GitConfigValue/bool(_:)``: `true`/`yes`/`on`, `false`/`no`/`off`, empty, or an
        /// `int`: zero is false) turns paging on or off; any other text is the pager command.
        static func fromConfig(_ text: String) -> Request {
            guard let on = GitConfigValue.bool(text) else { return .command(text) }
            return on ? .usual : .off
        }
    }

    /// The shell command that runs the pager (`less`, `less -S`, `delta --paging=always`).
    let command: String
    /// Variables the pager gets beyond treereview's own environment: `LESS=FRX` and
    /// `LV=-c` (colors kept, short output printed and left on the screen), each only when
    /// the variable is not set at all, as git does.
    let addedEnvironment: [String: String]

    /// The pager for output to standard output, or nil to write straight to it: never
    /// when standard output is not a terminal, nor when paging is off, the command is
    /// empty or the command is `cat`.
    static func choose(
        _ request: Request, corePager: String?, environment: [String: String], isTerminal: Bool
    ) -> Pager? {
        guard isTerminal else { return nil }
        let configured: String?
        switch request {
        case .off: return nil
        case .usual: configured = nil
        case .command(let command): configured = command
        }
        let command = environment["GIT_PAGER"] ?? configured ?? corePager ?? environment["PAGER"] ?? "less"
        guard !command.isEmpty, command != "cat" else { return nil }
        var added: [String: String] = [:]
        for (name, value) in defaultEnvironment where environment[name] == nil {
            added[name] = value
        }
        return Pager(command: command, addedEnvironment: added)
    }

    /// What git gives `less` and `lv` unless the user set their options.
    static let defaultEnvironment = ["LESS": "FRX", "LV": "-c"]
}

extension Pager {
    /// Runs `produce` with a sink for standard output, whose bytes go through the pager
    /// ``choose(_:corePager:environment:isTerminal:)`` picks when `io` may start one, started
    /// with the first bytes written (none for empty output), and waited for at the end; else,
    /// or when it cannot be started, straight to standard output. A pager that quits before
    /// the end raises ``BrokenPipe``.
    static func write(
        request: Request, corePager: String?, environment: [String: String], io: IO,
        _ produce: (ByteSink) throws -> Void
    ) throws {
        let output = PagedOutput { () -> ByteSink in
            guard io.canStartPager,
                  let pager = choose(request, corePager: corePager, environment: environment, isTerminal: io.outputIsTerminal),
                  let process = try? PagerProcess.start(pager, environment: environment)
            else { return io.standardOutput }
            return process
        }
        defer { output.finish() }
        try produce(output)
    }
}
