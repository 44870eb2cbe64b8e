import Foundation

/// The manual page `treereview(1)`, generated from ``OptionTable``, ``Subcommand/all`` and
/// ``Settings/configKeys`` and committed as `Docs/treereview.1` (a test keeps it current).
enum ManPage {
    /// The page, in roff with the `man` macros.
    static func render() -> String {
        var page = Roff()
        page.comment("Generated from the option table by treereview's ManPage.swift; do not edit.")
        page.macro("TH", "TREEREVIEW", "1", "", "treereview \(TreeReview.version)", "User Commands")
        page.macro("nh")
        page.macro("SH", "NAME")
        page.line("treereview \\- " + Roff.escape(summary))
        synopsis(&page)
        page.macro("SH", "DESCRIPTION")
        for (index, paragraph) in description.enumerated() {
            if index > 0 { page.macro("PP") }
            page.line(Roff.prose(paragraph))
        }
        page.macro("SH", "COMPARISONS")
        for comparison in comparisons {
            page.tagged(Roff.prose(comparison.arguments), Roff.prose(comparison.meaning))
        }
        page.macro("PP")
        page.line(Roff.prose(revisionsNote))
        page.macro("SH", "OPTIONS")
        for spec in OptionTable.all {
            page.tagged(tag(for: spec), body(for: spec))
        }
        page.macro("SH", "COMMANDS")
        for subcommand in Subcommand.all {
            page.tagged(Roff.bold("treereview \(subcommand.name)") + " " + Roff.prose(subcommand.usage), Roff.prose(subcommand.help))
        }
        configuration(&page)
        page.macro("SH", "ENVIRONMENT")
        for variable in environment {
            page.tagged(variable.names.map(Roff.bold).joined(separator: ", "), Roff.prose(variable.meaning))
        }
        page.macro("SH", "EXIT STATUS")
        for exit in exitStatuses {
            page.tagged(Roff.bold(exit.status), Roff.prose(exit.meaning))
        }
        page.macro("SH", "EXAMPLES")
        for example in examples {
            page.tagged(Roff.bold(example.command), Roff.prose(example.meaning))
        }
        page.macro("SH", "SEE ALSO")
        page.line(seeAlso.map { Roff.bold($0.0) + "(\($0.1))" }.joined(separator: ", "))
        return page.text
    }

    private static func synopsis(_ page: inout Roff) {
        page.macro("SH", "SYNOPSIS")
        page.macro("B", "treereview")
        let revisions = [
            Roff.italic("rev"),
            Roff.italic("a") + Roff.bold("..") + Roff.italic("b"),
            Roff.italic("a") + Roff.bold("...") + Roff.italic("b"),
            Roff.italic("a") + " " + Roff.italic("b"),
        ]
        page.line("[" + Roff.italic("options") + "] [" + revisions.joined(separator: " | ") + "] ["
                  + Roff.bold("--") + " " + Roff.italic("pathspec") + "...]")
        for subcommand in Subcommand.all {
            page.macro("br")
            page.macro("B", "treereview \(subcommand.name)")
            page.line(Roff.prose(subcommand.usage))
        }
    }

    private static func configuration(_ page: inout Roff) {
        page.macro("SH", "CONFIGURATION")
        page.line(Roff.prose(configurationNote))
        for key in Settings.configKeys {
            var sentences: [String] = []
            if let spec = OptionTable.all.first(where: { configKey(in: $0.help).key == key }), let long = spec.long {
                let values = spec.choices.isEmpty ? ["true", "false"] : spec.choices
                sentences.append("The default of " + Roff.bold("--" + long) + ": "
                                 + Roff.escape(values.dropLast().joined(separator: ", ") + " or " + values.last! + "."))
            }
            if let remark = configurationRemarks[key] { sentences.append(Roff.prose(remark)) }
            page.tagged(Roff.bold(key), sentences.joined(separator: " "))
        }
        for entry in gitConfiguration {
            page.tagged(Roff.bold(entry.key), Roff.prose(entry.meaning))
        }
    }

    /// `\fB\-M\fR[\fIn\fR], \fB\-\-find\-renames\fR[=\fIn\fR]`.
    private static func tag(for spec: OptionSpec) -> String {
        func withValue(_ name: String, long: Bool) -> String {
            switch spec.value {
            case .none: Roff.bold(name)
            case .required(let value): Roff.bold(name) + " " + Roff.italic(value)
            case .optional(let value): Roff.bold(name) + (long ? "[=" : "[") + Roff.italic(value) + "]"
            }
        }
        let short = spec.short.map { [withValue("-\($0)", long: false)] } ?? []
        return (short + spec.longNames.map { withValue("--\($0)", long: true) }).joined(separator: ", ")
    }

