/// Totals over a set of changed files: counts per status, binaries and line counts.
///
/// Line totals cover the files whose content was read; they are `nil` only when there are
/// files and none of them was read (`--no-stat`, a change list from stdin). Files whose
/// content is not compared (untracked ones) count in `files` and their status only.
public struct ChangeSummary: Hashable, Sendable {
    /// Number of files.
    public private(set) var files = 0
    /// Number of files per status.
    public private(set) var counts = StatusCounts()
    private var readFiles = 0
    private var binaryFiles = 0
    private var insertedLines = 0
    private var deletedLines = 0

    /// The summary of no file.
    public init() {}

    /// A summary of these totals (`insertions` and `deletions` over the files read).
    package init(files: Int, counts: StatusCounts, readFiles: Int, binaryFiles: Int, insertions: Int, deletions: Int) {
        (self.files, self.counts, self.readFiles, self.binaryFiles) = (files, counts, readFiles, binaryFiles)
        (insertedLines, deletedLines) = (insertions, deletions)
    }

    /// The summary of `count` files that carry no status and whose content was not read.
    init(statuslessFiles count: Int) { files = count }

    /// The summary of `changes`.
    public init<S: Sequence>(_ changes: S) where S.Element == FileChange {
        for change in changes { add(change) }
    }

    /// Binary files, or `nil` when no file's content was read.
    public var binary: Int? { known(binaryFiles) }
    /// Inserted lines over all text files read, or `nil` when no file's content was read.
    public var insertions: Int? { known(insertedLines) }
    /// Deleted lines over all text files read, or `nil` when no file's content was read.
    public var deletions: Int? { known(deletedLines) }

    private func known(_ value: Int) -> Int? {
        files > 0 && readFiles == 0 ? nil : value
    }

    /// The number of files with `status`.
    public func count(_ status: ChangeStatus) -> Int { counts[status] }

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
    mutating func addStatuslessFile() { files += 1 }

    /// Adds one file from its fields: `binary` is `nil` when its content was not read.
    public mutating func addFile(status: ChangeStatus?, binary: Bool?, insertions: Int?, deletions: Int?) {
        files += 1
        if let status { counts[status] += 1 }
        guard let isBinary = binary else { return }
        readFiles += 1
        if isBinary {
            binaryFiles += 1
        } else {
            insertedLines += insertions ?? 0
            deletedLines += deletions ?? 0
        }
    }

    /// Adds everything another summary counted.
    public mutating func add(_ other: ChangeSummary) {
        files += other.files
        counts.add(other.counts)
        readFiles += other.readFiles
        binaryFiles += other.binaryFiles
        insertedLines += other.insertedLines
        deletedLines += other.deletedLines
    }

    /// Takes away everything another summary counted, which this one must include (a file
    /// or directory leaving a roll-up).
    public mutating func subtract(_ other: ChangeSummary) {
        files -= other.files
        counts.subtract(other.counts)
        readFiles -= other.readFiles
        binaryFiles -= other.binaryFiles
        insertedLines -= other.insertedLines
        deletedLines -= other.deletedLines
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

/// A count per ``ChangeStatus``, stored inline (no allocation per directory).
public struct StatusCounts: Hashable, Sendable {
    private var storage: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0, 0, 0, 0)

    public init() {}

    public subscript(status: ChangeStatus) -> Int {
        get {
            switch status {
            case .added: Int(storage.0)
            case .modified: Int(storage.1)
            case .deleted: Int(storage.2)
            case .renamed: Int(storage.3)
            case .copied: Int(storage.4)
            case .typeChanged: Int(storage.5)
            case .untracked: Int(storage.6)
            case .unmerged: Int(storage.7)
            }
        }
        set {
            let newValue = Int32(truncatingIfNeeded: newValue)
            switch status {
            case .added: storage.0 = newValue
            case .modified: storage.1 = newValue
            case .deleted: storage.2 = newValue
            case .renamed: storage.3 = newValue
            case .copied: storage.4 = newValue
            case .typeChanged: storage.5 = newValue
            case .untracked: storage.6 = newValue
            case .unmerged: storage.7 = newValue
            }
        }
    }

    /// Adds every count of `other`.
    public mutating func add(_ other: StatusCounts) {
        storage.0 &+= other.storage.0
        storage.1 &+= other.storage.1
        storage.2 &+= other.storage.2
        storage.3 &+= other.storage.3
        storage.4 &+= other.storage.4
        storage.5 &+= other.storage.5
        storage.6 &+= other.storage.6
        storage.7 &+= other.storage.7
    }

    /// Takes away every count of `other`.
    public mutating func subtract(_ other: StatusCounts) {
        storage.0 &-= other.storage.0
        storage.1 &-= other.storage.1
        storage.2 &-= other.storage.2
        storage.3 &-= other.storage.3
        storage.4 &-= other.storage.4
        storage.5 &-= other.storage.5
        storage.6 &-= other.storage.6
        storage.7 &-= other.storage.7
    }

    public static func == (lhs: StatusCounts, rhs: StatusCounts) -> Bool {
        ChangeStatus.allCases.allSatisfy { lhs[$0] == rhs[$0] }
    }

    public func hash(into hasher: inout Hasher) {
        for status in ChangeStatus.allCases { hasher.combine(self[status]) }
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
    package init(tree: FileTree, source: ChangeTree.Source, includes: (@Sendable (Int) -> Bool)?) {
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
