/// Totals over a set of changed files: counts per status, binaries and line counts.
///
/// Line totals cover the files whose content was read; they are `nil` only when there are
/// files and none of them was read (`--no-stat`, a change list from stdin). Files whose
/// content is not compared (untracked ones) count in `files` and their status only.
public struct ChangeSummary: Hashable, Sendable {
    /// Files per status, one lane per ``ChangeStatus`` in `allCases` order.
    @usableFromInline var statuses = SIMD8<Int32>()
    /// Files, files whose content was read, binary files, and an unused lane.
    @usableFromInline var tally = SIMD4<Int32>()
    @usableFromInline var insertedLines = 0
    @usableFromInline var deletedLines = 0

    /// The summary of no file.
    @inlinable
    public init() {}

    /// The summary of `count` files that carry no status and whose content was not read.
    init(statuslessFiles count: Int) { tally[0] = Int32(truncatingIfNeeded: count) }

    /// The summary of `changes`.
    public init<S: Sequence>(_ changes: S) where S.Element == FileChange {
        for change in changes { add(change) }
    }

    /// Number of files.
    @inlinable
    public var files: Int { Int(tally[0]) }
    /// Files whose content was read (their line counts or binary state are known).
    public var filesRead: Int { Int(tally[1]) }
    /// Binary files, or `nil` when no file's content was read.
    public var binary: Int? { known(Int(tally[2])) }
    /// Inserted lines over all text files read, or `nil` when no file's content was read.
    public var insertions: Int? { known(insertedLines) }
    /// Deleted lines over all text files read, or `nil` when no file's content was read.
    public var deletions: Int? { known(deletedLines) }

    private func known(_ value: Int) -> Int? {
        tally[0] > 0 && tally[1] == 0 ? nil : value
    }

    /// The number of files with `status`.
    public func count(_ status: ChangeStatus) -> Int { Int(statuses[status.lane]) }

    /// Adds one file.
    public mutating func add(_ change: FileChange) {
        addFile(status: change.status, binary: change.binary, insertions: change.insertions, deletions: change.deletions)
    }

    /// Adds the file `change` views, reading only the fields summed (no copy of its paths).
    @inline(__always)
    public mutating func add(_ change: ChangeView) {
        addFile(status: change.status, binary: change.binary, insertions: change.insertions, deletions: change.deletions)
    }

    /// Adds a file that carries no status and whose content was not read.
    mutating func addStatuslessFile() { tally[0] &+= 1 }

    /// Adds one file from its fields: `binary` is `nil` when its content was not read.
    public mutating func addFile(status: ChangeStatus?, binary: Bool?, insertions: Int?, deletions: Int?) {
        addFile(statusNumber: status.map { Int32($0.lane + 1) } ?? 0, read: binary != nil, binary: binary == true,
                insertions: binary == false ? insertions ?? 0 : 0, deletions: binary == false ? deletions ?? 0 : 0)
    }

    /// Adds one file without a branch: `statusNumber` is its status's place in
    /// `ChangeStatus.allCases` plus one (0 for none), and its lines are 0 unless it is a text
    /// file that was read. The hot loop of a filter's roll-up adds files this way.
    @inlinable @inline(__always)
    public mutating func addFile(statusNumber: Int32, read: Bool, binary: Bool, insertions: Int, deletions: Int) {
        let lane = SIMD8<Int32>(repeating: statusNumber) .== SIMD8<Int32>(1, 2, 3, 4, 5, 6, 7, 8)
        statuses &+= SIMD8<Int32>(repeating: 0).replacing(with: 1, where: lane)
        tally &+= SIMD4<Int32>(1, read ? 1 : 0, binary ? 1 : 0, 0)
        insertedLines &+= insertions
        deletedLines &+= deletions
    }

    /// Adds everything another summary counted.
    @inlinable @inline(__always)
    public mutating func add(_ other: ChangeSummary) {
        statuses &+= other.statuses
        tally &+= other.tally
        insertedLines &+= other.insertedLines
        deletedLines &+= other.deletedLines
    }

    /// Takes away everything another summary counted, which this one must include (a file
    /// or directory leaving a roll-up).
    public mutating func subtract(_ other: ChangeSummary) {
        statuses &-= other.statuses
        tally &-= other.tally
        insertedLines &-= other.insertedLines
        deletedLines &-= other.deletedLines
    }

