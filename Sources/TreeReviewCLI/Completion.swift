/// The shells `treereview completion` writes a script for.
enum CompletionShell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    /// "bash, zsh or fish".
    static var spelledList: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}

/// Shell completion scripts, generated from ``OptionTable`` and ``Subcommand/all``: options,
/// their fixed values, revisions (asked of git when completing, on both sides of `..` and
/// `...`), paths after `--`, and the subcommands with their arguments.
enum Completion {
    /// What completes an option's value.
    enum Value: Equatable {
        /// Nothing: the option is a flag.
        case flag
        /// One of a fixed set of words.
        case choice([String])
        /// A directory.
        case directory
        /// Free text: nothing to offer.
        case text
    }

    /// The script for `shell`, completing `subcommands` as well as comparisons.
    static func script(for shell: CompletionShell, subcommands: [Subcommand] = Subcommand.all) -> String {
        switch shell {
        case .bash: bashScript(subcommands)
        case .zsh: zshScript(subcommands)
        case .fish: fishScript(subcommands)
        }
    }

    /// The git arguments that list the revisions offered (local branches, tags, remote
    /// branches), besides `HEAD`.
    static let revisionListing = "for-each-ref --format='%(refname:short)' refs/heads refs/tags refs/remotes"

    /// What completes the value of `spec`.
    static func value(of spec: OptionSpec) -> Value {
        if spec.value == .none { return .flag }
        if !spec.choices.isEmpty { return .choice(spec.choices) }
        if spec.key == .directory { return .directory }
        return .text
    }

    /// Whether the value of `spec` may be the next word (`--format json`, `-C dir`), not
    /// only attached (`--color=always`).
    static func takesNextWord(_ spec: OptionSpec) -> Bool {
        if case .required = spec.value { return true }
        return false
    }

    /// Every name of `spec` with its dashes: `-C`, `--staged`, `--cached`.
    static func names(of spec: OptionSpec) -> [String] {
        (spec.short.map { ["-\($0)"] } ?? []) + spec.longNames.map { "--\($0)" }
    }

    /// Every option name, in table order.
    static var allNames: [String] { OptionTable.all.flatMap(names(of:)) }

    /// Options whose value may be the next word.
    static var nextWordOptions: [OptionSpec] { OptionTable.all.filter(takesNextWord) }

    /// Options whose value is a fixed set of words, with those words.
    static var choiceOptions: [(spec: OptionSpec, choices: [String])] {
        OptionTable.all.compactMap { spec in
            if case .choice(let choices) = value(of: spec) { return (spec, choices) }
            return nil
        }
    }

    /// The names of the options whose value is a directory.
    static var directoryNames: [String] {
        OptionTable.all.filter { value(of: $0) == .directory }.flatMap(names(of:))
    }

    /// The one-letter names of the options whose value is a directory (`-C`), for the
    /// attached form `-Cdir`.
    static var attachedDirectoryNames: [String] {
        OptionTable.all.filter { value(of: $0) == .directory }.compactMap { $0.short.map { "-\($0)" } }
    }
}
