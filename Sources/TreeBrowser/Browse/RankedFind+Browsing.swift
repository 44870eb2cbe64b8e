import TreeModel

extension RankedFind {
    /// Prepares every file and directory of `changeTree` as the browser tags them, in its tree
    /// order: a file by its status name and its icon name (by its name and mode, as its row
    /// shows it), a directory by the status every file below it shares. Each text is
    /// normalized once: a path's from its parent's when its name is ASCII, a tag's once per tag.
    public init(browsing changeTree: ChangeTree, icons: IconResolver) {
        let tree = changeTree.tree
        var candidates: [FindCandidate] = []
        candidates.reserveCapacity(max(tree.slots.count - 1, 0))
        var normalizedTags: [String: [UInt8]] = [:]
        func normalized(_ tag: String) -> [UInt8] {
            if let known = normalizedTags[tag] { return known }
            var text = tag
            let bytes = text.withUTF8 { FindQuery.normalize($0) }
            normalizedTags[tag] = bytes
            return bytes
        }
        var stack: [(node: Int, parent: Int?)] = tree.nodes[FileTree.root].children.reversed().map { ($0, nil) }
        while let (node, parentIndex) = stack.popLast() {
            let parent = parentIndex.map { candidates[$0] }
            let name = tree.name(of: node)
            let isDirectory = tree.slots[node].isDirectory
            var bytes = parent?.path.normalized.bytes ?? []
            if parent != nil { bytes.append(UInt8(ascii: "/")) }
            bytes.append(contentsOf: name)
            if isDirectory { bytes.append(UInt8(ascii: "/")) }
            let path: TreePath
            if TreePath.keepsName(name) {
                if isDirectory { bytes.removeLast() }
                path = TreePath(trustedNormalized: RawPath(bytes: bytes), isDirectory: isDirectory)
            } else {
                guard let checked = try? TreePath(RawPath(bytes: bytes)), checked.identity == bytes else { continue }
                path = checked
            }
            var tags: [String] = []
            if isDirectory {
                if let status = changeTree.summaries[node].wholeStatus { tags.append(status.rawValue) }
                let index = candidates.count
                stack.append(contentsOf: tree.nodes[node].children.reversed().lazy.map { ($0, index) })
            } else {
                let change = changeTree.change(at: node)
                if let status = change?.status { tags.append(status.rawValue) }
                tags.append(icons.resolveFile(named: name, mode: change?.newMode ?? change?.oldMode).name)
            }
            candidates.append(FindCandidate(path: path, parent: parent, tags: tags, normalizedTags: tags.map(normalized)))
        }
        self.init(candidates: candidates)
    }
}
