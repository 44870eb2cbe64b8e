import TreeModel

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
