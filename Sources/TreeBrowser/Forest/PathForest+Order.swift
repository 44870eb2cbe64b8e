import TreeModel

/// Sibling order (Docs/TreeModel.md#ordering) and depth-first order.
extension PathForest {
    /// Orders every directory's children (after bulk building).
    mutating func sortAll() {
        guard order != .input else { return }
        dropChildTable()
        for slot in nodes.indices where nodes[slot].children.count > 1 {
            var children = nodes[slot].children
            nodes[slot].children = []
            children.sort { precedesAmongSiblings($0, $1) }
            nodes[slot].children = children
            renumber(children: slot, from: 0)
        }
    }

    /// Whether sibling `a` comes before sibling `b`: as a ``FileTree`` orders them, with a
    /// file before a directory of the same name, and input order as the creation order.
    func precedesAmongSiblings(_ a: Int, _ b: Int) -> Bool {
        switch order {
        case .input:
            return nodes[a].sequence < nodes[b].sequence
        case .foldersFirst where nodes[a].isDirectory != nodes[b].isDirectory:
            return nodes[a].isDirectory
        case .foldersFirst, .name:
            let names = (name(of: a), name(of: b))
            if names.0 != names.1 { return names.0.lexicographicallyPrecedes(names.1) }
            if nodes[a].isDirectory != nodes[b].isDirectory { return !nodes[a].isDirectory }
            return nodes[a].sequence < nodes[b].sequence
        }
    }

    func insertionIndex(of slot: Int, in siblings: [Int]) -> Int {
        var low = 0, high = siblings.count
        while low < high {
            let mid = (low + high) / 2
            if precedesAmongSiblings(siblings[mid], slot) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    mutating func renumber(children parent: Int, from start: Int) {
        let children = nodes[parent].children
        for position in start..<children.count { nodes[children[position]].position = position }
    }

    /// Whether live slot `a` comes before live slot `b` in depth-first order.
    func precedes(_ a: Int, _ b: Int) -> Bool {
        if a == b { return false }
        var x = a, y = b
        while nodes[x].depth > nodes[y].depth { x = nodes[x].parent }
        if x == b { return false }
        while nodes[y].depth > nodes[x].depth { y = nodes[y].parent }
        if y == a { return true }
        while nodes[x].parent != nodes[y].parent {
            x = nodes[x].parent
            y = nodes[y].parent
        }
        return shownPosition(of: x) < shownPosition(of: y)
    }

    /// The place of `slot` among its shown siblings.
    private func shownPosition(of slot: Int) -> Int { projection?.position(of: slot) ?? nodes[slot].position }
}
