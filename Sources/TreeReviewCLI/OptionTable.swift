import Annotations
import ChangeList
import PathFilters
import Render
import TreeModel

/// The table every option is parsed from and `--help` is generated from.
enum OptionTable {
    /// All options, in the order `--help` lists them.
    static let all: [OptionSpec] = [
        OptionSpec(key: .interactive, long: "interactive", short: "i", value: .none,
                   help: "Browse the changes full screen on the terminal: move through the tree, expand and collapse, find, filter by status, read each file's diff beside it; ? lists the keys."),
        OptionSpec(key: .stdin, long: "stdin", short: nil, value: .optional("form"),
                   choices: ChangeListForm.allCases.map(\.rawValue),
                   help: "Read the changes from standard input instead of a repository: git diff --name-status or --raw output, git status --porcelain output or paths one per line (newline- or NUL-separated), recognized from the whole input; <form> names it: paths, name-status, raw or porcelain."),
        OptionSpec(key: .staged, long: "staged", aliases: ["cached"], short: nil, value: .none,
                   help: "Compare the index with HEAD (or <rev>): what the next commit contains."),
        OptionSpec(key: .mergeBase, long: "merge-base", short: nil, value: .none,
                   help: "Compare from the merge base: <a> <b> as <a>...<b> (refused when there are several merge bases), <a> as the merge base of <a> and HEAD against the working tree or, with --staged, the index; as git diff --merge-base."),
        OptionSpec(key: .noUntracked, long: "no-untracked", short: nil, value: .none,
                   help: "Leave untracked files out of working-tree comparisons."),
        OptionSpec(key: .directory, long: nil, short: "C", value: .required("dir"),
                   help: "Run as if started in <dir>, as git -C <dir> does (this is not git diff's -C, which finds copies)."),
        OptionSpec(key: .findRenames, long: "find-renames", short: "M", value: .optional("n"),
                   help: "Detect renames with a minimum similarity <n> (50, 50% or 0.5; default 50%). On by default, as in git diff."),
        OptionSpec(key: .noRenames, long: "no-renames", short: nil, value: .none,
                   help: "Turn off rename detection, whatever diff.renames says."),
        OptionSpec(key: .findCopies, long: "find-copies", short: nil, value: .optional("n"),
                   help: "Detect copies as well as renames, with a minimum similarity <n>; given twice, as --find-copies-harder."),
        OptionSpec(key: .findCopiesHarder, long: "find-copies-harder", short: nil, value: .none,
                   help: "Detect copies from unmodified files too (implies --find-copies)."),
        OptionSpec(key: .renameLimit, long: nil, short: "l", value: .required("n"),
                   help: "The rename limit: when sources × destinations exceed n², skip the exhaustive rename search and print git's warning; 0 means no limit. Default: diff.renameLimit, else 1000."),
        OptionSpec(key: .format, long: "format", short: nil, value: .required("format"),
                   choices: OutputFormat.allCases.map(\.rawValue),
                   help: "Output format: tree (default), json, markdown or plain. [treereview.format]"),
        OptionSpec(key: .write, long: "write", short: nil, value: .required("format=file"),
                   help: "Also write the report in <format> (tree, json, markdown or plain) to <file> (created or emptied; a relative name from -C's directory), from the same comparison as standard output's, as a run with that --format writes to a file; may be given more than once. An option of one format (--max-bytes, --hunks, -z, --directories, --group-by, --link-template, --title) applies to the formats written that take it."),
        OptionSpec(key: .nulTerminated, long: nil, short: "z", value: .none,
                   help: "Without --stdin: plain output with NUL-terminated, exact paths (implies --format plain). With --stdin: the input is NUL-separated, as git diff --name-status -z writes it; the output is any format, and --format plain writes NUL-terminated paths."),
        OptionSpec(key: .directories, long: "directories", short: nil, value: .optional("depth"),
                   help: "List the changed files' directories instead of the files: each cut to its first <depth> pieces (default 1), . for the top level, each once, sorted by bytes; one per line (implies --format plain), or a directories array with --format json."),
        OptionSpec(key: .groupBy, long: "group-by", short: nil, value: .required("key"), choices: ["owner", "package", "group"],
                   help: "With --format markdown: owner, one section per code owner (CODEOWNERS as GitHub reads it: the base side's, unless --owners-from=new) listing that owner's changed files by path; a file with several owners is in each of their sections, one with none under unowned. With the tree or markdown: package, one section per changed package (implies --packages); group, one section per changed group of --filters (a file in two groups is in both), then the files in no group."),
        OptionSpec(key: .filters, long: "filters", short: nil, value: .required("file"),
                   help: "Sort the changed files into the named groups of <file>, in dorny/paths-filter's YAML format (group: glob, a list of globs, or status: globs; !glob takes files out): JSON adds groups, the tree and Markdown headers name the groups that changed."),
        OptionSpec(key: .group, long: "group", short: nil, value: .required("name"),
                   help: "With --filters: keep only the files of group <name> (in any format); may be given more than once, keeping the files of any of them."),
        OptionSpec(key: .predicateQuantifier, long: "predicate-quantifier", short: nil, value: .required("q"),
                   choices: PredicateQuantifier.allCases.map(\.rawValue),
                   help: "With --filters: some (default), a file is in a group when one of its patterns matches and no !pattern does; every, when every pattern matches (paths-filter's predicate-quantifier)."),
        OptionSpec(key: .packages, long: "packages", short: nil, value: .none,
                   help: "Place each changed file in its nearest package root as of the compared side (Package.swift, package.json, Cargo.toml with [package], go.mod, pyproject.toml; . for the top): plain lists the changed package roots, JSON adds packages, the tree lists them after the files."),
        OptionSpec(key: .affected, long: "affected", short: nil, value: .none,
                   help: "With --packages (implied): add every package that depends on a changed one, transitively, through local manifest dependencies (SwiftPM .package(path:), npm workspaces, Cargo path, Go replace), each with the changed package and the chain that reached it."),
        OptionSpec(key: .affectsAll, long: "affects-all", short: nil, value: .required("pattern"),
                   help: "A changed file matching <pattern> (from the top; * and ? within a piece, ** any pieces) makes every package affected (implies --affected); may be given more than once, as for a root lock file or CI configuration."),
        OptionSpec(key: .hunks, long: "hunks", short: nil, value: .none,
                   help: "With --format json: each text file's changed lines, as the hunks of git diff -U0 (old and new start and line count), with line counts from the same diff, for linters that report on changed lines only."),
        OptionSpec(key: .maxBytes, long: "max-bytes", short: nil, value: .required("n"),
                   help: "With --format markdown: write at most n bytes (default 1000000, under GitHub's step summary limit; 65536 for a pull-request comment), rolling up the deepest directories to fit."),
        OptionSpec(key: .linkTemplate, long: "link-template", short: nil, value: .required("template"),
                   help: "With --format markdown: each file's name is a link to the URL <template> makes: {path} is the file's path, percent-encoded; {sha256} the hex SHA-256 of its path (GitHub's #diff-{sha256} anchor on a pull request's Files tab); {commit} the new side's commit, the old side's for a deleted file (refused when the new side is the index or the working tree)."),
        OptionSpec(key: .title, long: "title", short: nil, value: .required("text"),
                   help: "With --format markdown: <text> in the heading instead of the comparison (feature → main); the counts follow it."),
        OptionSpec(key: .color, long: "color", short: nil, value: .optional("when"),
                   choices: ColorMode.allCases.map(\.rawValue),
                   help: "Color: auto (default), always or never; --color alone is always. [treereview.color]"),
        OptionSpec(key: .noColor, long: "no-color", short: nil, value: .none,
                   help: "Same as --color=never."),
        OptionSpec(key: .flatten, long: "flatten", short: nil, value: .none,
                   help: "Join directory-only chains into one row (src/lib/core/), the default. [treereview.flatten]"),
        OptionSpec(key: .noFlatten, long: "no-flatten", short: nil, value: .none,
                   help: "Show every directory on its own row."),
        OptionSpec(key: .sort, long: "sort", short: nil, value: .required("order"),
                   choices: TreeOrder.allCases.map(\.rawValue),
                   help: "Sibling order: folders-first (default), name (directories and files mixed), input (the order of the change set) or size (lines changed, most first; folders first). [treereview.sort]"),
        OptionSpec(key: .depth, long: "depth", short: nil, value: .required("n"),
                   help: "Open n levels of rows (0: only the top level); a deeper directory is one row with its roll-up: file count, status counts and +/− totals."),
        OptionSpec(key: .search, long: "search", short: nil, value: .required("query"),
                   help: "Find paths whose full path contains <query>, ignoring case (\\ counts as /); matches are highlighted when colored."),
        OptionSpec(key: .searchMode, long: "search-mode", short: nil, value: .required("mode"),
                   choices: SearchMode.allCases.map(\.rawValue),
                   help: "hide (default): only matches and their directories, in every format; collapse: everything collapsed but the way to the matches; expand: the usual tree, with the way to every match opened."),
        OptionSpec(key: .status, long: "status", short: nil, value: .required("filter"),
                   help: "Keep only some statuses, as git diff --diff-filter: upper-case letters keep (--status=AM), lower-case letters drop (--status=d)."),
        OptionSpec(key: .icons, long: "icons", short: nil, value: .required("style"),
                   choices: IconMode.allCases.map(\.rawValue),
                   help: "File-type icons: nerd (Nerd Font glyphs), names (icon names as text) or none (default). [treereview.icons]"),
        OptionSpec(key: .charset, long: "charset", short: nil, value: .required("charset"),
                   choices: Charset.allCases.map(\.rawValue),
                   help: "Tree drawing characters: unicode or ascii; by default ascii when the locale names a character set other than UTF-8. [treereview.charset]"),
        OptionSpec(key: .unviewed, long: "unviewed", short: nil, value: .none,
                   help: "Hide the files marked viewed (treereview viewed) that have not changed since."),
        OptionSpec(key: .sinceReview, long: "since-review", short: nil, value: .none,
                   help: "Only the files whose change differs from what it was at your last review (the latest head recorded by treereview viewed or v among the files' marks): the comparison as it was then is read, and a file whose old and new sides, or whose patch but for line numbers, are as they were is left out."),
        OptionSpec(key: .since, long: "since", short: nil, value: .required("rev"),
                   help: "As --since-review, with <rev> as the head reviewed (the old side then: the merge base of the old side now with <rev>)."),
        OptionSpec(key: .includeGenerated, long: "include-generated", short: nil, value: .none,
                   help: "Count generated and vendored files like the others, each on its own row, marked; by default they are left out of the totals and folded into one row per directory, as on a pull request."),
        OptionSpec(key: .owners, long: "owners", short: nil, value: .none,
                   help: "Show each file's code owners after its name, and on each directory the owners of the files below it, from the CODEOWNERS file of the side --owners-from names (by default the base of a comparison of revisions, as GitHub reads it)."),
        OptionSpec(key: .owner, long: "owner", short: nil, value: .required("owner"),
                   help: "Keep only the files that CODEOWNERS gives to <owner> (@user, @org/team or an email address, in any case); may be given more than once."),
        OptionSpec(key: .ownersFrom, long: "owners-from", short: nil, value: .required("side"),
                   choices: CodeOwnersSide.allCases.map(\.rawValue),
                   help: "Whose CODEOWNERS gives the owners: base, the revision merged into (A of A...B and A..B), as GitHub requests reviews from it (the default for revisions); new, the compared side's own (the default for the index and the working tree)."),
        OptionSpec(key: .noStat, long: "no-stat", short: nil, value: .none,
                   help: "Read no content and count no lines (faster); line counts are null in JSON."),
        OptionSpec(key: .noCache, long: "no-cache", short: nil, value: .none,
                   help: "Neither use nor keep the results cache of earlier runs (fingerprints and line counts of blobs, tree comparisons); the output is the same either way."),
        OptionSpec(key: .exitCode, long: "exit-code", short: nil, value: .none,
                   help: "Exit with status 1 when there are changes (after --status and a hiding --search), 0 when there are none."),
        OptionSpec(key: .noPager, long: "no-pager", short: "P", value: .none,
                   help: "Do not page: write straight to the terminal, whatever treereview.pager says."),
        OptionSpec(key: .paginate, long: "paginate", short: nil, value: .none,
                   help: "Page output to a terminal even when treereview.pager is false, and in a git hook."),
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
         .includeGenerated, .owners, .owner, .ownersFrom, .sinceReview, .since].contains(key)
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
    case format, write, linkTemplate, title, nulTerminated, color, noColor, staged, directory, noUntracked, mergeBase
    case findRenames, noRenames, findCopies, findCopiesHarder
    case noStat, noCache, exitCode, flatten, noFlatten, help, version
    case stdin, sort, depth, search, searchMode, icons, charset, status, renameLimit
    case paginate, noPager, unviewed, interactive, directories, maxBytes, groupBy, hunks
    case packages, affected, affectsAll
    case filters, group, predicateQuantifier
    case includeGenerated, owners, owner, ownersFrom, sinceReview, since
}

