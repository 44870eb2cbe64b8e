/// The mutable tree of paths behind ``TreeBrowserModel``: slots addressed by index, slot 0
/// the invisible root, children kept in ``TreeOrder``.
///
/// A slot is never reused while the forest lives (a removed node is only marked dead), so a
/// slot number identifies one node with one path; this lets visible rows be compared by
/// slot, and lets a journal undo changes (for all-or-nothing batches) without a copy.
struct PathForest: RowProjection, Sendable {
    struct Node: Sendable {
        var path: TreePath
        var nameStart: Int
        var parent: Int
        var isDirectory: Bool
        var isAlive = true
        var isExpanded = false
        var depth: Int
        var position = 0
        var sequence: Int
        var children: [Int] = []
    }

    /// A change the journal can undo.
    enum Change: Sendable {
        case created(Int)
        case removed(slot: Int, position: Int)
    }

    static let root = 0
    private(set) var nodes: [Node]
    private var lookup: [PathKey: Int] = [:]
    private var nextSequence = 0
    private var journal: [Change]?
    let order: TreeOrder
    private(set) var liveCount = 0
    /// Whether directory-only chains are one row (the browser's projection in force).
    var flattensChains = true

    init(order: TreeOrder, capacity: Int = 0) {
        self.order = order
        let rootPath = try! TreePath(RawPath("root/"))
        nodes = [Node(path: rootPath, nameStart: 0, parent: -1, isDirectory: true, isExpanded: true,
                      depth: -1, sequence: -1)]
        nodes.reserveCapacity(capacity * 2 + 1)
        lookup.reserveCapacity(capacity * 2)
    }

    /// The live node with this identity.
    func slot(of path: TreePath) -> Int? {
        guard let slot = lookup[PathKey(path.normalized.bytes)], nodes[slot].isDirectory == path.isDirectory else {
            return nil
        }
        return slot
    }

    /// The live node, file or directory, at these normalized bytes.
    func slot(normalized: RawPath) -> Int? { lookup[PathKey(normalized.bytes)] }

    func isDirectory(_ node: Int) -> Bool { nodes[node].isDirectory }

    func onlyChild(of node: Int) -> Int? { nodes[node].children.count == 1 ? nodes[node].children[0] : nil }

    func parent(of node: Int) -> Int? { nodes[node].parent == Self.root ? nil : nodes[node].parent }

    /// The node's name: the last piece of its path.
    func name(of slot: Int) -> ArraySlice<UInt8> { nodes[slot].path.normalized.bytes[nodes[slot].nameStart...] }

    // MARK: Inserting

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

    /// Whether inserting `path` would make a path both a file and a directory.
    func conflicts(_ path: TreePath) -> Bool {
        if let existing = lookup[PathKey(path.normalized.bytes)] {
            return nodes[existing].isDirectory != path.isDirectory
        }
        var end = path.normalized.bytes.count
        while let slash = path.normalized.bytes[..<end].lastIndex(of: UInt8(ascii: "/")) {
            if let existing = lookup[PathKey(Array(path.normalized.bytes[..<slash]))] {
                return !nodes[existing].isDirectory
            }
            end = slash
        }
        return false
    }

    private mutating func insert(_ path: TreePath, ordered: Bool) throws(PathConflict) -> [Int] {
        let bytes = path.normalized.bytes
        if let existing = lookup[PathKey(bytes)] {
            if nodes[existing].isDirectory != path.isDirectory { throw PathConflict() }
            return []
        }
        var missing: [Int] = [bytes.count]
        var parent = Self.root
        var end = bytes.count
        while let slash = bytes[..<end].lastIndex(of: UInt8(ascii: "/")) {
            if let existing = lookup[PathKey(Array(bytes[..<slash]))] {
                if !nodes[existing].isDirectory { throw PathConflict() }
                parent = existing
                break
            }
            missing.append(slash)
            end = slash
        }
        var created: [Int] = []
        created.reserveCapacity(missing.count)
        for end in missing.reversed() {
            let newPath = end == bytes.count
                ? path : try! TreePath(RawPath(bytes: Array(bytes[..<end]) + [UInt8(ascii: "/")]))
            parent = append(newPath, under: parent, ordered: ordered)
            created.append(parent)
        }
        return created
    }

