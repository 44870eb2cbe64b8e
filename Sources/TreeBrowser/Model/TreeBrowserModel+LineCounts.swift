import TreeModel

/// Line counts that arrive after the tree is shown (`treereview -i` draws the tree before they
/// are made): each file takes its counts in place, its summary and every roll-up above it
/// following, without a mutation and without a new ``revision`` (find's candidates and the
/// rows' shape do not depend on counts). Under a filter the roll-ups of what it shows are
/// summed again; the rows stay.
extension TreeBrowserModel {
    /// Gives each file at the path of a change of `counted` that change's line counts and
    /// binary state; the rest of the file's change (its view state, its status) stays.
    /// Paths that are not a file of the tree are passed over. Returns how many files took
    /// counts.
    @discardableResult
    public mutating func setLineCounts(_ counted: [FileChange]) -> Int {
        let projection = forest.projection
        forest.projection = nil
        var taken = 0
        for change in counted {
            guard let slot = forest.fileSlot(at: change.path), var current = forest.nodes[slot].change else { continue }
            current.insertions = change.insertions
            current.deletions = change.deletions
            current.binary = change.binary
            forest.setChange(of: slot, to: current)
            taken += 1
        }
        forest.projection = taken == 0 ? projection : projection.map { ForestProjection(forest: forest, filter: $0.filter) }
        return taken
    }
}

extension PathForest {
    /// The live file at `path`, whether a filter shows it or not: looked up by its bytes, else
    /// by its normalized form.
    fileprivate func fileSlot(at path: RawPath) -> Int? {
        if let slot = lookup[PathKey(path.bytes, isDirectory: false)], isAlive(slot) { return slot }
        guard let normalized = try? TreePath(path), !normalized.isDirectory,
              let slot = lookup[PathKey(normalized)], isAlive(slot) else { return nil }
        return slot
    }
}
