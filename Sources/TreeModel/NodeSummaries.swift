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
        tree.slots.withUnsafeBufferPointer { nodes in
            for index in nodes.indices where nodes[index].isDirectory {
                slot[index] = Int32(counts.count)
                counts.append(0)
            }
            counts.withUnsafeMutableBufferPointer { counts in
                for index in nodes.indices.reversed() {
                    let node = nodes[index]
                    guard node.parent >= 0 else { continue }
                    counts[Int(slot[Int(node.parent)])] += node.entry >= 0 ? 1 : counts[Int(slot[index])]
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
        let statusless: Bool
        switch source {
        case .changes(let given): (changes, statusless) = (given, false)
        case .paths: (changes, statusless) = ([], true)
        }
        tree.slots.withUnsafeBufferPointer { nodes in
            changes.withUnsafeBufferPointer { changes in
                directories.withUnsafeMutableBufferPointer { directories in
                    for index in nodes.indices.reversed() {
                        let node = nodes[index]
                        guard node.parent >= 0 else { continue }
                        let target = Int(slot[Int(node.parent)])
                        if node.entry >= 0 {
                            guard includes?(index) ?? true else { continue }
                            if statusless {
                                directories[target].addStatuslessFile()
                            } else {
                                directories[target].add(fieldsOf: changes.baseAddress! + Int(node.entry))
                            }
                        } else {
                            directories[target].add(directories[Int(slot[index])])
                        }
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
