import TreeModel

extension RankedFind {
    /// Prepares every file and directory of `changeTree` as the browser tags them, in its tree
    /// order: a file by its status name and its icon name (by its name and mode, as its row
    /// shows it), a directory by the status every file below it shares. Each name is
    /// normalized once and joined to its parent's normalized identity; a name a path would
    /// rewrite (`.`, `..`) is left out with what lies below it, as the model leaves it out.
    public init(browsing changeTree: ChangeTree, icons: IconResolver) {
        let tree = changeTree.tree
        var arena = FindArena()
        arena.reserveCapacity(max(tree.slots.count - 1, 0))
        var stack: [(node: Int, parent: Int?)] = tree.nodes[FileTree.root].children.reversed().map { ($0, nil) }
        while let (node, parent) = stack.popLast() {
            let name = tree.name(of: node)
            guard TreePath.keepsName(name) else { continue }
            let isDirectory = tree.slots[node].isDirectory
            var tags: [String] = []
            if isDirectory {
                if let status = changeTree.summaries[node].wholeStatus { tags.append(status.rawValue) }
                let index = arena.count
                stack.append(contentsOf: tree.nodes[node].children.reversed().lazy.map { ($0, index) })
            } else {
                let change = changeTree.change(at: node)
                if let status = change?.status { tags.append(status.rawValue) }
                tags.append(icons.resolveFile(named: name, mode: change?.newMode ?? change?.oldMode).name)
            }
            arena.append(name: name, isDirectory: isDirectory, parent: parent, tags: tags)
        }
        arena.seal()
        self.init(arena: arena)
    }
}
