import TreeModel

/// What a ``FileFilter`` leaves of a ``PathForest``, without copying it: which nodes are
/// shown, each shown directory's shown children (in order) and its roll-up of the files
/// shown. Made in one pass over the forest's flat arrays (its ``ChildTable``, flags and
/// file tallies), no node read and no allocation per node: directories from the last slot
/// to the first list and sum up their shown children (a parent's slot always precedes its
/// children's).
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
        let hiddenBits = filter.hidesViewed ? FileFilter.viewedBit : 0
        var directories: [Directory] = [], shownChildren: [Int] = []
        directories.reserveCapacity(directoryCount)
        shownChildren.reserveCapacity(forest.liveCount)
        entries.withUnsafeMutableBufferPointer { entries in
            forest.flags.withUnsafeBufferPointer { flags in
                forest.tallies.withUnsafeBufferPointer { tallies in
                    forest.summaries.withUnsafeBufferPointer { summaries in
                        for slot in flags.indices.reversed() where flags[slot].isSuperset(of: [.alive, .directory]) {
                            var shown = Directory(childStart: Int32(shownChildren.count))
                            for child in children[slot] {
                                if flags[child].contains(.directory) {
                                    let index = Int(entries[child])
                                    guard index >= 0 else { continue }
                                    shown.summary.add(directories[index].summary)
                                    shown.firstSequence = min(shown.firstSequence, directories[index].firstSequence)
                                } else {
                                    let key = tallies[child].key
                                    guard key & hiddenBits == 0,
                                          wantedStatus.map({ key & FileFilter.statusBits == $0 }) ?? true else { continue }
                                    entries[child] = Self.shownFile
                                    tallies[child].add(to: &shown.summary, whole: summaries[child])
                                    if let nodes { shown.firstSequence = min(shown.firstSequence, nodes[child].sequence) }
                                }
                                shownChildren.append(child)
                            }
                            shown.childCount = Int32(shownChildren.count) - shown.childStart
                            guard shown.childCount > 0 || slot == PathForest.root else { continue }
                            entries[slot] = Int32(directories.count)
                            directories.append(shown)
                        }
                    }
                }
            }
        }
        self.directories = directories
        self.children = shownChildren
        shownCount = shownChildren.count
    }

    /// In input order, ranks each shown directory's shown children by their first shown
    /// file, as a tree of the shown files alone ranks them (Docs/TreeModel.md#ordering), and
    /// notes each one's place.
    private mutating func orderByFirstFile(_ nodes: UnsafeBufferPointer<PathForest.Node>) {
        positions = [Int32](repeating: 0, count: entries.count)
        let (entries, directories) = (entries, directories)
        func first(_ slot: Int) -> Int {
            entries[slot] >= 0 ? directories[Int(entries[slot])].firstSequence : nodes[slot].sequence
        }
        for directory in directories where directory.childCount > 1 {
            let range = Int(directory.childStart)..<Int(directory.childStart + directory.childCount)
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
