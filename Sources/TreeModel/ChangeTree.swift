import Synchronization

/// Changed files arranged as a tree, with every directory's rolled-up summary.
///
/// The changes are kept as given: a `[FileChange]`, or a ``PathList`` whose `FileChange`
/// values are made only when asked for (``changes``, ``sortedChanges``), once.
public struct ChangeTree: Sendable {
    /// Where the changes come from.
    package enum Source: Sendable {
        case changes([FileChange])
        case paths(PathList)
    }

    /// The changes as given.
    package let source: Source
    /// The changes as given, or none for a path list: what ``withNodes(_:)`` lends, read
    /// without taking it out of ``source``.
    @usableFromInline let nodeChanges: [FileChange]
    /// The prepared tree; a file node's `entry` indexes `changes`.
    public let tree: FileTree
    /// The summary of everything below each node, indexed like `tree.nodes`.
    public let summaries: NodeSummaries
    private let sortedStorage: [FileChange]?
    private let made: MadeChanges

    /// Arranges `changes` by path.
    public init(changes: [FileChange], order: TreeOrder = .foldersFirst) {
        let tree = FileTree(changes: changes, order: order)
        self.source = .changes(changes)
        self.nodeChanges = changes
        self.tree = tree
        self.summaries = NodeSummaries(tree: tree, changes: changes)
        self.sortedStorage = tree.uniqueEntriesInByteOrder.count == changes.count && tree.uniqueEntriesInByteOrder.elementsEqual(changes.indices)
            ? changes
            : tree.uniqueEntriesInByteOrder.map { changes[$0] }
        self.made = MadeChanges()
    }

    /// Arranges the paths of a bare path list (changes without a status).
    public init(paths: PathList, order: TreeOrder = .foldersFirst) {
        let tree = FileTree(paths: paths, order: order)
        self.source = .paths(paths)
        self.nodeChanges = []
        self.tree = tree
        self.summaries = NodeSummaries(statuslessFilesOf: tree)
        self.sortedStorage = nil
        self.made = MadeChanges()
    }

    /// The changes, in the order given.
    public var changes: [FileChange] {
        switch source {
        case .changes(let changes): changes
        case .paths(let paths): made.all { paths.changes }
        }
    }

    /// The changes sorted by path bytes, each path once (the first change given for it).
    public var sortedChanges: [FileChange] {
        if let sortedStorage { return sortedStorage }
        return made.sorted { tree.uniqueEntriesInByteOrder.map(change(ofEntry:)) }
    }

    /// The change of input entry `entry`.
    public func change(ofEntry entry: Int) -> FileChange {
        switch source {
        case .changes(let changes): changes[entry]
        case .paths(let paths): paths.change(at: entry)
        }
    }

    /// The change a file node stands for.
    public func change(at node: Int) -> FileChange? {
        let entry = tree.slots[node].entry
        return entry >= 0 ? change(ofEntry: Int(entry)) : nil
    }

    /// The mode of the file node `node` stands for: its new side's, else its old side's;
    /// `nil` for a directory or a change without modes.
    func fileMode(at node: Int) -> FileMode? {
        let entry = Int(tree.slots[node].entry)
        guard entry >= 0, case .changes(let changes) = source else { return nil }
        return changes[entry].newMode ?? changes[entry].oldMode
    }

    /// The summary of everything.
    public var total: ChangeSummary { summaries[FileTree.root] }
}

/// `FileChange` values made from a path list, once, on first use.
private final class MadeChanges: Sendable {
    private let state = Mutex<(all: [FileChange]?, sorted: [FileChange]?)>((nil, nil))

    func all(_ make: () -> [FileChange]) -> [FileChange] {
        state.withLock { state in
            if let all = state.all { return all }
            let all = make()
            state.all = all
            return all
        }
    }

    func sorted(_ make: () -> [FileChange]) -> [FileChange] {
        state.withLock { state in
            if let sorted = state.sorted { return sorted }
            let sorted = make()
            state.sorted = sorted
            return sorted
        }
    }
}
