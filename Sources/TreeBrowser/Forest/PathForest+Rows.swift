import TreeModel

/// The visible rows in one tight pass over flat storage: a row per shown chain or node,
/// depth-first, below open rows only (Docs/TreeModel.md#flattening,
/// Docs/TreeModel.md#expansion-and-depth). The rows of a fully expanded tree of 170,000
/// nodes are made without a lookup or an allocation per row.
extension PathForest {
    /// Appends the visible rows below the open node `parent`, starting on `level`.
    func appendShownRows(below parent: Int, level: Int, into result: inout [ShownRow]) {
        if parent == Self.root { result.reserveCapacity(result.count + shownCount) }
        nodes.withUnsafeBufferPointer { nodes in
            guard let projection else {
                Self.appendRows(below: parent, level: level, nodes: nodes, flattens: flattensChains,
                                isDirectory: { nodes[$0].isDirectory }, children: { nodes[$0].children }, into: &result)
                return
            }
            projection.withChildLists { isDirectory, children in
                Self.appendRows(below: parent, level: level, nodes: nodes, flattens: flattensChains,
                                isDirectory: isDirectory, children: children, into: &result)
            }
        }
    }

    @inline(__always)
    private static func appendRows<Children: RandomAccessCollection<Int>>(
        below parent: Int, level: Int, nodes: UnsafeBufferPointer<Node>, flattens: Bool,
        isDirectory: (Int) -> Bool, children: (Int) -> Children, into result: inout [ShownRow]
    ) {
        var stack: [(slot: Int, level: Int)] = []
        for child in children(parent).reversed() { stack.append((child, level)) }
        while let (head, level) = stack.popLast() {
            var end = head
            let headIsDirectory = isDirectory(head)
            var isExpanded = headIsDirectory && nodes[head].isExpanded
            if flattens && headIsDirectory {
                while true {
                    let below = children(end)
                    guard below.count == 1, let only = below.first, isDirectory(only) else { break }
                    end = only
                    isExpanded = isExpanded && nodes[only].isExpanded
                }
            }
            result.append(ShownRow(head: head, node: end, level: level, isExpanded: isExpanded))
            if isExpanded {
                for child in children(end).reversed() { stack.append((child, level + 1)) }
            }
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
            directories.withUnsafeBufferPointer { directories in
                children.withUnsafeBufferPointer { children in
                    body({ entries[$0] >= 0 }) { slot in
                        let index = entries[slot]
                        guard index >= 0 else { return UnsafeBufferPointer(rebasing: children[0..<0]) }
                        let directory = directories[Int(index)]
                        let start = Int(directory.childStart)
                        return UnsafeBufferPointer(rebasing: children[start..<(start + Int(directory.childCount))])
                    }
                }
            }
        }
    }
}
