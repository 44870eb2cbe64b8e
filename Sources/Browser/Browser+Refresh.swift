import TreeBrowser
import TreeModel

/// Live refresh: the changes read again take the tree's mutations
/// (Docs/TreeModel.md#mutations-and-resets), so expansion, focus, selection and the scroll
/// position stay where they were for what is still there.
extension Browser {
    /// Shows `changes` in place of the changes before: files gone are removed (with the
    /// directories left without a file), new and changed files added. Returns whether
    /// anything the tree shows changed.
    @discardableResult
    public mutating func update(changes: [FileChange]) -> Bool {
        let before = Dictionary(shownChanges.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        allChanges = changes
        let after = shownChanges
        let mutations = Self.mutations(from: before, to: after)
        countViewed()
        guard !mutations.isEmpty else { return false }
        do {
            try model.batch(mutations)
        } catch {
            showChanges()
            return true
        }
        painter.setTotal(model.total)
        finder = mode == .finding ? RankedFind(model: model, icons: configuration.style.render.iconResolver) : nil
        if model.focus == nil { model.focusFirst() }
        if let pane = diff {
            if !model.contains(pane.path) {
                closeDiff()
            } else if let change = model.change(of: pane.path), change != pane.change,
                      let index = model.rowIndex(of: pane.path) {
                let scroll = pane.scroll
                openDiff(forRow: index)
                let height = layout.diff.rows
                diff?.scroll(by: scroll, height: height)
            }
        }
        clampScroll()
        scrollToFocus()
        return true
    }

    /// The mutations from the files `before` (by path) to the files `after`: removals first
    /// (a file, or its highest ancestor left without a file), then additions and changes.
    static func mutations(from before: [RawPath: FileChange], to after: [FileChange]) -> [TreeMutation] {
        let slash = UInt8(ascii: "/")
        var directories = Set<ArraySlice<UInt8>>()
        for change in after {
            let bytes = change.path.bytes
            for index in bytes.indices where bytes[index] == slash { directories.insert(bytes[..<index]) }
        }
        let remaining = Set(after.map(\.path))
        var removed = Set<[UInt8]>()
        for path in before.keys where !remaining.contains(path) {
            var target = path.bytes
            var cut = path.bytes[...]
            while let index = cut.lastIndex(of: slash), !directories.contains(cut[..<index]) {
                target = Array(cut[..<index]) + [slash]
                cut = cut[..<index]
            }
            removed.insert(target)
        }
        var mutations = removed.sorted { $0.lexicographicallyPrecedes($1) }
            .compactMap { try? TreePath(RawPath(bytes: $0)) }.map(TreeMutation.remove)
        for change in after where before[change.path] != change { mutations.append(.addChange(change)) }
        return mutations
    }
}
