import TreeModel

/// What a ``FileFilter`` leaves of a ``PathForest``, without copying it: which nodes are
/// shown, each shown directory's shown children (in order) and its roll-up of the files
/// shown. Made in one pass over the forest's flat arrays (its ``ChildTable``, flags and
/// file tallies), no node read and no allocation per node: directories from the last slot
/// to the first list and sum up their shown children (a parent's slot always precedes its
/// children's).
struct ForestProjection: Sendable {
    /// Where a shown directory's shown children are in ``children``: 8 bytes, so that rows
    /// walk the lists without reading roll-ups.
    struct ChildRange: Sendable {
        var start: Int32 = 0
        var count: Int32 = 0
    }

    static let hidden: Int32 = -1
    static let shownFile: Int32 = -2

    /// The filter this projection applies.
    let filter: FileFilter
    /// Per slot: ``hidden``, ``shownFile``, or the index of the shown directory in
    /// ``childRanges`` and ``rollUps``.
    private(set) var entries: [Int32]
    private(set) var childRanges: [ChildRange] = []
    /// Per shown directory, the roll-up of the files shown below it.
    private(set) var rollUps: [ChangeSummary] = []
    /// In input order, per shown directory, the least sequence of the files shown below it
    /// (input order ranks directories by it); empty in the other orders.
    private(set) var firstSequences: [Int] = []
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
        entries = [Int32](repeating: Self.hidden, count: forest.nodes.count)
        let table = forest.childTable ?? ChildTable(forest)
        let inInputOrder = forest.order == .input
        table.withLists { lists in
            forest.nodes.withUnsafeBufferPointer { nodes in
                rollUpShownFiles(forest, children: lists, directoryCount: table.directoryCount,
                                 sequences: inInputOrder ? nodes : nil)
                if inInputOrder { orderByFirstFile(nodes) }
            }
        }
    }

    /// Gives every live directory with a shown file below it (and the root) its entry, from
    /// the last slot to the first: its shown children, listed in order, their roll-up and,
    /// when `sequences` are given (input order), their least sequence.
    private mutating func rollUpShownFiles(
        _ forest: PathForest, children: ChildTable.Lists, directoryCount: Int,
        sequences nodes: UnsafeBufferPointer<PathForest.Node>?
    ) {
        let wantedStatus = filter.status.map(FileFilter.statusKey)
        let hiddenBits = filter.hiddenBits, requiredBits = filter.requiredBits
        var ranges: [ChildRange] = [], rollUps: [ChangeSummary] = [], firstSequences: [Int] = []
        var shownChildren: [Int] = []
        ranges.reserveCapacity(directoryCount)
        rollUps.reserveCapacity(directoryCount)
        if nodes != nil { firstSequences.reserveCapacity(directoryCount) }
        shownChildren.reserveCapacity(forest.liveCount)
        entries.withUnsafeMutableBufferPointer { entries in
            forest.flags.withUnsafeBufferPointer { flags in
                forest.tallies.withUnsafeBufferPointer { tallies in
                    forest.summaries.withUnsafeBufferPointer { summaries in
                        for slot in flags.indices.reversed() where flags[slot].isSuperset(of: [.alive, .directory]) {
                            let start = shownChildren.count
                            var rollUp = ChangeSummary(), firstSequence = Int.max
                            for child in children[slot] {
                                if flags[child].contains(.directory) {
                                    let index = Int(entries[child])
                                    guard index >= 0 else { continue }
                                    rollUp.add(rollUps[index])
                                    if nodes != nil { firstSequence = min(firstSequence, firstSequences[index]) }
                                } else {
                                    let key = tallies[child].key
                                    guard key & hiddenBits == 0, key & requiredBits == requiredBits,
                                          wantedStatus.map({ key & FileFilter.statusBits == $0 }) ?? true else { continue }
                                    entries[child] = Self.shownFile
                                    rollUp.add(tallies[child], whole: summaries[child])
                                    if let nodes { firstSequence = min(firstSequence, nodes[child].sequence) }
                                }
                                shownChildren.append(child)
                            }
                            let count = shownChildren.count - start
                            guard count > 0 || slot == PathForest.root else { continue }
                            entries[slot] = Int32(ranges.count)
                            ranges.append(ChildRange(start: Int32(start), count: Int32(count)))
                            rollUps.append(rollUp)
                            if nodes != nil { firstSequences.append(firstSequence) }
                        }
                    }
                }
            }
        }
        childRanges = ranges
        self.rollUps = rollUps
        self.firstSequences = firstSequences
        self.children = shownChildren
        shownCount = shownChildren.count
    }

    /// In input order, ranks each shown directory's shown children by their first shown
    /// file, as a tree of the shown files alone ranks them (Docs/TreeModel.md#ordering), and
    /// notes each one's place.
    private mutating func orderByFirstFile(_ nodes: UnsafeBufferPointer<PathForest.Node>) {
        positions = [Int32](repeating: 0, count: entries.count)
        let (entries, firstSequences) = (entries, firstSequences)
        func first(_ slot: Int) -> Int {
            entries[slot] >= 0 ? firstSequences[Int(entries[slot])] : nodes[slot].sequence
        }
        for directory in childRanges where directory.count > 1 {
            let range = Int(directory.start)..<Int(directory.start + directory.count)
            children[range].sort { first($0) < first($1) }
            for position in range { positions[children[position]] = Int32(position - range.lowerBound) }
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
        let range = childRanges[Int(index)]
        return children[Int(range.start)..<Int(range.start + range.count)]
    }

    /// The place of shown node `slot` among its shown siblings, when it differs from its place
    /// in the whole tree.
    @inline(__always)
    func position(of slot: Int) -> Int? { positions.isEmpty ? nil : Int(positions[slot]) }

    /// The roll-up of the shown files below directory `slot`, or `nil` for a file or a hidden node.
    @inline(__always)
    func summary(of slot: Int) -> ChangeSummary? {
        let index = entries[slot]
        return index >= 0 ? rollUps[Int(index)] : nil
    }
}

