import Annotations
import ChangeList
import GitAdapter
import PathFilters
import Render
import TreeModel

/// Everything the command line asked for, parsed once. Settings that git config can also
/// give are optional here: `nil` means "not on the command line" (see ``Settings``).
struct Options: Equatable {
    var format: OutputFormat?
    /// `--write <format>=<file>`: the other formats written from the same report, each to its file.
    var writes: [ReportFile] = []
    /// `--link-template`: each file's link in the Markdown report.
    var linkTemplate: LinkTemplate?
    /// `--title`: the Markdown heading's text.
    var title: String?
    var nulTerminated = false
    /// `--directories[=<depth>]`: list the changed directories, cut to this depth.
    var directoryDepth: Int?
    /// `--max-bytes <n>`: the Markdown report's byte limit.
    var maxBytes: Int?
    /// `--group-by owner`: the Markdown report in one section per code owner.
    var groupByOwner = false
    /// `--packages`, `--affected`, `--affects-all`, `--group-by package` (see `Options+Packages.swift`).
    var packages = false, affected = false, affectsAll: [String] = [], groupByPackage = false
    /// `--filters <file>`: the filters file, as given.
    var filters: String?
    /// `--group <name>`: the groups whose files are kept, as given, each once; empty keeps every file.
    var groups: [String] = []
    /// `--predicate-quantifier`: how a group's patterns decide; `nil` for `some`.
    var predicateQuantifier: PredicateQuantifier?
    /// `--group-by group`: a section per changed group.
    var groupByGroup = false
    var color: ColorMode?
    var staged = false
    var directory: String?
    var includeUntracked = true
    var renames: RenameSetting?
    var renameLimit: Int?
    var countLines = true
    /// `--hunks`: JSON gives each text file's hunks.
    var hunks = false
    var useCache = true
    var exitCode = false
    /// `--unviewed`: leave out the files marked viewed.
    var hidesViewed = false
    /// `--since-review` or `--since <rev>`: only the files changed since that review.
    var since: SinceReviewOption?
    var flatten: Bool?
    var sort: TreeOrder?
    var depth: Int?
    var search: String?
    var searchMode: SearchMode?
    var statusFilter: StatusFilter?
    /// `--include-generated`: generated and vendored files count like the others.
    var includeGenerated = false
    /// `--owners`: the tree shows owners.
    var showOwners = false
    /// `--owner`: the owners whose files are kept, as given; empty keeps every file.
    var owners: [String] = []
    /// `--owners-from`: the side whose CODEOWNERS is read; `nil` for the comparison's default.
    var ownersFrom: CodeOwnersSide?
    var icons: IconMode?
    var charset: Charset?
    var stdin = false
    /// The form `--stdin=<form>` names; `nil`: recognize it.
    var stdinForm: ChangeListForm?
    /// `--paginate` (true) or `--no-pager` (false), the last one given.
    var paginate: Bool?
    /// The first option given that only a repository comparison uses (`-M`, `-l`,
    /// `--no-untracked`, …), as spelled, for refusing it with `--stdin`.
    var repositoryOnlyOption: String?
    /// `-i`: browse interactively rather than print.
    var interactive = false
    var showHelp = false
    var showVersion = false
    /// `--merge-base`.
    var mergeBase = false
    /// The words that are not options before `--` (all of them without it).
    var revisions: [String] = []
    var pathspecs: [String] = []
    /// Whether `--` was given: without it, ``revisions`` may hold paths, told apart as git
    /// does (``GitAdapter/Repository/separate(_:in:)``).
    var separated = false

    /// The comparison these options ask for.
    var request: ComparisonRequest {
        var request = ComparisonRequest(revisions: revisions, staged: staged, pathspecs: pathspecs,
                                        includeUntracked: includeUntracked, renames: renames, countLines: countLines,
                                        renameLimit: renameLimit, useCache: useCache)
        request.mergeBase = mergeBase
        request.hunks = hunks
        return request
    }
}

