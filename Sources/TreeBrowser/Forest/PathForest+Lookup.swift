import TreeModel

/// Lookups: slots by path, shown children and roll-ups, names, subtrees, and the check that
/// a path may be inserted.
extension PathForest {
    func onlyChild(of node: Int) -> Int? {
        let children = shownChildren(of: node)
        return children.count == 1 ? children.first : nil
    }

    func parent(of node: Int) -> Int? { nodes[node].parent == Self.root ? nil : nodes[node].parent }

    /// The shown live node with this identity.
    func slot(of path: TreePath) -> Int? { shown(lookup[PathKey(path)]) }

    /// The shown live node at these normalized bytes: the directory, else the file.
    func slot(normalized: RawPath) -> Int? {
        shown(lookup[PathKey(normalized.bytes, isDirectory: true)])
            ?? shown(lookup[PathKey(normalized.bytes, isDirectory: false)])
    }

    /// The shown live directory at these normalized bytes.
    func directory(normalized bytes: [UInt8]) -> Int? { shown(lookup[PathKey(bytes, isDirectory: true)]) }

    private func shown(_ slot: Int?) -> Int? {
        guard let slot, let projection else { return slot }
        return projection.isShown(slot) ? slot : nil
    }

    /// Whether `slot` is shown (every live node without a projection).
    func isShown(_ slot: Int) -> Bool { projection?.isShown(slot) ?? true }

    /// The shown children of `slot`, in order.
    func shownChildren(of slot: Int) -> ArraySlice<Int> {
        guard let projection else { return nodes[slot].children[...] }
        return projection.children(of: slot)
    }

    /// The roll-up of the shown files below `slot`, or a shown file's own summary.
    func shownSummary(of slot: Int) -> ChangeSummary {
        projection?.summary(of: slot) ?? summaries[slot]
    }

    /// How many files and directories are shown.
    var shownCount: Int { projection?.shownCount ?? liveCount }

    /// The node's name: the last piece of its path.
    func name(of slot: Int) -> ArraySlice<UInt8> { nodes[slot].path.normalized.bytes[nodes[slot].nameStart...] }

    /// Whether inserting `path` would make a path both a file and a directory where the
    /// forest does not allow it.
    func conflicts(_ path: TreePath) -> Bool {
        guard !allowsFileAndDirectory else { return false }
        let bytes = path.normalized.bytes
        if lookup[PathKey(bytes, isDirectory: !path.isDirectory)] != nil { return true }
        var end = bytes.count
        while let slash = bytes[..<end].lastIndex(of: UInt8(ascii: "/")) {
            let prefix = Array(bytes[..<slash])
            if lookup[PathKey(prefix, isDirectory: true)] != nil { return false }
            if lookup[PathKey(prefix, isDirectory: false)] != nil { return true }
            end = slash
        }
        return false
    }

    /// The slot and its shown descendants, depth-first.
    func subtree(of slot: Int) -> [Int] {
        var result: [Int] = []
        var stack = [slot]
        while let current = stack.popLast() {
            result.append(current)
            stack.append(contentsOf: shownChildren(of: current).reversed())
        }
        return result
    }

    /// The shown files at or below `slot`, read from the flat child lists, in no set order.
    func shownFiles(below slot: Int) -> [Int] {
        withShownChildLists { isDirectory, children in
            guard isDirectory(slot) else { return [slot] }
            var files: [Int] = [], stack = [slot]
            while let current = stack.popLast() {
                for child in children(current) {
                    if isDirectory(child) { stack.append(child) } else { files.append(child) }
                }
            }
            return files
        }
    }
}

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
    /// file before a directory of the same name, and input order as the creation order. In
    /// size order: directories first, then the order the tree was built in (the browser
    /// builds the tree again when changes come in that order: line counts move rows).
    func precedesAmongSiblings(_ a: Int, _ b: Int) -> Bool {
        switch order {
        case .input:
            return nodes[a].sequence < nodes[b].sequence
        case .size where nodes[a].isDirectory != nodes[b].isDirectory:
            return nodes[a].isDirectory
        case .size:
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