extension ChangeSummary {
    /// Adds the file `tally` describes, without a branch on its status; `whole` is the file's
    /// own summary, read only for line counts too large for the tally.
    @inline(__always)
    mutating func add(_ tally: FileTally, whole: @autoclosure () -> ChangeSummary) {
        guard tally.lines != .tooLarge else { return add(whole()) }
        addFile(statusNumber: Int32(tally.key & FileFilter.statusBits), read: tally.lines != .unread,
                binary: tally.lines == .binary, insertions: Int(tally.insertions), deletions: Int(tally.deletions))
    }
}

/// What a filter reads of a file, in 12 bytes beside the nodes: its filter key, its status
/// and its line counts, so that a filter's roll-up of 134,000 files reads 1.6 MB rather
/// than each file's full summary. Counts too large for 32 bits are read from the summary.
struct FileTally: Sendable {
    /// Whether the file's content was read, and how its lines are kept.
    enum Lines: UInt8, Sendable {
        case unread, binary, counted, tooLarge
    }

    /// ``FileFilter/key(of:)`` of the change.
    private(set) var key: UInt8
    let lines: Lines
    let insertions: UInt32
    let deletions: UInt32

    /// The tally of a file with `change`; a directory's (no change) is never read.
    init(_ change: FileChange?) {
        key = FileFilter.key(of: change)
        switch change?.binary {
        case nil: (lines, insertions, deletions) = (.unread, 0, 0)
        case true?: (lines, insertions, deletions) = (.binary, 0, 0)
        case false?:
            if let inserted = UInt32(exactly: change?.insertions ?? 0), let deleted = UInt32(exactly: change?.deletions ?? 0) {
                (lines, insertions, deletions) = (.counted, inserted, deleted)
            } else {
                (lines, insertions, deletions) = (.tooLarge, 0, 0)
            }
        }
    }

    /// Notes that the change is now viewed or not (what its key says of it).
    mutating func setViewed(_ viewed: Bool) {
        key = key & ~FileFilter.viewedBit | (viewed ? FileFilter.viewedBit : 0)
    }
}