extension Options {
    /// Refuses options that cannot apply together, rather than ignoring one of them.
    func validate() throws {
        if interactive { try validateInteractive() }
        if stdin {
            if !revisions.isEmpty || staged {
                throw UsageError("--stdin reads the changes from standard input; it takes no revision or --staged")
            }
            if mergeBase {
                throw UsageError("--merge-base does not apply to --stdin: the change list already decided what is compared")
            }
            if since != nil {
                throw UsageError("--since-review and --since do not apply to --stdin: they read the comparison as it was at a review")
            }
            if let option = repositoryOnlyOption, ["--include-generated", "--owners", "--owner", "--owners-from"].contains(option) {
                throw UsageError("\(option) does not apply to --stdin: generated files and owners are read from a repository's compared side")
            }
            if let option = repositoryOnlyOption {
                if option == "--unviewed" {
                    throw UsageError("--unviewed does not apply to --stdin: viewed marks need the files' object ids")
                }
                let decided = option == "--no-untracked" ? "which files it lists" : "renames, copies and the rename limit"
                throw UsageError("\(option) does not apply to --stdin: the change list already decided \(decided)")
            }
        }
        try validateHunks()
        if directoryDepth != nil, let format, !writesAny(of: [.plain, .json], format: format) {
            throw refusal("--directories lists directories with --format plain or json, not \(format.rawValue)",
                          accepted: "plain or json")
        }
        if !stdin, nulTerminated, let format, !writesAny(of: [.plain], format: format) {
            throw refusal("-z cannot go with --format \(format.rawValue): without --stdin, -z means plain output with NUL-terminated paths",
                          accepted: "plain")
        }
    }

    /// `-i` draws the tree itself: options about printed output do not apply.
    private func validateInteractive() throws {
        let printing: [(given: Bool, name: String)] = [
            (format != nil, "--format"), (!writes.isEmpty, "--write"), (linkTemplate != nil, "--link-template"),
            (title != nil, "--title"), (nulTerminated && !stdin, "-z"), (exitCode, "--exit-code"),
            (search != nil, "--search"), (searchMode != nil, "--search-mode"), (showOwners, "--owners"),
            (!owners.isEmpty, "--owner"), (ownersFrom != nil, "--owners-from"), (includeGenerated, "--include-generated"),
            (filters != nil, "--filters"), (!groups.isEmpty, "--group"), (predicateQuantifier != nil, "--predicate-quantifier"),
        ]
        if let option = printing.first(where: \.given) {
            let hint = option.name.hasPrefix("--search") ? ": press / to find" : ""
            throw UsageError("\(option.name) does not apply to --interactive\(hint)")
        }
    }
}

/// The output formats.
enum OutputFormat: String, CaseIterable, Sendable {
    case tree, json, markdown, plain
}

/// When to use color.
enum ColorMode: String, CaseIterable, Sendable {
    case auto, always, never
}

/// How file-type icons are drawn.
enum IconMode: String, CaseIterable, Sendable {
    /// Nerd Font glyphs.
    case nerd
    /// The icon's name as text, for terminals without a Nerd Font.
    case names
    /// No icons.
    case none

    /// The renderer's drawing for this mode.
    var drawing: IconDrawing {
        switch self {
        case .nerd: .nerdFont
        case .names: .names
        case .none: .none
        }
    }
}

/// A status filter as git's `--diff-filter`: upper-case letters keep those statuses,
/// lower-case letters drop them (`ad` keeps everything but additions and deletions).
struct StatusFilter: Equatable {
    private(set) var kept: Set<ChangeStatus> = []
    private(set) var dropped: Set<ChangeStatus> = []

    init(_ text: String) throws {
        guard !text.isEmpty else { throw UsageError("--status needs letters such as AM or d") }
        for character in text {
            guard let status = ChangeStatus(letter: Character(character.uppercased())) else {
                throw UsageError("invalid status '\(character)' in --status '\(text)': use A C D M R T U ? (lower case drops)")
            }
            if character.isLowercase { dropped.insert(status) } else { kept.insert(status) }
        }
    }

    /// Whether a change with `status` is shown. A change without a status (a bare path list)
    /// is shown only when nothing is explicitly kept.
    func includes(_ status: ChangeStatus?) -> Bool {
        guard let status else { return kept.isEmpty }
        if dropped.contains(status) { return false }
        return kept.isEmpty || kept.contains(status)
    }
}
