import GitAdapter

/// Everything the command line asked for, parsed once.
struct Options: Equatable {
    var format: OutputFormat?
    var nulTerminated = false
    var color: ColorMode = .auto
    var staged = false
    var directory: String?
    var includeUntracked = true
    var renames: RenameSetting?
    var countLines = true
    var exitCode = false
    var flatten = true
    var showHelp = false
    var showVersion = false
    var revisions: [String] = []
    var pathspecs: [String] = []

    /// The format to print: `-z` alone means plain.
    var effectiveFormat: OutputFormat { format ?? (nulTerminated ? .plain : .tree) }

    /// The comparison these options ask for.
    var request: ComparisonRequest {
        ComparisonRequest(revisions: revisions, staged: staged, pathspecs: pathspecs,
                          includeUntracked: includeUntracked, renames: renames, countLines: countLines)
    }
}
