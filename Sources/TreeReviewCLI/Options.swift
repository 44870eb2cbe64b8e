import ChangeList
import GitAdapter
import Render
import TreeModel

/// Everything the command line asked for, parsed once. Settings that git config can also
/// give are optional here: `nil` means "not on the command line" (see ``Settings``).
struct Options: Equatable {
    var format: OutputFormat?
    var nulTerminated = false
    /// `--directories[=<depth>]`: list the changed directories, cut to this depth.
    var directoryDepth: Int?
    /// `--max-bytes <n>`: the Markdown report's byte limit.
    var maxBytes: Int?
    /// `--group-by owner`: the Markdown report in one section per code owner.
    var groupByOwner = false
    var color: ColorMode?
    var staged = false
    var directory: String?
    var includeUntracked = true
    var renames: RenameSetting?
    var renameLimit: Int?
    var countLines = true
    var useCache = true
    var exitCode = false
    /// `--unviewed`: leave out the files marked viewed.
    var hidesViewed = false
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
    var revisions: [String] = []
    var pathspecs: [String] = []

    /// The comparison these options ask for.
    var request: ComparisonRequest {
        ComparisonRequest(revisions: revisions, staged: staged, pathspecs: pathspecs,
                          includeUntracked: includeUntracked, renames: renames, countLines: countLines,
                          renameLimit: renameLimit, useCache: useCache)
    }
}
