import TreeModel

extension RankedFind {
    /// The candidates of every file and directory of `model`, in its tree order, tagged as
    /// ``init(browsing:icons:)`` tags them: a file by its status name and its icon name, a
    /// directory by the status all its files share.
    public init(model: TreeBrowserModel, icons: IconResolver) {
        let forest = model.forest
        var arena = FindArena()
        arena.reserveCapacity(forest.shownCount)
        var candidateOfSlot = [Int32](repeating: -1, count: forest.nodes.count)
        for slot in forest.subtree(of: PathForest.root).dropFirst() {
            let node = forest.nodes[slot]
            var tags: [String] = []
            let name = node.path.normalized.basename
            if node.isDirectory {
                if let status = forest.shownSummary(of: slot).wholeStatus { tags.append(status.rawValue) }
            } else {
                let change = node.change
                if let status = change?.status { tags.append(status.rawValue) }
                tags.append(icons.resolveFile(named: name, mode: change?.newMode ?? change?.oldMode).name)
            }
            let parent = node.parent == PathForest.root ? -1 : Int(candidateOfSlot[node.parent])
            if parent >= 0 {
                arena.append(name: name, isDirectory: node.isDirectory, parent: parent, tags: tags)
            } else {
                arena.append(path: node.path, tags: tags)
            }
            candidateOfSlot[slot] = Int32(arena.count - 1)
        }
        arena.seal()
        self.init(arena: arena)
    }
}
