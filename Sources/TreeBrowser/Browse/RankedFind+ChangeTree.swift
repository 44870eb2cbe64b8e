import TreeModel

extension RankedFind {
    /// Prepares every file and directory of `changeTree`, in its tree order. A file's tags are
    /// its status name (`added`, `typeChanged`, …) and its icon name from `icons` (its file
    /// type: `lang-swift`, `lang-markdown`, …); a directory's tag is the status every file
    /// below it shares, when all are added, deleted or untracked.
    public init(changeTree: ChangeTree, icons: IconResolver = IconResolver()) {
        let tree = changeTree.tree
        var arena = FindArena()
        arena.reserveCapacity(tree.nodes.count - 1)
        var stack: [(node: Int, parent: Int?)] = tree.nodes[FileTree.root].children.reversed().map { ($0, nil) }
        while let (index, parent) = stack.popLast() {
            let node = tree.nodes[index]
            var tags: [String] = []
            if node.isDirectory {
                if let status = changeTree.summaries[index].wholeStatus { tags.append(status.rawValue) }
            } else {
                if let status = changeTree.change(at: index)?.status { tags.append(status.rawValue) }
                tags.append(icons.resolve(node).name)
            }
            if TreePath.keepsName(node.name) {
                arena.append(name: node.name, isDirectory: node.isDirectory, parent: parent, tags: tags)
            } else {
                var bytes = parent.map { arena.identity(of: $0) } ?? []
                bytes.append(contentsOf: node.name)
                if node.isDirectory { bytes.append(UInt8(ascii: "/")) }
                guard let path = try? TreePath(RawPath(bytes: bytes)) else { continue }
                arena.append(path: path, tags: tags)
            }
            if node.isDirectory {
                let candidate = arena.count - 1
                stack.append(contentsOf: node.children.reversed().map { ($0, candidate) })
            }
        }
        arena.seal()
        self.init(arena: arena)
    }
}
