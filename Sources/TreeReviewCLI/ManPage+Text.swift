extension ManPage {
    /// The one-line summary in NAME.
    static let summary = "what changed, where: changed files as an annotated tree"

    /// DESCRIPTION, one paragraph each.
    static let description = [
        "treereview shows the files that a branch, a commit range, the index or the working tree changed, as an annotated directory tree, as JSON for the next step of a pipeline, or as a plain list. It reads git repositories through libgit2, and its figures are git's own: statuses, renames and line counts equal those of git diff.",
        "Each row of the tree shows a file's status letter (A added, C copied, D deleted, M modified, R renamed, T type changed, U unmerged, ? untracked), its name, the old name of a rename or copy with its similarity, and its added and removed lines; each directory shows the totals of what it contains. Directory-only chains are joined into one row unless --no-flatten is given.",
        "File names are hostile input: in the tree and plain formats, control characters and invalid UTF-8 are shown escaped; JSON and -z output keep them exact. treereview never writes to the repository, except the marks of treereview viewed and unviewed, kept under its git directory.",
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
        (["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_CEILING_DIRECTORIES"],
         "Honored as git honors them, so treereview --staged in a pre-commit hook shows exactly what is being committed."),
        (["GIT_LITERAL_PATHSPECS", "GIT_GLOB_PATHSPECS", "GIT_NOGLOB_PATHSPECS", "GIT_ICASE_PATHSPECS"],
         "As in git: every pathspec is literal, glob, not glob, or case-insensitive."),
        (["GIT_BASENAME_FACTOR"], "As in git: how much easier a rename between files of the same basename is accepted (0 to 100, default 50)."),
        (["HOME", "XDG_CONFIG_HOME"], "Where the user's git configuration and attributes are found, as git finds them."),
        (["GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG_NOSYSTEM"],
         "As in git: the user's configuration file in place of ~/.gitconfig (/dev/null reads none), the system's in place of /etc/gitconfig, and whether the system's is read at all."),
        (["GIT_DIFF_OPTS"], "As in git: --unified=<n> or -u<n> sets the lines of context around each change of a file's patch."),
        (["GIT_ATTR_NOSYSTEM"], "As in git: when true, /etc/gitattributes is not read."),
        (["NO_COLOR"], "When set and not empty, no color under --color=auto."),
        (["CLICOLOR_FORCE"], "When set, not empty and not 0, color under --color=auto even when standard output is not a terminal (NO_COLOR still wins)."),
        (["TERM"], "When dumb, no color under --color=auto."),
        (["GIT_PAGER", "PAGER"], "The pager for output to a terminal, as git chooses it: GIT_PAGER, then treereview.pager naming a command, then core.pager, then PAGER, then less. Empty or cat means no pager. The pager starts as git starts it: a plain program name is found on PATH and run, any other command runs with sh -c; treereview waits for it to exit, and quitting it early ends treereview quietly."),
        (["PATH"], "Where a pager or interactive.diffFilter given as a plain program name (no spaces nor shell characters) is found, as git finds it."),
        (["LESS", "LV"], "When not set, the pager gets LESS=FRX and LV=-c, as git gives them."),
        (["COLUMNS"], "The width rows are shortened to on a terminal, instead of the terminal's own width. Output that is not a terminal is never shortened."),
        (["LC_ALL", "LC_CTYPE", "LANG"], "The first one set decides the default --charset: ascii when it names a character set other than UTF-8 (C, POSIX, en_US.ISO-8859-1), else unicode."),
        (["XDG_CACHE_HOME"], "The results cache of earlier runs is kept in $XDG_CACHE_HOME/treereview, else ~/.cache/treereview (see --no-cache)."),
        (["TREEREVIEW_WORKERS"], "How many threads count lines and detect renames; by default, one per processor."),
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
        ("git diff --name-status -z -M A B | treereview --stdin -z", "A change list from git itself; no repository needed."),
        ("git config --add treereview.icon ext:spec.ts=test", "An icon override for test files."),
        ("source <(treereview completion bash)", "Completion in this bash session; in ~/.bashrc, in every one. make install puts the bash, zsh and fish scripts where those shells look."),
    ]

    /// SEE ALSO.
    static let seeAlso = [("git-diff", "1"), ("git-config", "1"), ("gitrevisions", "7")]
}
