import TreeModel

/// Building a forest from a change tree in one pass: slots in the change tree's depth-first
/// order, each file with its change, each directory with the change tree's roll-up (so no
/// file is rolled up again), every child list allocated once.
extension PathForest {
    /// The forest of `changeTree`, in its order.
    ///
    /// - Throws: the first path that is not a valid ``TreePath`` (a `..` piece).
    init(changeTree: ChangeTree) throws(TreePathError) {
        self.init(order: changeTree.tree.order, allowsFileAndDirectory: true)
        try changeTree.withNodes { (tree) throws(TreePathError) in
            let count = tree.count
            reserveCapacity(count)
            lookup.reserveCapacity(count)
            setRootSummary(changeTree.total)
            let top = tree[FileTree.root].children
            nodes[PathForest.root].children.reserveCapacity(top.count)
            var stack: [(node: Int, parent: Int)] = top.reversed().map { ($0, PathForest.root) }
            while let (node, parent) = stack.popLast() {
                let slot = try appendPrepared(tree[node], of: changeTree, under: parent)
                guard nodes[slot].isDirectory else { continue }
                for child in tree[node].children.reversed() { stack.append((child, slot)) }
            }
        }
        if order == .input { sequenceByFirstEntry() }
        indexChildren()
    }

    /// In input order, makes each directory's sequence the least of its files' (a file's is
    /// the position of its change in the input), as the change tree orders them
    /// (Docs/TreeModel.md#ordering), so that a filter orders what it shows as a tree of those
    /// files alone would; later nodes are numbered after every change.
    private mutating func sequenceByFirstEntry() {
        var next = nextSequence
        for slot in nodes.indices.dropFirst() {
            if nodes[slot].isDirectory { nodes[slot].sequence = Int.max } else { next = max(next, nodes[slot].sequence + 1) }
        }
        for slot in nodes.indices.dropFirst().reversed() {
            let parent = nodes[slot].parent
            if parent != PathForest.root { nodes[parent].sequence = min(nodes[parent].sequence, nodes[slot].sequence) }
        }
        nextSequence = next
    }

    /// Appends change-tree node `node` below `parent`, last, with its change or roll-up.
    private mutating func appendPrepared(_ treeNode: NodeView, of changeTree: ChangeTree, under parent: Int) throws(TreePathError) -> Int {
        let node = treeNode.index
        let name = treeNode.name
        let isDirectory = treeNode.isDirectory
        var bytes: [UInt8] = []
        let parentBytes = parent == PathForest.root ? [] : nodes[parent].path.normalized.bytes
        bytes.reserveCapacity(parentBytes.count + name.count + 2)
        bytes.append(contentsOf: parentBytes)
        if parent != PathForest.root { bytes.append(UInt8(ascii: "/")) }
        let nameStart = bytes.count
        bytes.append(contentsOf: name)
        let change = changeTree.change(at: node)
        let path: TreePath
        if TreePath.keepsName(name) {
            let shared = !isDirectory && change?.path.bytes == bytes
            path = TreePath(trustedNormalized: shared ? change!.path : RawPath(bytes: bytes), isDirectory: isDirectory)
        } else {
            if isDirectory { bytes.append(UInt8(ascii: "/")) }
            let raw = RawPath(bytes: bytes)
            path = try TreePath(raw)
            guard path.identity == bytes else { throw .parentReference(raw) }
        }
        let slot = nodes.count
        let sequence = isDirectory || changeTree.tree.order != .input ? nextSequence : treeNode.entry!
        var created = Node(path: path, nameStart: nameStart, parent: parent, isDirectory: isDirectory,
                           depth: nodes[parent].depth + 1, sequence: sequence)
        created.position = nodes[parent].children.count
        var summary = ChangeSummary()
        if isDirectory {
            summary = changeTree.summaries[node]
            created.children.reserveCapacity(treeNode.children.count)
        } else {
            var fileChange = change ?? FileChange(status: nil, path: path.normalized)
            fileChange.path = path.normalized
            summary.add(fileChange)
            created.change = fileChange
        }
        store(created, summary: summary)
        nodes[parent].children.append(slot)
        nextSequence += 1
        lookup[PathKey(path)] = slot
        liveCount += 1
        return slot
    }
}
