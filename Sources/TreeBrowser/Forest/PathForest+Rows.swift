import TreeModel

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
