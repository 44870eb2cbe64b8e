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
