import TreeModel

/// Chains, row generation and row lookup.
extension TreeBrowserModel {
    /// The first slot of the row that shows `slot`.
    func head(of slot: Int) -> Int { forest.rowHead(of: slot) }

    /// The last slot of the row that starts at `head`, and whether the row is open (every
    /// directory of its chain expanded).
    func rowEnd(from head: Int) -> (node: Int, isExpanded: Bool) {
        let end = forest.rowEnd(from: head)
        var node = head
        var expanded = forest.isDirectory(head) && forest.isExpanded(head)
        while node != end {
            node = forest.shownChildren(of: node).first!
            expanded = expanded && forest.isExpanded(node)
        }
        return (end, expanded)
    }

    /// The slots of the row that starts at `head`, outermost first.
    func chain(from head: Int) -> [Int] {
        var slots = [head]
        let end = rowEnd(from: head).node
        while slots[slots.count - 1] != end { slots.append(forest.shownChildren(of: slots[slots.count - 1]).first!) }
        return slots
    }

    /// The slots of the row that shows `slot`.
    func chain(containing slot: Int) -> [Int] { chain(from: head(of: slot)) }

    /// The row starting at `head`, on `level`.
    func makeRow(head: Int, level: Int) -> ShownRow {
        let end = rowEnd(from: head)
        return ShownRow(head: head, node: end.node, level: level, isExpanded: end.isExpanded)
    }

    /// The visible rows below an open `parent`, depth-first, starting on `level`.
    func rows(below parent: Int, level: Int) -> [ShownRow] {
        var result: [ShownRow] = []
        appendRows(below: parent, level: level, into: &result)
        return result
    }

    func appendRows(below parent: Int, level: Int, into result: inout [ShownRow]) {
        forest.appendShownRows(below: parent, level: level, into: &result)
    }

    /// The index of the visible row showing `slot`, by binary search in depth-first order.
    func rowIndex(ofSlot slot: Int) -> Int? {
        let target = head(of: slot)
        var low = 0, high = visible.count
        while low < high {
            let mid = (low + high) / 2
            let candidate = visible[mid].head
            if candidate == target { return mid }
            if forest.precedes(candidate, target) { low = mid + 1 } else { high = mid }
        }
        return nil
    }

    /// The identity of visible row `index`.
    func identity(ofRow index: Int) -> TreePath { forest.nodes[visible[index].node].path }

    /// The row showing `slot`, else the row of its nearest visible ancestor.
    func nearestVisibleRow(ofSlot slot: Int) -> Int? {
        var current = slot
        while current != PathForest.root {
            if let row = rowIndex(ofSlot: current) { return row }
            current = forest.nodes[current].parent
        }
        return nil
    }

    /// The end (exclusive) of the rows below visible row `index`.
    func subtreeEnd(ofRow index: Int) -> Int {
        let level = visible[index].level
        var end = index + 1
        while end < visible.count && visible[end].level > level { end += 1 }
        return end
    }

    /// Recomputes the row showing `slot` and the rows below it: one contiguous range,
    /// reported whole, or trimmed to the rows that differ when `trimmed`.
    mutating func refreshSubtree(ofSlot slot: Int, trimmed: Bool = false) -> RowReplacement? {
        guard let index = rowIndex(ofSlot: slot) else { return nil }
        let end = subtreeEnd(ofRow: index)
        let old = visible[index]
        var fresh = [makeRow(head: old.head, level: old.level)]
        if fresh[0].isExpanded { appendRows(below: fresh[0].node, level: old.level + 1, into: &fresh) }
        let difference = RowReplacement.between(Array(visible[index..<end]), fresh)
        guard let difference else { return nil }
        visible.replaceSubrange(index..<end, with: fresh)
        guard trimmed else { return RowReplacement(replaced: index..<end, inserted: index..<(index + fresh.count)) }
        return RowReplacement(
            replaced: (index + difference.replaced.lowerBound)..<(index + difference.replaced.upperBound),
            inserted: (index + difference.inserted.lowerBound)..<(index + difference.inserted.upperBound))
    }

    /// Recomputes every row; the update is the smallest range that differs.
    mutating func refreshAll() -> RowReplacement? {
        let fresh = rows(below: PathForest.root, level: 0)
        defer { visible = fresh }
        return RowReplacement.between(visible, fresh)
    }
}
