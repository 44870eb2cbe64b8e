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

/// The visible rows in one tight pass over flat storage: a row per shown chain or node,
/// depth-first, below open rows only (Docs/TreeModel.md#flattening,
/// Docs/TreeModel.md#expansion-and-depth). The rows of a fully expanded tree of 170,000
/// nodes are made without a lookup or an allocation per row.
extension PathForest {
    /// Appends the visible rows below the open node `parent`, starting on `level`.
    func appendShownRows(below parent: Int, level: Int, into result: inout [ShownRow]) {
        if parent == Self.root { result.reserveCapacity(result.count + shownCount) }
        flags.withUnsafeBufferPointer { flags in
            withShownChildLists { isDirectory, children in
                Self.appendRows(below: parent, level: level, flags: flags, flattens: flattensChains,
                                isDirectory: isDirectory, children: children, into: &result)
            }
        }
    }

    /// Calls `body` with functions saying whether a shown slot is a directory and giving the
    /// shown children of a slot, read in place from flat lists: the filter's, else the
    /// ``childTable`` (made on the spot when a change dropped it).
    func withShownChildLists<Result>(
        _ body: ((Int) -> Bool, (Int) -> UnsafeBufferPointer<Int>) -> Result
    ) -> Result {
        if let projection { return projection.withChildLists(body) }
        return flags.withUnsafeBufferPointer { flags in
            (childTable ?? ChildTable(self)).withLists { lists in
                body({ flags[$0].contains(.directory) }, { lists[$0] })
            }
        }
    }

    /// The rows below `parent` in one depth-first walk, a frame per open row on the way
    /// down (the children it shows, the next to show, their level), written straight into
    /// `result`.
    @inline(__always)
    private static func appendRows(
        below parent: Int, level: Int, flags: UnsafeBufferPointer<NodeFlags>, flattens: Bool,
        isDirectory: (Int) -> Bool, children: (Int) -> UnsafeBufferPointer<Int>, into result: inout [ShownRow]
    ) {
        var frames: [(list: UnsafeBufferPointer<Int>, next: Int, level: Int)] = [(children(parent), 0, level)]
        frames.reserveCapacity(64)
        while let top = frames.indices.last {
            let (list, position, level) = frames[top]
            guard position < list.count else {
                frames.removeLast()
                continue
            }
            frames[top].next = position + 1
            let head = list[position]
            guard isDirectory(head) else {
                result.append(ShownRow(head: head, node: head, level: level, isExpanded: false))
                continue
            }
            var end = head, below = children(head)
            var isExpanded = flags[head].contains(.expanded)
            while flattens, below.count == 1, isDirectory(below[0]) {
                end = below[0]
                below = children(end)
                isExpanded = isExpanded && flags[end].contains(.expanded)
            }
            result.append(ShownRow(head: head, node: end, level: level, isExpanded: isExpanded))
            if isExpanded && !below.isEmpty { frames.append((below, 0, level + 1)) }
        }
    }
}

extension ForestProjection {
    /// Calls `body` with functions saying whether a shown slot is a directory and giving the
    /// shown children of a slot, read in place.
    func withChildLists<Result>(
        _ body: ((Int) -> Bool, (Int) -> UnsafeBufferPointer<Int>) -> Result
    ) -> Result {
        entries.withUnsafeBufferPointer { entries in
            childRanges.withUnsafeBufferPointer { ranges in
                children.withUnsafeBufferPointer { children in
                    body({ entries[$0] >= 0 }) { slot in
                        let index = entries[slot]
                        guard index >= 0 else { return UnsafeBufferPointer(rebasing: children[0..<0]) }
                        let range = ranges[Int(index)]
                        let start = Int(range.start)
                        return UnsafeBufferPointer(rebasing: children[start..<(start + Int(range.count))])
                    }
                }
            }
        }
    }
}
