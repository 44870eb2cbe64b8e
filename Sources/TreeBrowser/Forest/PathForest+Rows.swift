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
    /// down (its last slot, the next child to show, the children's level), written straight
    /// into `result`.
    @inline(__always)
    private static func appendRows(
        below parent: Int, level: Int, flags: UnsafeBufferPointer<NodeFlags>, flattens: Bool,
        isDirectory: (Int) -> Bool, children: (Int) -> UnsafeBufferPointer<Int>, into result: inout [ShownRow]
    ) {
        var frames: [(slot: Int, next: Int, level: Int)] = [(parent, children(parent).startIndex, level)]
        frames.reserveCapacity(64)
        while !frames.isEmpty {
            let top = frames.count - 1
            let list = children(frames[top].slot)
            let position = frames[top].next
            guard position < list.endIndex else {
                frames.removeLast()
                continue
            }
            frames[top].next = position + 1
            let head = list[position], level = frames[top].level
            var end = head
            let headIsDirectory = isDirectory(head)
            var isExpanded = headIsDirectory && flags[head].contains(.expanded)
            if flattens && headIsDirectory {
                while true {
                    let below = children(end)
                    guard below.count == 1, let only = below.first, isDirectory(only) else { break }
                    end = only
                    isExpanded = isExpanded && flags[only].contains(.expanded)
                }
            }
            result.append(ShownRow(head: head, node: end, level: level, isExpanded: isExpanded))
            if isExpanded { frames.append((end, children(end).startIndex, level + 1)) }
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
