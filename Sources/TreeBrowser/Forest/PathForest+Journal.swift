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

/// Removing, moving and compacting nodes.
extension PathForest {
    /// Removes `slot` and everything below it; its roll-up leaves its ancestors'.
    mutating func remove(_ slot: Int) {
        let parent = nodes[slot].parent
        let at = nodes[slot].position
        dropChildTable()
        nodes[parent].children.remove(at: at)
        renumber(children: parent, from: at)
        rollUp(summaries[slot], above: slot, adding: false)
        let removed = subtree(of: slot)
        for dead in removed {
            lookup[PathKey(nodes[dead].path)] = nil
            setAlive(dead, false)
        }
        liveCount -= removed.count
        journal?.append(.removed(slot: slot, position: at))
    }

    /// Moves `slot` and everything below it to `path`, which must not exist or conflict
    /// and must not lie below `slot`. The moved nodes get new slots and keep their expansion
    /// and changes (each at its new path); returns the slots created for missing ancestors
    /// of `path`.
    mutating func move(_ slot: Int, to path: TreePath) -> [Int] {
        let moved = subtree(of: slot)
        let oldRoot = nodes[slot].path.normalized.bytes.count
        remove(slot)
        var created = (try? insert(path, change: nodes[slot].change, ordered: true)) ?? []
        let newRoot = created.removeLast()
        var newSlots = [slot: newRoot]
        setExpanded(newRoot, isExpanded(slot))
        for old in moved.dropFirst() {
            let node = nodes[old]
            var bytes = path.normalized.bytes + node.path.normalized.bytes[oldRoot...]
            if node.isDirectory { bytes.append(UInt8(ascii: "/")) }
            let newSlot = append(try! TreePath(RawPath(bytes: bytes)), under: newSlots[node.parent]!, ordered: false,
                                 change: node.change)
            setExpanded(newSlot, isExpanded(old))
            newSlots[old] = newSlot
        }
        return created
    }

    /// How many removed nodes are still stored.
    var deadCount: Int { nodes.count - 1 - liveCount }

    /// Drops removed nodes, renumbering the live ones depth-first; returns the new slot of
    /// each old slot (`nil` for removed ones). Not while journaling.
    mutating func compact() -> [Int?] {
        precondition(journal == nil)
        dropChildTable()
        var newSlots = [Int?](repeating: nil, count: nodes.count)
        var kept: [Node] = []
        kept.reserveCapacity(liveCount + 1)
        let keptSlots = subtree(of: Self.root)
        for old in keptSlots {
            newSlots[old] = kept.count
            var node = nodes[old]
            if old != Self.root { node.parent = newSlots[node.parent]! }
            kept.append(node)
        }
        for slot in kept.indices {
            kept[slot].children = kept[slot].children.map { newSlots[$0]! }
            if slot != Self.root { lookup[PathKey(kept[slot].path)] = slot }
        }
        keepOnly(keptSlots, nodes: kept)
        return newSlots
    }
}
