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
