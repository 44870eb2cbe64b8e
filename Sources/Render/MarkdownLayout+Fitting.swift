extension MarkdownLayout {
    /// Rolls up open directories until the rows take at most `budget` bytes: the deepest
    /// first, and on one level the one that saves the most first, so that no directory is
    /// open below one rolled up. Returns whether they fit; when even every top-level
    /// directory rolled up does not, they stay rolled up.
    mutating func fit(within budget: Int) -> Bool {
        guard bytes > budget else { return true }
        var levels = [[Int]](repeating: [], count: deepestLevel + 1)
        for index in rows.indices where rows[index].kind == .openDirectory {
            levels[Int(rows[index].level)].append(index)
        }
        let topLevel = rows.indices.filter { rows[$0].level == 0 }
        for level in stride(from: deepestLevel, through: 0, by: -1) {
            let candidates = levels[level]
                .map { (index: $0, saving: rows[$0].shownBytes - rows[$0].rolledUpLine.count) }
                .sorted { $0.saving != $1.saving ? $0.saving > $1.saving : $0.index > $1.index }
            for candidate in candidates {
                guard bytes > budget else { return true }
                let change = level == 0 ? listChange(rollingUp: candidate.index, topLevel: topLevel) : 0
                _ = rollUp(candidate.index, listChange: change)
            }
        }
        return bytes <= budget
    }

    /// How the number of top-level lists changes when top-level directory `index`, now a
    /// `<details>` block, becomes a list item: it joins the lists beside it, or starts one.
    private func listChange(rollingUp index: Int, topLevel: [Int]) -> Int {
        var low = 0, high = topLevel.count
        while low < high {
            let middle = (low + high) / 2
            if topLevel[middle] < index { low = middle + 1 } else { high = middle }
        }
        let before = low > 0 && isListItem(topLevel[low - 1])
        let after = low + 1 < topLevel.count && isListItem(topLevel[low + 1])
        return before && after ? -1 : before || after ? 0 : 1
    }
}