/// `--help`, generated from ``OptionTable``: each option's names, then its help text,
/// wrapped to ``width`` columns under a column of its own.
enum HelpText {
    static let usage = """
        usage: treereview [options] [<rev> | <a>..<b> | <a>...<b> | <a> <b>]
                          [-- <pathspec>...]
           or: treereview <command> [<arguments>]
        """

    /// The widest line, in columns.
    static let width = 80

    static var text: String {
        var lines = [
            "treereview — what changed, where: changed files as an annotated tree.",
            "",
            usage,
            "",
            "COMPARISONS (as git diff)",
            "  (none)         HEAD against the index and working tree, with untracked files",
            "  <rev>          <rev> against the working tree, with untracked files",
            "  <a>..<b>       the tree of <a> against the tree of <b> (also: <a> <b>)",
            "  <a>...<b>      the merge base of <a> and <b> against <b>",
            "  --staged       HEAD (or <rev>) against the index",
            "  --stdin        a change list read from standard input",
            "  -- <path>...   only these paths",
            "",
            "OPTIONS (a [key] is the git config key that sets the default)",
        ]
        let synopses = OptionTable.all.map(\.synopsis)
        let column = 2 + (synopses.map(\.count).max() ?? 0) + 2
        for (spec, synopsis) in zip(OptionTable.all, synopses) {
            let wrapped = wrap(spec.help, width: width - column)
            let indent = String(repeating: " ", count: column)
            lines.append("  " + synopsis.padding(toLength: column - 2, withPad: " ", startingAt: 0) + wrapped[0])
            lines += wrapped.dropFirst().map { indent + $0 }
        }
        lines += ["", "COMMANDS (treereview help <command> shows one)"]
        for subcommand in Subcommand.all {
            lines.append("  treereview \(subcommand.name) \(subcommand.usage)")
            lines += wrap(subcommand.help, width: width - 6).map { "      " + $0 }
        }
        lines += [
            "",
            "EXIT STATUS",
            "  0 success; 1 changes found with --exit-code; 2 any error.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a longer word gets a line of its own).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines
    }
}
