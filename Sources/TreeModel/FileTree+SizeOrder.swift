/// `--sort size` (Docs/TreeModel.md#ordering): siblings by lines changed, most first. The tree
/// is first ordered folders first, by name (that order breaks ties), then each directory's
/// children are sorted again by the lines changed below them.
extension FileTree {
    /// Orders every directory's children as ``TreeOrder/size`` says, by the line counts of
    /// `changes` (the changes the tree was built from) as a ``ChangeSummary`` counts them: a
    /// binary file's, or one whose content was not read, count 0.
    mutating func sortChildren(bySizeOf changes: [FileChange]) {
        var sizes = [Int](repeating: 0, count: slots.count)
        for index in slots.indices.reversed() {
            let entry = Int(slots[index].entry)
            if entry >= 0, entry < changes.count {
                let summary = ChangeSummary(CollectionOfOne(changes[entry]))
                sizes[index] += (summary.insertions ?? 0) + (summary.deletions ?? 0)
            }
            if slots[index].parent >= 0 { sizes[Int(slots[index].parent)] += sizes[index] }
        }
        for slot in slots where slot.isDirectory && slot.childCount > 1 {
            let start = Int(slot.childStart), end = start + Int(slot.childCount)
            let ranked = childList[start..<end].enumerated().sorted { a, b in
                let (x, y) = (Int(a.element), Int(b.element))
                if slots[x].isDirectory != slots[y].isDirectory { return slots[x].isDirectory }
                if sizes[x] != sizes[y] { return sizes[x] > sizes[y] }
                return a.offset < b.offset
            }
            for (offset, child) in ranked.enumerated() { childList[start + offset] = child.element }
        }
    }
}
