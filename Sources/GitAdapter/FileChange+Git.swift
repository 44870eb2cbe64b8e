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

extension Array where Element == FileChange {
    /// The indices of the changes whose lines are counted (not untracked, not unmerged);
    /// unmerged ones get their counts here, as `git diff --numstat` gives them.
    mutating func indicesToCount() -> [Int] {
        var counted: [Int] = []
        for index in indices where self[index].status != .untracked {
            if self[index].status == .unmerged {
                self[index].countAsUnmerged()
            } else {
                counted.append(index)
            }
        }
        return counted
    }

    /// Sets the line counts of the changes at `indices` (a binary change has none).
    mutating func setCounts(_ counts: [LineCounter.Count], at indices: [Int]) {
        for (index, count) in zip(indices, counts) {
            self[index].binary = count.binary
            self[index].insertions = count.binary ? nil : count.insertions
            self[index].deletions = count.binary ? nil : count.deletions
        }
    }
}
