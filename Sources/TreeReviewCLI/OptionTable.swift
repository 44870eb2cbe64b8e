import Render
import TreeModel

/// The table every option is parsed from and `--help` is generated from.
enum OptionTable {
    /// All options, in the order `--help` lists them.
    static let all: [OptionSpec] = [
        OptionSpec(key: .stdin, long: "stdin", short: nil, value: .none,
                   help: "Read a change list from standard input (git diff --name-status output, or paths one per line) instead of a repository."),
        OptionSpec(key: .staged, long: "staged", aliases: ["cached"], short: nil, value: .none,
                   help: "Compare the index with HEAD (or <rev>): what the next commit contains."),
        OptionSpec(key: .noUntracked, long: "no-untracked", short: nil, value: .none,
                   help: "Leave untracked files out of working-tree comparisons."),
        OptionSpec(key: .directory, long: nil, short: "C", value: .required("dir"),
                   help: "Run as if started in <dir>."),
        OptionSpec(key: .findRenames, long: "find-renames", short: "M", value: .optional("n"),
                   help: "Detect renames, with a minimum similarity (default 50%)."),
        OptionSpec(key: .noRenames, long: "no-renames", short: nil, value: .none,
                   help: "Turn off rename detection, even if diff.renames is set."),
        OptionSpec(key: .findCopies, long: "find-copies", short: nil, value: .optional("n"),
                   help: "Detect copies as well as renames."),
        OptionSpec(key: .renameLimit, long: nil, short: "l", value: .required("n"),
                   help: "Rename limit: skip the exhaustive rename search when sources × destinations exceed n² (default: diff.renameLimit, else 1000; 0: no limit)."),
        OptionSpec(key: .findCopiesHarder, long: "find-copies-harder", short: nil, value: .none,
                   help: "Detect copies from unmodified files too."),
        OptionSpec(key: .format, long: "format", short: nil, value: .required("format"),
                   choices: OutputFormat.allCases.map(\.rawValue),
                   help: "Output format: tree (default), json or plain. [treereview.format]"),
        OptionSpec(key: .nulTerminated, long: nil, short: "z", value: .none,
                   help: "Without --stdin: plain output with NUL-terminated, exact paths (implies --format plain). With --stdin: the input is NUL-separated (git diff --name-status -z); any format, and --format plain writes NUL-terminated paths."),
        OptionSpec(key: .color, long: "color", short: nil, value: .optional("when"),
                   choices: ColorMode.allCases.map(\.rawValue),
                   help: "Color: auto (default), always or never. NO_COLOR, CLICOLOR_FORCE and TERM=dumb are honored. [treereview.color]"),
        OptionSpec(key: .noColor, long: "no-color", short: nil, value: .none,
                   help: "Same as --color=never."),
        OptionSpec(key: .flatten, long: "flatten", short: nil, value: .none,
                   help: "Join directory-only chains into one row (default). [treereview.flatten]"),
        OptionSpec(key: .noFlatten, long: "no-flatten", short: nil, value: .none,
                   help: "Show every directory on its own row."),
        OptionSpec(key: .sort, long: "sort", short: nil, value: .required("order"),
                   choices: TreeOrder.allCases.map(\.rawValue),
                   help: "Sibling order: folders-first (default), name or input. [treereview.sort]"),
        OptionSpec(key: .depth, long: "depth", short: nil, value: .required("n"),
                   help: "Open n levels of the tree; deeper directories show as one row with their totals."),
        OptionSpec(key: .search, long: "search", short: nil, value: .required("query"),
                   help: "Find paths containing <query> (case-insensitive) and highlight them."),
        OptionSpec(key: .searchMode, long: "search-mode", short: nil, value: .required("mode"),
                   choices: SearchMode.allCases.map(\.rawValue),
                   help: "hide (default): only matches, in every format; collapse: matches opened, the rest collapsed; expand: everything, matches highlighted."),
        OptionSpec(key: .status, long: "status", short: nil, value: .required("filter"),
                   help: "Only some statuses, as git's --diff-filter: letters A C D M R T U ? keep, lower case drop (--status=d)."),
        OptionSpec(key: .icons, long: "icons", short: nil, value: .required("style"),
                   choices: IconMode.allCases.map(\.rawValue),
                   help: "File-type icons: nerd (Nerd Font glyphs), names (icon names as text) or none (default). [treereview.icons]"),
        OptionSpec(key: .charset, long: "charset", short: nil, value: .required("charset"),
                   choices: Charset.allCases.map(\.rawValue),
                   help: "Tree drawing characters: unicode or ascii (default: from the locale). [treereview.charset]"),
        OptionSpec(key: .noStat, long: "no-stat", short: nil, value: .none,
                   help: "Do not read content or count lines (faster)."),
        OptionSpec(key: .exitCode, long: "exit-code", short: nil, value: .none,
                   help: "Exit with status 1 when there are changes, 0 when there are none."),
        OptionSpec(key: .help, long: "help", short: "h", value: .none,
                   help: "Show this help."),
        OptionSpec(key: .version, long: "version", short: nil, value: .none,
                   help: "Show the version."),
    ]

    /// The option with this long name.
    static func long(_ name: String) -> OptionSpec? {
        all.first { $0.longNames.contains(name) }
    }

    /// The option with this short name.
    static func short(_ name: Character) -> OptionSpec? {
        all.first { $0.short == name }
    }
}
