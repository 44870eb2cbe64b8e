internal import CLibGit2
import Foundation

/// Builds libgit2's diff and find options for a request, and keeps the C strings alive
/// as long as the options are in use.
struct DiffOptionsBuilder {
    let request: ComparisonRequest
    let renames: RenameSetting
    let renameLimit: Int?

    /// Runs `body` with diff options for a comparison whose new side is `newSide`.
    func withDiffOptions<T>(workingTree: Bool, _ body: (inout git_diff_options) throws -> T) rethrows -> T {
        var options = git_diff_options()
        git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION))
        var flags = GIT_DIFF_INCLUDE_TYPECHANGE.rawValue
        if workingTree && request.includeUntracked {
            flags |= GIT_DIFF_INCLUDE_UNTRACKED.rawValue | GIT_DIFF_RECURSE_UNTRACKED_DIRS.rawValue
        }
        if case .copies(_, harder: true) = renames {
            flags |= GIT_DIFF_INCLUDE_UNMODIFIED.rawValue
        }
        options.flags = flags
        options.context_lines = 0
        options.interhunk_lines = 0
        options.ignore_submodules = GIT_SUBMODULE_IGNORE_UNTRACKED
        let cStrings = request.pathspecs.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        var pointers: [UnsafeMutablePointer<CChar>?] = cStrings
        return try pointers.withUnsafeMutableBufferPointer { buffer in
            options.pathspec = git_strarray(strings: buffer.baseAddress, count: buffer.count)
            return try body(&options)
        }
    }

    /// libgit2's find options for the rename setting, or `nil` when renames are off.
    func findOptions() -> git_diff_find_options? {
        var options = git_diff_find_options()
        git_diff_find_options_init(&options, UInt32(GIT_DIFF_FIND_OPTIONS_VERSION))
        let threshold: Int?
        switch renames {
        case .off:
            return nil
        case .renames(let score):
            options.flags = GIT_DIFF_FIND_RENAMES.rawValue
            threshold = score
        case .copies(let score, let harder):
            options.flags = GIT_DIFF_FIND_RENAMES.rawValue | GIT_DIFF_FIND_COPIES.rawValue
            if harder {
                options.flags |= GIT_DIFF_FIND_COPIES_FROM_UNMODIFIED.rawValue | GIT_DIFF_FIND_REMOVE_UNMODIFIED.rawValue
            }
            threshold = score
        }
        let score = threshold ?? RenameSetting.defaultThreshold
        if score >= RenameSetting.maximumScore {
            options.flags |= GIT_DIFF_FIND_EXACT_MATCH_ONLY.rawValue
        }
        let percent = UInt16(score * 100 / RenameSetting.maximumScore)
        options.rename_threshold = percent
        options.copy_threshold = percent
        let limit = renameLimit ?? 1000
        options.rename_limit = limit <= 0 ? Int.max : limit
        return options
    }
}
