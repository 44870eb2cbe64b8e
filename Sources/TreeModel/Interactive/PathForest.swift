/// The mutable tree of paths behind ``TreeBrowserModel``: slots addressed by index, slot 0
/// the invisible root, children kept in ``TreeOrder``.
///
/// A slot is never reused while the forest lives (a removed node's slot is only marked
/// dead), so a slot number identifies one node with one path; this is what lets visible
/// rows be compared by slot.
struct PathForest: Sendable {
    struct Node: Sendable {
        var path: TreePath
        var parent: Int
        var isDirectory: Bool
        var isAlive = true
        var isExpanded = false
        var depth: Int
        var position = 0
        var sequence: Int
        var children: [Int] = []
    }

    static let root = 0
    private(set) var nodes: [Node]
    private var lookup: [RawPath: Int] = [:]
    private var nextSequence = 0
    let order: TreeOrder
    private(set) var liveCount = 0

    init(order: TreeOrder, capacity: Int = 0) {
        self.order = order
        let rootPath = try! TreePath(RawPath("root/"))
        nodes = [Node(path: rootPath, parent: -1, isDirectory: true, isExpanded: true, depth: -1, sequence: -1)]
        nodes.reserveCapacity(capacity * 2 + 1)
        lookup.reserveCapacity(capacity * 2)
    }

    /// The live node with this identity.
    func slot(of path: TreePath) -> Int? {
        guard let slot = lookup[path.normalized], nodes[slot].isDirectory == path.isDirectory else { return nil }
        return slot
    }

    /// Whether the normalized path names a live node, file or directory.
    func slot(normalized: RawPath) -> Int? { lookup[normalized] }

    // MARK: Building

    /// Inserts `path` and its missing ancestors without ordering children, for bulk
    /// building; call ``sortAll()`` afterwards. Returns the new slots, outermost first.
    @discardableResult
    mutating func insertUnordered(_ path: TreePath) throws(PathConflict) -> [Int] {
        try insert(path, ordered: false)
    }

    /// Inserts `path` and its missing ancestors at their ordered places.
    @discardableResult
    mutating func insertOrdered(_ path: TreePath) throws(PathConflict) -> [Int] {
        try insert(path, ordered: true)
    }

    private mutating func insert(_ path: TreePath, ordered: Bool) throws(PathConflict) -> [Int] {
        if let existing = lookup[path.normalized] {
            if nodes[existing].isDirectory != path.isDirectory { throw PathConflict() }
            return []
        }
        var missing: [TreePath] = [path]
        var parent = Self.root
        var prefix = path.normalized.parent
        while !prefix.isEmpty {
            let normalized = RawPath(bytes: Array(prefix))
            if let existing = lookup[normalized] {
                if !nodes[existing].isDirectory { throw PathConflict() }
                parent = existing
                break
            }
            missing.append(try! TreePath(RawPath(bytes: normalized.bytes + [UInt8(ascii: "/")])))
            prefix = normalized.parent
        }
        var created: [Int] = []
        created.reserveCapacity(missing.count)
        for newPath in missing.reversed() {
            parent = append(newPath, under: parent, ordered: ordered)
            created.append(parent)
        }
        return created
    }

    private mutating func append(_ path: TreePath, under parent: Int, ordered: Bool) -> Int {
        let slot = nodes.count
        nodes.append(Node(path: path, parent: parent, isDirectory: path.isDirectory,
                          depth: nodes[parent].depth + 1, sequence: nextSequence))
        nextSequence += 1
        lookup[path.normalized] = slot
        liveCount += 1
        if ordered {
            let at = insertionIndex(of: slot, in: nodes[parent].children)
            nodes[parent].children.insert(slot, at: at)
            renumber(children: parent, from: at)
        } else {
            nodes[slot].position = nodes[parent].children.count
            nodes[parent].children.append(slot)
        }
        return slot
    }

    /// Orders every directory's children (after bulk building).
    mutating func sortAll() {
        guard order != .input else { return }
        for slot in nodes.indices where nodes[slot].children.count > 1 {
            var children = nodes[slot].children
            nodes[slot].children = []
            children.sort { precedesAmongSiblings($0, $1) }
            nodes[slot].children = children
            renumber(children: slot, from: 0)
        }
    }