    private mutating func append(_ path: TreePath, under parent: Int, ordered: Bool) -> Int {
        let slot = nodes.count
        let bytes = path.normalized.bytes
        let nameStart = bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        nodes.append(Node(path: path, nameStart: nameStart, parent: parent, isDirectory: path.isDirectory,
                          depth: nodes[parent].depth + 1, sequence: nextSequence))
        nextSequence += 1
        lookup[PathKey(bytes)] = slot
        liveCount += 1
        if ordered {
            let at = insertionIndex(of: slot, in: nodes[parent].children)
            nodes[parent].children.insert(slot, at: at)
            renumber(children: parent, from: at)
        } else {
            nodes[slot].position = nodes[parent].children.count
            nodes[parent].children.append(slot)
        }
        journal?.append(.created(slot))
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

    // MARK: Removing and moving

    /// Removes `slot` and everything below it.
    mutating func remove(_ slot: Int) {
        let parent = nodes[slot].parent
        let at = nodes[slot].position
        nodes[parent].children.remove(at: at)
        renumber(children: parent, from: at)
        let removed = subtree(of: slot)
        for dead in removed {
            lookup[PathKey(nodes[dead].path.normalized.bytes)] = nil
            nodes[dead].isAlive = false
        }
        liveCount -= removed.count
        journal?.append(.removed(slot: slot, position: at))
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

    // MARK: Compaction

    /// How many removed nodes are still stored.
    var deadCount: Int { nodes.count - 1 - liveCount }

    /// Drops removed nodes, renumbering the live ones depth-first; returns the new slot of
    /// each old slot (`nil` for removed ones). Not while journaling.
    mutating func compact() -> [Int?] {
        precondition(journal == nil)
        var newSlots = [Int?](repeating: nil, count: nodes.count)
        var kept: [Node] = []
        kept.reserveCapacity(liveCount + 1)
        for old in subtree(of: Self.root) {
            newSlots[old] = kept.count
            var node = nodes[old]
            if old != Self.root { node.parent = newSlots[node.parent]! }
            kept.append(node)
        }
        for slot in kept.indices {
            kept[slot].children = kept[slot].children.map { newSlots[$0]! }
            if slot != Self.root { lookup[PathKey(kept[slot].path.normalized.bytes)] = slot }
        }
        nodes = kept
        return newSlots
    }

    // MARK: Journal

    /// Starts recording inserts and removals so that ``rollBack()`` can undo them.
    mutating func beginJournal() { journal = [] }

    /// Stops recording and returns what was recorded.
    mutating func commitJournal() -> [Change] {
        defer { journal = nil }
        return journal ?? []
    }

    /// The deepest live directory whose children changed in `changes` or that lies above all
    /// such directories (possibly the root), or `nil` when nothing changed.
    func commonAncestorOfChanges(_ changes: [Change]) -> Int? {
        var result: Int?
        for change in changes {
            let slot = switch change {
            case .created(let slot): slot
            case .removed(let slot, _): slot
            }
            let parent = nodes[slot].parent
            guard nodes[parent].isAlive else { continue }
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

    /// Undoes every recorded change, newest first, and stops recording.
    mutating func rollBack() {
        guard let changes = journal else { return }
        journal = nil
        for change in changes.reversed() {
            switch change {
            case .created(let slot):
                let parent = nodes[slot].parent
                nodes[parent].children.remove(at: nodes[slot].position)
                renumber(children: parent, from: nodes[slot].position)
                lookup[PathKey(nodes[slot].path.normalized.bytes)] = nil
                nodes[slot].isAlive = false
                liveCount -= 1
            case .removed(let slot, let position):
                let parent = nodes[slot].parent
                nodes[parent].children.insert(slot, at: position)
                renumber(children: parent, from: position)
                let revived = subtree(of: slot)
                for node in revived {
                    lookup[PathKey(nodes[node].path.normalized.bytes)] = node
                    nodes[node].isAlive = true
                }
                liveCount += revived.count
            }
        }
    }

    // MARK: Order

    private func precedesAmongSiblings(_ a: Int, _ b: Int) -> Bool {
        switch order {
        case .input:
            return nodes[a].sequence < nodes[b].sequence
        case .foldersFirst where nodes[a].isDirectory != nodes[b].isDirectory:
            return nodes[a].isDirectory
        case .foldersFirst, .name:
            let names = (name(of: a), name(of: b))
            if names.0 != names.1 { return names.0.lexicographicallyPrecedes(names.1) }
            return nodes[a].sequence < nodes[b].sequence
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
}

/// A path given as a file where a directory of that name exists, or the other way round.
struct PathConflict: Error {}