    private static func body(for spec: OptionSpec) -> String {
        let (text, key) = configKey(in: spec.help)
        guard let key else { return Roff.prose(text) }
        return Roff.prose(text) + " Its default can be set with " + Roff.bold(key) + "."
    }

    /// Help text without its trailing ` [treereview.key]`, and that key.
    static func configKey(in help: String) -> (text: String, key: String?) {
        guard help.hasSuffix("]"), let open = help.range(of: " [", options: .backwards) else { return (help, nil) }
        let key = String(help[open.upperBound..<help.index(before: help.endIndex)])
        guard Settings.configKeys.contains(key) else { return (help, nil) }
        return (String(help[..<open.lowerBound]), key)
    }
}

extension ManPage {
    /// The one-line summary in NAME.
    static let summary = "what changed, where: changed files as an annotated tree"

    /// DESCRIPTION, one paragraph each.
    static let description = [
        "treereview shows the files that a branch, a commit range, the index or the working tree changed, as an annotated directory tree, as JSON for the next step of a pipeline, or as a plain list. It reads git repositories through libgit2, and its figures are git's own: statuses, renames and line counts equal those of git diff.",
        "Each row of the tree shows a file's status letter (A added, C copied, D deleted, M modified, R renamed, T type changed, U unmerged, ? untracked), its name, the old name of a rename or copy with its similarity, and its added and removed lines; each directory shows the totals of what it contains. Directory-only chains are joined into one row unless --no-flatten is given.",
        "File names are hostile input: in the tree and plain formats, control characters and invalid UTF-8 are shown escaped; JSON and -z output keep them exact. treereview never writes to the repository, except the marks of treereview viewed and unviewed, kept under its git directory.",
        "make install also installs it as git-treereview, so that git treereview runs it (with the same name in its messages), and this page as git-treereview(1), which git help treereview opens. In a git hook it never pages (see GIT_EXEC_PATH below).",
    ]

    /// COMPARISONS: what the arguments compare, as in git diff.
    static let comparisons: [(arguments: String, meaning: String)] = [
        ("(none)", "HEAD against the index and working tree (as git diff HEAD), plus untracked files."),
        ("<rev>", "<rev> against the working tree, plus untracked files."),
        ("<a>..<b>, <a> <b>", "The tree of <a> against the tree of <b>."),
        ("<a>...<b>", "The merge base of <a> and <b> against <b>: what <b> changed since it left <a>. With several merge bases, git's warning is printed and git's choice is used; with none, it is an error."),
        ("--staged, --cached", "HEAD (or <rev>) against the index: what the next commit contains."),
        ("--stdin", "A change list read from standard input; no repository is needed."),
        ("-- <pathspec>...", "Only these paths."),
    ]

    /// The paragraph after the comparisons.
    static let revisionsNote = "An empty side of a range means HEAD (main.. is main..HEAD). An unborn HEAD is the empty tree. A revision is anything git's revision syntax accepts (HEAD~3, tags, abbreviated object names, @{u}). A bare repository can compare revisions, not the index or a working tree."

    /// CONFIGURATION: the introduction.
    static let configurationNote = "Each setting is decided once: the command line first, then git config (the repository's, the user's and the system's, as git reads them), then the default. An invalid value in git config is an error naming the key."

    /// CONFIGURATION: what a key means beyond being an option's default.
    static let configurationRemarks: [String: String] = [
        "treereview.color": "As in git's color settings, true means auto and false means never.",
        "treereview.pager": "Whether and with what to page output to a terminal, as git's pager.<command>: false (also no, off, 0 or empty) turns paging off, true (also yes, on or another number) keeps the usual pager, and anything else is the pager command, which only GIT_PAGER overrides.",
        "treereview.icon": "An icon override, for --icons nerd or names; may be given several times, and the first matching entry wins. file=<name>, folder=<name> and folder-open=<name> replace the structural icons; basename:<basename>=<name> matches an exact basename, ignoring case; contains:<text>=<name> matches basenames containing <text> (the longest wins); ext:<extension>=<name> matches an extension, compound extensions first (spec.ts before ts).",
    ]

    /// CONFIGURATION: git's own keys that treereview honors.
    static let gitConfiguration: [(key: String, meaning: String)] = [
        ("diff.renames", "false turns rename detection off, copies turns copy detection on; options override it."),
        ("diff.renameLimit", "The rename limit, as -l."),
        ("core.pager", "The pager, after GIT_PAGER and before PAGER; see treereview.pager."),
    ]

