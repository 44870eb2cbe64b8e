import TreeModel

/// What a ``FileFilter`` leaves of a ``PathForest``, without copying it: which nodes are
/// shown, each shown directory's shown children (in order) and its roll-up of the files
/// shown. Made in two passes over flat arrays (no allocation per node): slots from last to
/// first roll each shown file up into its parent (a parent's slot always precedes its
/// children's), then each shown directory lists its shown children.
struct ForestProjection: Sendable {
    /// A shown directory: where its shown children start in ``children``, how many there are,
    /// and the roll-up of the files shown below it.
    struct Directory: Sendable {
        var childStart: Int32 = 0
        var childCount: Int32 = 0
        var summary = ChangeSummary()
        /// The least sequence of the files shown below (input order ranks directories by it).
        var firstSequence = Int.max
    }

    static let hidden: Int32 = -1
    static let shownFile: Int32 = -2

    /// The filter this projection applies.
    let filter: FileFilter
    /// Per slot: ``hidden``, ``shownFile``, or the index of the shown directory in ``directories``.
    private(set) var entries: [Int32]
    private(set) var directories: [Directory] = []
    private(set) var children: [Int] = []
    /// In input order, each shown node's place among its shown siblings (which a filter may
    /// rank otherwise than the whole tree); empty in the other orders, where the whole
    /// tree's places keep the shown siblings' order.
    private(set) var positions: [Int32] = []
    /// How many files and directories are shown (the root aside).
    private(set) var shownCount = 0

    /// The projection of `forest`'s live nodes by `filter`.
    init(forest: PathForest, filter: FileFilter) {
        self.filter = filter
        let count = forest.nodes.count
        entries = [Int32](repeating: Self.hidden, count: count)
        let inSlotOrder = forest.slotsFollowTreeOrder && forest.order != .input
        var parents = inSlotOrder ? [Int32](repeating: 0, count: count) : []
        forest.nodes.withUnsafeBufferPointer { nodes in
            rollUpShownFiles(nodes, parents: &parents)
            if inSlotOrder {
                listShownChildren(parents: parents)
            } else {
                listShownChildren(nodes, inInputOrder: forest.order == .input)
            }
        }
    }

    /// Rolls each shown file up into its directories, from the last slot to the first; notes
    /// each shown node's parent in `parents` (when not empty) and counts its siblings.
    private mutating func rollUpShownFiles(_ nodes: UnsafeBufferPointer<PathForest.Node>, parents: inout [Int32]) {
        let wantedStatus = filter.status.map(FileFilter.statusKey)
        let hiddenBits = filter.hidesViewed ? FileFilter.viewedBit : 0
        var slot = nodes.count - 1
        while slot > PathForest.root {
            defer { slot -= 1 }
            guard nodes[slot].isAlive else { continue }
            let summary: ChangeSummary
            let sequence: Int
            if nodes[slot].isDirectory {
                let index = entries[slot]
                guard index >= 0 else { continue }
                (summary, sequence) = (directories[Int(index)].summary, directories[Int(index)].firstSequence)
            } else {
                let key = nodes[slot].filterKey
                guard key & hiddenBits == 0, wantedStatus.map({ key & FileFilter.statusBits == $0 }) ?? true else { continue }
                entries[slot] = Self.shownFile
                (summary, sequence) = (nodes[slot].summary, nodes[slot].sequence)
            }
            shownCount += 1
            if !parents.isEmpty { parents[slot] = Int32(nodes[slot].parent) }
            let parent = Int(directoryIndex(of: nodes[slot].parent))
            directories[parent].childCount += 1
            directories[parent].summary.add(summary)
            directories[parent].firstSequence = min(directories[parent].firstSequence, sequence)
        }
        _ = directoryIndex(of: PathForest.root)
    }

    /// The index of `slot`'s directory entry, made empty on first use.
    private mutating func directoryIndex(of slot: Int) -> Int32 {
        if entries[slot] >= 0 { return entries[slot] }
        entries[slot] = Int32(directories.count)
        directories.append(Directory())
        return entries[slot]
    }

    /// Lists each shown directory's shown children when slots follow the tree's order (each
    /// directory's children in increasing slots): one pass over the slots, no node read.
    private mutating func listShownChildren(parents: [Int32]) {
        var start: Int32 = 0
        for index in directories.indices {
            directories[index].childStart = start
            start += directories[index].childCount
            directories[index].childCount = 0
        }
        children = [Int](repeating: 0, count: Int(start))
        for slot in entries.indices.dropFirst() where entries[slot] != Self.hidden {
            let directory = Int(entries[Int(parents[slot])])
            children[Int(directories[directory].childStart + directories[directory].childCount)] = slot
            directories[directory].childCount += 1
        }
    }

    /// Lists each shown directory's shown children; in input order, ranked by their first
    /// shown file, as a tree of the shown files alone ranks them (Docs/TreeModel.md#ordering).
    private mutating func listShownChildren(_ nodes: UnsafeBufferPointer<PathForest.Node>, inInputOrder: Bool) {
        children.reserveCapacity(shownCount)
        if inInputOrder { positions = [Int32](repeating: 0, count: nodes.count) }
        for slot in 0..<nodes.count where entries[slot] >= 0 {
            let index = Int(entries[slot])
            let start = children.count
            directories[index].childStart = Int32(start)
            directories[index].childCount = 0
            for child in nodes[slot].children where entries[child] != Self.hidden { children.append(child) }
            directories[index].childCount = Int32(children.count - start)
            guard inInputOrder, children.count - start > 1 else { continue }
            let (entries, directories) = (entries, directories)
            func first(_ slot: Int) -> Int {
                entries[slot] >= 0 ? directories[Int(entries[slot])].firstSequence : nodes[slot].sequence
            }
            children[start...].sort { first($0) < first($1) }
            for position in start..<children.count { positions[children[position]] = Int32(position - start) }
        }
    }

    /// Whether `slot` is shown.
    @inline(__always)
    func isShown(_ slot: Int) -> Bool { slot < entries.count && entries[slot] != Self.hidden }

    /// The shown children of `slot`, in order (none for a file or a hidden directory).
    @inline(__always)
    func children(of slot: Int) -> ArraySlice<Int> {
        let index = entries[slot]
        guard index >= 0 else { return children[0..<0] }
        let directory = directories[Int(index)]
        return children[Int(directory.childStart)..<Int(directory.childStart + directory.childCount)]
    }

    /// The place of shown node `slot` among its shown siblings, when it differs from its place
    /// in the whole tree.
    @inline(__always)
    func position(of slot: Int) -> Int? { positions.isEmpty ? nil : Int(positions[slot]) }

    /// The roll-up of the shown files below directory `slot`, or `nil` for a file or a hidden node.
    @inline(__always)
    func summary(of slot: Int) -> ChangeSummary? {
        let index = entries[slot]
        return index >= 0 ? directories[Int(index)].summary : nil
    }
}