    /// The status every file below shares when all are added or all deleted, else `nil`.
    public var wholeStatus: ChangeStatus? {
        guard files > 0 else { return nil }
        for status in [ChangeStatus.added, .deleted, .untracked] where count(status) == files {
            return status
        }
        return nil
    }
}

extension ChangeStatus {
    /// The status's place in `allCases`: its lane in a ``ChangeSummary``.
    @inlinable
    public var lane: Int {
        switch self {
        case .added: 0
        case .modified: 1
        case .deleted: 2
        case .renamed: 3
        case .copied: 4
        case .typeChanged: 5
        case .untracked: 6
        case .unmerged: 7
        }
    }
}

/// The roll-up summary of every directory of a tree, stored for directories only (files are
/// summarized from their change on demand), so a tree of many files stays small.
public struct NodeSummaries: Sendable {
    private let directories: [ChangeSummary]
    /// For statusless files, each directory's number of files in place of ``directories``.
    private let fileCounts: [Int]
    private let slot: [Int32]
    private let source: ChangeTree.Source
    private let tree: FileTree
    private let included: (@Sendable (Int) -> Bool)?

    /// Rolls up `changes` over `tree`, counting only file nodes `includes` accepts (all when `nil`).
    public init(tree: FileTree, changes: [FileChange], includes: (@Sendable (Int) -> Bool)? = nil) {
        self.init(tree: tree, source: .changes(changes), includes: includes)
    }

    /// Rolls up files that carry no status nor line counts (a path list) over `tree`: only
    /// their numbers, one per directory.
    init(statuslessFilesOf tree: FileTree) {
        var slot = [Int32](repeating: -1, count: tree.slots.count)
        var counts: [Int] = []
        tree.withNodes { nodes in
            for index in 0..<nodes.count where nodes[index].isDirectory {
                slot[index] = Int32(counts.count)
                counts.append(0)
            }
            counts.withUnsafeMutableBufferPointer { counts in
                for index in nodes.indices.reversed() {
                    let node = nodes[index]
                    counts[Int(slot[node.parent!])] += node.isDirectory ? counts[Int(slot[index])] : 1
                }
            }
        }
        self.directories = []
        self.fileCounts = counts
        self.slot = slot
        self.source = .paths(PathList(bytes: [], ranges: []))
        self.tree = tree
        self.included = nil
    }

    /// Rolls up the changes of `source` over `tree`, counting only file nodes `includes` accepts.
    init(tree: FileTree, source: ChangeTree.Source, includes: (@Sendable (Int) -> Bool)?) {
        var slot = [Int32](repeating: -1, count: tree.slots.count)
        var count: Int32 = 0
        for index in tree.slots.indices where tree.slots[index].isDirectory {
            slot[index] = count
            count += 1
        }
        var directories = [ChangeSummary](repeating: ChangeSummary(), count: Int(count))
        let changes: [FileChange]
        switch source {
        case .changes(let given): changes = given
        case .paths: changes = []
        }
        TreeNodes.lend(tree, changes: changes) { nodes in
            directories.withUnsafeMutableBufferPointer { directories in
                for index in nodes.indices.reversed() {
                    let node = nodes[index]
                    let target = Int(slot[node.parent!])
                    if let change = node.change {
                        guard includes?(index) ?? true else { continue }
                        directories[target].add(change)
                    } else if !node.isDirectory {
                        guard includes?(index) ?? true else { continue }
                        directories[target].addStatuslessFile()
                    } else {
                        directories[target].add(directories[Int(slot[index])])
                    }
                }
            }
        }
        self.directories = directories
        self.fileCounts = []
        self.slot = slot
        self.source = source
        self.tree = tree
        self.included = includes
    }

    /// The summary of everything below `node` (for a file, of the file itself).
    public subscript(node: Int) -> ChangeSummary {
        let position = slot[node]
        if position >= 0 {
            guard directories.isEmpty && !fileCounts.isEmpty else { return directories[Int(position)] }
            return ChangeSummary(statuslessFiles: fileCounts[Int(position)])
        }
        let entry = tree.slots[node].entry
        guard entry >= 0, included?(node) ?? true else { return ChangeSummary() }
        switch source {
        case .changes(let changes):
            return ChangeSummary(CollectionOfOne(changes[Int(entry)]))
        case .paths:
            var summary = ChangeSummary()
            summary.addStatuslessFile()
            return summary
        }
    }
}
