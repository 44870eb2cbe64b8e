import TreeModel

extension FileChange {
    /// The change with the commits of its submodule sides (mode `160000`), if any.
    func withSubmoduleCommits(old: FileSide?, new: FileSide?) -> FileChange {
        var change = self
        if let old, old.isSubmodule, !old.id.isZero { change.oldCommit = old.id.hash }
        if let new, new.isSubmodule, !new.id.isZero { change.newCommit = new.id.hash }
        return change
    }

    /// Sets the counts `git diff --numstat` gives an unmerged path: 0 and 0, not binary.
    mutating func countAsUnmerged() {
        binary = false
        insertions = 0
        deletions = 0
    }
}
