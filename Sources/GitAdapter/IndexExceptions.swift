/// The index entries git's diff does not take at face value, read once before a comparison
/// with the index or the working tree.
///
/// - Conflicted paths (stages 1–3): `--staged` shows them unmerged (`U`); against the working
///   tree git compares the file there, conflict markers and all.
/// - Intent-to-add entries (`git add -N`): invisible to `--staged`; against the working tree
///   the file there is compared.
/// - Entries whose file git does not look at (skip-worktree, as a sparse checkout leaves the
///   files outside its patterns, and assume-unchanged): against the working tree their index
///   entry stands for the file, so a file missing there is not a deletion.
struct IndexExceptions {
    /// Conflicted paths, with the mode of their lowest stage.
    var conflicted: [[UInt8]: UInt32] = [:]
    /// Intent-to-add paths, with their mode.
    var intentToAdd: [[UInt8]: UInt32] = [:]
    /// Paths whose index entry stands for the working-tree file.
    var indexStandsForFile: Set<[UInt8]> = []

    /// Whether nothing needs a correction.
    var isEmpty: Bool { conflicted.isEmpty && intentToAdd.isEmpty && indexStandsForFile.isEmpty }

    /// The mode of the index entry that stands for `path`'s working-tree file, when it is a
    /// conflicted or intent-to-add path.
    func indexMode(of path: [UInt8]) -> UInt32? {
        conflicted[path] ?? intentToAdd[path]
    }
}
