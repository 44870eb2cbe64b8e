import TreeModel

/// The journal: what a batch changed, to undo it or to find the rows it touched.
extension PathForest {
    /// Starts recording inserts, removals and replaced changes so that ``rollBack()`` can undo them.
    mutating func beginJournal() {
        journal = []
        decorationsBefore = [:]
    }

    /// Stops recording and returns what was recorded, and the live nodes (the root aside)
    /// whose change or roll-up now differs from before.
    mutating func commitJournal() -> (changes: [Change], redecorated: [Int]) {
        defer {
            journal = nil
            decorationsBefore = [:]
        }
        let redecorated = decorationsBefore.compactMap { slot, before in
            slot != Self.root && isAlive(slot)
                && before != Decoration(change: nodes[slot].change, summary: summaries[slot]) ? slot : nil
        }
        return (journal ?? [], redecorated)
    }

    /// Undoes every recorded change, newest first, and stops recording.
    mutating func rollBack() {
        guard let changes = journal else { return }
        journal = nil
        decorationsBefore = [:]
        dropChildTable()
        for change in changes.reversed() {
            switch change {
            case .created(let slot):
                let parent = nodes[slot].parent
                nodes[parent].children.remove(at: nodes[slot].position)
                renumber(children: parent, from: nodes[slot].position)
                rollUp(summaries[slot], above: slot, adding: false)
                lookup[PathKey(nodes[slot].path)] = nil
                setAlive(slot, false)
                liveCount -= 1
            case .removed(let slot, let position):
                let parent = nodes[slot].parent
                nodes[parent].children.insert(slot, at: position)
                renumber(children: parent, from: position)
                rollUp(summaries[slot], above: slot, adding: true)
                let revived = subtree(of: slot)
                for node in revived {
                    lookup[PathKey(nodes[node].path)] = node
                    setAlive(node, true)
                }
                liveCount += revived.count
            case .replaced(let slot, let old):
                setChange(of: slot, to: old)
            }
        }
    }

    /// The deepest live directory whose children changed in `changes` or that lies above all
    /// such directories (possibly the root), or `nil` when no children changed.
    func commonAncestorOfChanges(_ changes: [Change]) -> Int? {
        var result: Int?
        for change in changes {
            let slot: Int
            switch change {
            case .created(let created): slot = created
            case .removed(let removed, _): slot = removed
            case .replaced: continue
            }
            let parent = nodes[slot].parent
            guard isAlive(parent) else { continue }
            result = result.map { commonAncestor($0, parent) } ?? parent
        }
        return result
    }

    private func commonAncestor(_ a: Int, _ b: Int) -> Int {
        var x = a, y = b
        while nodes[x].depth > nodes[y].depth { x = nodes[x].parent }
        while nodes[y].depth > nodes[x].depth { y = nodes[y].parent }
        while x != y {
            x = nodes[x].parent
            y = nodes[y].parent
        }
        return x
    }
}