    /// Whether inserting `path` would make a path both a file and a directory.
    func conflicts(_ path: TreePath) -> Bool {
        if let existing = lookup[path.normalized] { return nodes[existing].isDirectory != path.isDirectory }
        var prefix = path.normalized.parent
        while !prefix.isEmpty {
            let normalized = RawPath(bytes: Array(prefix))
            if let existing = lookup[normalized] { return !nodes[existing].isDirectory }
            prefix = normalized.parent
        }
        return false
    }

    // MARK: Removing and moving

    /// Removes `slot` and everything below it; returns the removed slots, `slot` first.
    @discardableResult
    mutating func remove(_ slot: Int) -> [Int] {
        let parent = nodes[slot].parent
        let at = nodes[slot].position
        nodes[parent].children.remove(at: at)
        renumber(children: parent, from: at)
        let removed = subtree(of: slot)
        for dead in removed {
            lookup[nodes[dead].path.normalized] = nil
            nodes[dead].isAlive = false
            nodes[dead].children = []
        }
        liveCount -= removed.count
        return removed
    }

    /// Moves `slot` and everything below it to `path`, which must not exist or conflict
    /// and must not lie below `slot`. The moved nodes get new slots and keep their
    /// expansion; returns the slots created for missing ancestors of `path`.
    mutating func move(_ slot: Int, to path: TreePath) -> [Int] {
        let moved = subtree(of: slot)
        let oldRoot = nodes[slot].path.normalized.bytes.count
        remove(slot)
        var created = (try? insertOrdered(path)) ?? []
        let newRoot = created.removeLast()
        var newSlots = [slot: newRoot]
        nodes[newRoot].isExpanded = nodes[slot].isExpanded
        for old in moved.dropFirst() {
            let node = nodes[old]
            var bytes = path.normalized.bytes + node.path.normalized.bytes[oldRoot...]
            if node.isDirectory { bytes.append(UInt8(ascii: "/")) }
            let newSlot = append(try! TreePath(RawPath(bytes: bytes)), under: newSlots[node.parent]!, ordered: false)
            nodes[newSlot].isExpanded = node.isExpanded
            newSlots[old] = newSlot
        }
        return created
    }

    /// The slot and its descendants, depth-first.
    func subtree(of slot: Int) -> [Int] {
        var result: [Int] = []
        var stack = [slot]
        while let current = stack.popLast() {
            result.append(current)
            stack.append(contentsOf: nodes[current].children.reversed())
        }
        return result
    }

    mutating func setExpanded(_ slot: Int, _ expanded: Bool) { nodes[slot].isExpanded = expanded }

    // MARK: Order

    private func precedesAmongSiblings(_ a: Int, _ b: Int) -> Bool {
        let x = nodes[a], y = nodes[b]
        switch order {
        case .input:
            return x.sequence < y.sequence
        case .foldersFirst where x.isDirectory != y.isDirectory:
            return x.isDirectory
        case .foldersFirst, .name:
            let xName = x.path.normalized.basename, yName = y.path.normalized.basename
            if xName != yName { return xName.lexicographicallyPrecedes(yName) }
            return x.sequence < y.sequence
        }
    }

    private func insertionIndex(of slot: Int, in siblings: [Int]) -> Int {
        var low = 0, high = siblings.count
        while low < high {
            let mid = (low + high) / 2
            if precedesAmongSiblings(siblings[mid], slot) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private mutating func renumber(children parent: Int, from start: Int) {
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
        return nodes[x].position < nodes[y].position
    }

    /// Whether `ancestor` is `slot` or above it.
    func isAncestor(_ ancestor: Int, of slot: Int) -> Bool {
        var current = slot
        while nodes[current].depth > nodes[ancestor].depth { current = nodes[current].parent }
        return current == ancestor
    }
}

/// A path given as a file where a directory of that name exists, or the other way round.
struct PathConflict: Error {}