    /// ENVIRONMENT: every variable treereview reads.
    static let environment: [(names: [String], meaning: String)] = [
        (["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_CEILING_DIRECTORIES", "GIT_IMPLICIT_WORK_TREE"],
         "Honored as git honors them, so treereview --staged in a pre-commit hook shows exactly what is being committed. GIT_DIR alone makes the current directory the top of the work tree."),
        (["GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES"],
         "As in git: the object directory in place of the repository's, and more directories to read objects from."),
        (["GIT_COMMON_DIR"], "As in git 2.39: the objects, the configuration and info/ are read from it; HEAD, the index, the refs and the reflogs stay the git directory's (git's ref store reads the common directory the git directory names itself)."),
        (["TMPDIR"], "Where the symbolic links through which treereview reads a GIT_COMMON_DIR are made (else /tmp); they are removed when it exits."),
        (["GIT_CONFIG_COUNT", "SUDO_UID"],
         "As in git for a repository another user owns: safe.directory is also read from GIT_CONFIG_KEY_<n> and GIT_CONFIG_VALUE_<n>, and root under sudo is the user SUDO_UID names."),
        (["GIT_LITERAL_PATHSPECS", "GIT_GLOB_PATHSPECS", "GIT_NOGLOB_PATHSPECS", "GIT_ICASE_PATHSPECS"],
         "As in git: every pathspec is literal, glob, not glob, or case-insensitive."),
        (["GIT_BASENAME_FACTOR"], "As in git: how much easier a rename between files of the same basename is accepted (0 to 100, default 50)."),
        (["HOME", "XDG_CONFIG_HOME"], "Where the user's git configuration and attributes are found, as git finds them."),
        (["GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG_NOSYSTEM"],
         "As in git: the user's configuration file in place of ~/.gitconfig (/dev/null reads none), the system's in place of /etc/gitconfig, and whether the system's is read at all."),
        (["GIT_CONFIG_COUNT", "GIT_CONFIG_PARAMETERS"],
         "As in git: configuration settings above every file, GIT_CONFIG_KEY_<n> and GIT_CONFIG_VALUE_<n> for each n below GIT_CONFIG_COUNT, then those git -c passes on."),
        (["GIT_ALTERNATE_OBJECT_DIRECTORIES"], "Object directories besides the repository's, separated by colons: their loose objects are read, checked as every loose object is."),
        (["GIT_DIFF_OPTS"], "As in git: --unified=<n> or -u<n> sets the lines of context around each change of a file's patch."),
        (["GIT_ATTR_NOSYSTEM"], "As in git: when true, /etc/gitattributes is not read."),
        (["NO_COLOR"], "When set and not empty, no color under --color=auto."),
        (["CLICOLOR_FORCE"], "When set, not empty and not 0, color under --color=auto even when standard output is not a terminal (NO_COLOR still wins)."),
        (["TERM"], "When dumb, no color under --color=auto."),
        (["GIT_PAGER", "PAGER"], "The pager for output to a terminal, as git chooses it: GIT_PAGER, then treereview.pager naming a command, then core.pager, then PAGER, then less. Empty or cat means no pager. The pager starts as git starts it: a plain program name is found on PATH and run, any other command runs with sh -c; treereview waits for it to exit, and quitting it early ends treereview quietly."),
        (["PATH"], "Where a pager or interactive.diffFilter given as a plain program name (no spaces nor shell characters) is found, as git finds it."),
        (["GIT_EXEC_PATH"], "Set by git for every program it runs: when it is set and standard input is not a terminal, treereview runs in a git hook and pages nothing unless --paginate asks, so that a hook never waits on a pager."),
        (["LESS", "LV"], "When not set, the pager gets LESS=FRX and LV=-c, as git gives them."),
        (["COLUMNS"], "The width rows are shortened to on a terminal, instead of the terminal's own width. Output that is not a terminal is never shortened."),
        (["LC_ALL", "LC_CTYPE", "LANG"], "The first one set decides the default --charset: ascii when it names a character set other than UTF-8 (C, POSIX, en_US.ISO-8859-1), else unicode."),
        (["XDG_CACHE_HOME"], "The results cache of earlier runs is kept in $XDG_CACHE_HOME/treereview, else ~/.cache/treereview (see --no-cache)."),
        (["TREEREVIEW_WORKERS"], "How many threads count lines and detect renames; by default, one per processor."),
        (["TREEREVIEW_CACHE_BUDGET"], "The bound on each repository's results cache, in bytes, instead of 256 MiB (for tests and benchmarks)."),
        (["TREEREVIEW_PACK_READER"], "Set to libgit2, every packed object is read by libgit2 rather than by treereview's own pack reader (for comparisons and benchmarks)."),
        (["TREEREVIEW_TRACE"], "When set, the time each phase took is printed on standard error (with -i, once the browser has quit)."),
        (["TREEREVIEW_FRAME_LOG"], "With -i, a file the browser appends one line to per frame drawn: what caused it and how long it took (for benchmarks)."),
    ]

