internal import CLibGit2
import Foundation

/// Builds libgit2's diff options for a request (renames off: pairing is ours), and keeps the
/// C strings alive as long as the options are in use.
struct DiffOptionsBuilder {
    let request: ComparisonRequest
    /// List unmodified files too (copy sources for `--find-copies-harder`).
    let includeUnmodified: Bool
    /// What submodule changes the working-tree diff leaves out (see ``SubmoduleIgnores``).
    var submoduleIgnore = GIT_SUBMODULE_IGNORE_UNTRACKED
    /// Directories holding every path the pathspec can match (see ``Pathspec``), given to
    /// libgit2 as its pathspecs (plain names it matches as directory prefixes, and walks only
    /// below their common prefix); the pathspec itself is applied afterwards.
    var directories: [[UInt8]] = []
    /// Take ``directories`` as literal paths (`GIT_DIFF_DISABLE_PATHSPEC_MATCH`): no wildcards.
    var literalDirectories = false

    /// Runs `body` with diff options for a comparison whose new side is `newSide`.
    func withDiffOptions<T>(workingTree: Bool, _ body: (inout git_diff_options) throws -> T) rethrows -> T {
        var options = git_diff_options()
        git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION))
        var flags = GIT_DIFF_INCLUDE_TYPECHANGE.rawValue
        if workingTree && request.includeUntracked {
            flags |= GIT_DIFF_INCLUDE_UNTRACKED.rawValue | GIT_DIFF_RECURSE_UNTRACKED_DIRS.rawValue
        }
        if includeUnmodified {
            flags |= GIT_DIFF_INCLUDE_UNMODIFIED.rawValue
        }
        if literalDirectories {
            flags |= GIT_DIFF_DISABLE_PATHSPEC_MATCH.rawValue
        }
        options.flags = flags
        options.context_lines = 0
        options.interhunk_lines = 0
        options.ignore_submodules = submoduleIgnore
        let cStrings = directories.map { directory in directory.withCString { strdup($0) } }
        defer { cStrings.forEach { free($0) } }
        var pointers: [UnsafeMutablePointer<CChar>?] = cStrings
        return try pointers.withUnsafeMutableBufferPointer { buffer in
            options.pathspec = git_strarray(strings: buffer.baseAddress, count: buffer.count)
            return try body(&options)
        }
    }
}
