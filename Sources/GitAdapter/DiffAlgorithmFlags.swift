internal import CLibGit2

extension PatchOptions {
    /// libgit2's diff flags for `diff.algorithm` and `diff.indentHeuristic`. libgit2 1.5.1 has
    /// no histogram algorithm: `histogram` diffs as `myers`, as the patch does.
    var algorithmFlags: UInt32 {
        var flags: UInt32 = 0
        if indentHeuristic { flags |= GIT_DIFF_INDENT_HEURISTIC.rawValue }
        switch algorithm {
        case .minimal: flags |= GIT_DIFF_MINIMAL.rawValue
        case .patience: flags |= GIT_DIFF_PATIENCE.rawValue
        case .myers, .default, .histogram: break
        }
        return flags
    }
}
