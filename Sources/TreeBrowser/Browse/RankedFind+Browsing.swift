import TreeModel

extension RankedFind {
    /// Prepares every file and directory of `changeTree` as the browser tags them, in its tree
    /// order: a file by its status name and its icon name (by its name and mode, as its row
    /// shows it), a directory by the status every file below it shares. Each name is
    /// normalized once and joined to its parent's normalized identity; a name a path would
    /// rewrite (`.`, `..`) is left out with what lies below it, as the model leaves it out.
    public init(browsing changeTree: ChangeTree, icons: IconResolver) {
        var arena = FindArena()
        changeTree.withNodes { nodes in
            arena.reserveCapacity(max(nodes.count - 1, 0))
            var stack: [(node: Int, parent: Int?)] = nodes[FileTree.root].children.reversed().map { ($0, nil) }
            while let (index, parent) = stack.popLast() {
                let node = nodes[index]
                let name = node.name
                guard TreePath.keepsName(name) else { continue }
                var tags: [String] = []
                if node.isDirectory {
                    if let status = changeTree.summaries[index].wholeStatus { tags.append(status.rawValue) }
                    let position = arena.count
                    stack.append(contentsOf: node.children.reversed().lazy.map { ($0, position) })
                } else {
                    let change = changeTree.change(at: index)
                    if let status = change?.status { tags.append(status.rawValue) }
                    tags.append(icons.resolveFile(named: name, mode: change?.newMode ?? change?.oldMode).name)
                }
                arena.append(name: name, isDirectory: node.isDirectory, parent: parent, tags: tags)
            }
        }
        arena.seal()
        self.init(arena: arena)
    }
}
