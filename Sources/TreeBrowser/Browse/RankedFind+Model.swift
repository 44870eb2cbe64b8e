import TreeModel

extension RankedFind {
    /// The candidates of every file and directory of `model`, in its tree order, tagged as
    /// ``init(browsing:icons:)`` tags them: a file by its status name and its icon name, a
    /// directory by the status all its files share.
    public init(model: TreeBrowserModel, icons: IconResolver) {
        let forest = model.forest
        var candidates: [FindCandidate] = []
        candidates.reserveCapacity(forest.shownCount)
        for slot in forest.subtree(of: PathForest.root).dropFirst() {
            let node = forest.nodes[slot]
            var tags: [String] = []
            if node.isDirectory {
                if let status = forest.shownSummary(of: slot).wholeStatus { tags.append(status.rawValue) }
            } else {
                let change = node.change
                if let status = change?.status { tags.append(status.rawValue) }
                tags.append(icons.resolveFile(named: node.path.normalized.basename, mode: change?.newMode ?? change?.oldMode).name)
            }
            let parent = node.parent == PathForest.root ? nil : forest.nodes[node.parent].path
            candidates.append(FindCandidate(path: node.path, parent: parent, tags: tags))
        }
        self.init(candidates: candidates)
    }
}
