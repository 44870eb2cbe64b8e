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
    }

    static let hidden: Int32 = -1
    static let shownFile: Int32 = -2

    /// The filter this projection applies.
    let filter: FileFilter
    /// Per slot: ``hidden``, ``shownFile``, or the index of the shown directory in ``directories``.
    private(set) var entries: [Int32]
    private(set) var directories: [Directory] = []
    private(set) var children: [Int] = []
    /// How many files and directories are shown (the root aside).
    private(set) var shownCount = 0

    /// The projection of `forest`'s live nodes by `filter`.
    init(forest: PathForest, filter: FileFilter) {
        self.filter = filter
        let count = forest.nodes.count
        entries = [Int32](repeating: Self.hidden, count: count)
        forest.nodes.withUnsafeBufferPointer { nodes in
            rollUpShownFiles(nodes)
            listShownChildren(nodes)
        }
    }

    private mutating func rollUpShownFiles(_ nodes: UnsafeBufferPointer<PathForest.Node>) {
        var slot = nodes.count - 1
        while slot > PathForest.root {
            defer { slot -= 1 }
            guard nodes[slot].isAlive else { continue }
            let summary: ChangeSummary
            if nodes[slot].isDirectory {
                let index = entries[slot]
                guard index >= 0 else { continue }
                summary = directories[Int(index)].summary
            } else {
                guard let change = nodes[slot].change, filter.shows(change) else { continue }
                entries[slot] = Self.shownFile
                summary = nodes[slot].summary
            }
            shownCount += 1
            let parent = nodes[slot].parent
            directories[Int(directoryIndex(of: parent))].summary.add(summary)
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

    private mutating func listShownChildren(_ nodes: UnsafeBufferPointer<PathForest.Node>) {
        children.reserveCapacity(shownCount)
        for slot in 0..<nodes.count where entries[slot] >= 0 {
            let index = Int(entries[slot])
            directories[index].childStart = Int32(children.count)
            for child in nodes[slot].children where entries[child] != Self.hidden { children.append(child) }
            directories[index].childCount = Int32(children.count) - directories[index].childStart
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

    /// The roll-up of the shown files below directory `slot`, or `nil` for a file or a hidden node.
    @inline(__always)
    func summary(of slot: Int) -> ChangeSummary? {
        let index = entries[slot]
        return index >= 0 ? directories[Int(index)].summary : nil
    }
}