    /// EXIT STATUS.
    static let exitStatuses: [(status: String, meaning: String)] = [
        ("0", "Success (with --exit-code: there are no changes)."),
        ("1", "Only with --exit-code: there are changes."),
        ("2", "Any error: one line on standard error naming what was wrong, and nothing on standard output."),
    ]

    /// EXAMPLES.
    static let examples: [(command: String, meaning: String)] = [
        ("treereview", "What the working tree and the index changed since HEAD, with untracked files."),
        ("treereview main...feature", "What feature changed since it left main: a pull request's view."),
        ("treereview v1.0 v2.0", "Two revisions (also v1.0..v2.0)."),
        ("treereview --staged", "What the next commit contains; works inside a pre-commit hook."),
        ("treereview main...feature -- Sources", "Only the changes under Sources."),
        ("treereview main...feature --depth 1 --search model", "The top levels only, and only paths containing model."),
        ("treereview --format json main..feature | jq .summary", "The JSON report's summary."),
        ("treereview -z main..feature | xargs -0 swift-format lint", "Each changed path, NUL-terminated, for xargs."),
        ("treereview --format json --write markdown=summary.md --max-bytes 65536 main...feature > changes.json",
         "The JSON and a Markdown summary of at most 65536 bytes from one comparison."),
        ("git diff --name-status -z -M A B | treereview --stdin -z", "A change list from git itself; no repository needed."),
        ("git config --add treereview.icon ext:spec.ts=test", "An icon override for test files."),
        ("source <(treereview completion bash)", "Completion in this bash session; in ~/.bashrc, in every one. make install puts the bash, zsh and fish scripts where those shells look."),
    ]

    /// SEE ALSO.
    static let seeAlso = [("git-diff", "1"), ("git-config", "1"), ("gitrevisions", "7")]
}

/// A roff document for the `man` macros, built line by line with its text escaped.
struct Roff {
    private var lines: [String] = []

    /// The document.
    var text: String { lines.joined(separator: "\n") + "\n" }

    /// A comment line.
    mutating func comment(_ text: String) {
        lines.append(".\\\" " + Self.escape(text))
    }

    /// A request or macro line (`.SH "EXIT STATUS"`); arguments are plain text.
    mutating func macro(_ name: String, _ arguments: String...) {
        let quoted = arguments.map { argument in
            let escaped = Self.escape(argument).replacingOccurrences(of: "\"", with: "\\(dq")
            return escaped.isEmpty || escaped.contains(" ") ? "\"\(escaped)\"" : escaped
        }
        lines.append(([".\(name)"] + quoted).joined(separator: " "))
    }

    /// A text line, already in roff (escaped, with font changes); protected from being read
    /// as a request when it starts with `.` or `'`.
    mutating func line(_ roff: String) {
        lines.append(roff.hasPrefix(".") || roff.hasPrefix("'") ? "\\&" + roff : roff)
    }

    /// A tagged paragraph: `tag` on its own line, `body` indented below it (both roff).
    mutating func tagged(_ tag: String, _ body: String) {
        macro("TP")
        line(tag)
        line(body)
    }

    /// `text` escaped for roff: backslashes, every hyphen as `\-` (so option names copy as
    /// typed), `` ` `` as a grave accent, and characters beyond ASCII as `\[uXXXX]`.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case "`": escaped += "\\(ga"
            case "\n", "\t": escaped += " "
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: break
            case _ where scalar.value > 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// `text` in bold.
    static func bold(_ text: String) -> String { "\\fB" + escape(text) + "\\fR" }

    /// `text` in italics.
    static func italic(_ text: String) -> String { "\\fI" + escape(text) + "\\fR" }

    /// Prose: escaped, with each placeholder `<name>` in italics (`\fIname\fR`).
    static func prose(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: ">"),
                  !after[..<close].isEmpty,
                  after[..<close].allSatisfy({ $0.isLetter || $0 == "-" }) else {
                result += escape(String(rest[...open]))
                rest = after
                continue
            }
            result += escape(String(rest[..<open])) + italic(String(after[..<close]))
            rest = after[after.index(after: close)...]
        }
        return result + escape(String(rest))
    }
}
