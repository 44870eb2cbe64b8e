/// One command-line option: its names, whether it takes a value, and its help text.
struct OptionSpec: Sendable {
    /// How an option takes its value.
    enum Value: Sendable, Equatable {
        /// A flag: no value.
        case none
        /// A value that must follow (`--format json`, `--format=json`, `-C dir`, `-Cdir`).
        case required(String)
        /// A value only when attached (`-M50%`, `--find-renames=50`).
        case optional(String)
    }

    /// What the option sets, independent of which of its names was used.
    let key: OptionKey
    /// Long name without dashes (`format`), if any.
    let long: String?
    /// Other long names meaning the same (`cached` for `staged`).
    var aliases: [String] = []
    /// Short name without the dash (`z`), if any.
    let short: Character?
    /// Its value.
    let value: Value
    /// The values it accepts, when they are a fixed set.
    var choices: [String] = []
    /// One line of help.
    let help: String

    /// Whether only a comparison read from a repository uses it (not a change list read with `--stdin`).
    var isRepositoryOnly: Bool {
        [.findRenames, .noRenames, .findCopies, .findCopiesHarder, .renameLimit, .noUntracked, .unviewed,
         .includeGenerated, .owners, .owner].contains(key)
    }

    /// Every long name it answers to.
    var longNames: [String] { (long.map { [$0] } ?? []) + aliases }

    /// How `--help` shows the option's names.
    var synopsis: String {
        var names: [String] = []
        if let short { names.append("-\(short)") }
        names += longNames.map { "--\($0)" }
        var text = names.joined(separator: ", ")
        switch value {
        case .none: break
        case .required(let name): text += " <\(name)>"
        case .optional(let name): text += long != nil ? "[=<\(name)>]" : "[<\(name)>]"
        }
        return text
    }
}

/// Identifies what an option sets.
enum OptionKey: Sendable, Hashable {
    case format, nulTerminated, color, noColor, staged, directory, noUntracked
    case findRenames, noRenames, findCopies, findCopiesHarder
    case noStat, noCache, exitCode, flatten, noFlatten, help, version
    case stdin, sort, depth, search, searchMode, icons, charset, status, renameLimit
    case paginate, noPager, unviewed, interactive, directories, maxBytes, groupBy
    case includeGenerated, owners, owner
}
