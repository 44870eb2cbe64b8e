/// The roll-up summary of every directory of a tree, stored for directories only (files are
/// summarized from their change on demand), so a tree of many files stays small.
public struct NodeSummaries: Sendable {
    private let directories: [ChangeSummary]
    private let slot: [Int32]
    private let changes: [FileChange]
    private let tree: FileTree
    private let included: (@Sendable (Int) -> Bool)?

    /// Rolls up `changes` over `tree`, counting only file nodes `includes` accepts (all when `nil`).
    public init(tree: FileTree, changes: [FileChange], includes: (@Sendable (Int) -> Bool)? = nil) {
        var slot = [Int32](repeating: -1, count: tree.slots.count)
        var count: Int32 = 0
        for index in tree.slots.indices where tree.slots[index].isDirectory {
            slot[index] = count
            count += 1
        }
        var directories = [ChangeSummary](repeating: ChangeSummary(), count: Int(count))
        tree.slots.withUnsafeBufferPointer { nodes in
            changes.withUnsafeBufferPointer { changes in
                directories.withUnsafeMutableBufferPointer { directories in
                    for index in nodes.indices.reversed() {
                        let node = nodes[index]
                        guard node.parent >= 0 else { continue }
                        let target = Int(slot[Int(node.parent)])
                        if node.entry >= 0 {
                            if includes?(index) ?? true { directories[target].add(fieldsOf: changes.baseAddress! + Int(node.entry)) }
                        } else {
                            directories[target].add(directories[Int(slot[index])])
                        }
                    }
                }
            }
        }
        self.directories = directories
        self.slot = slot
        self.changes = changes
        self.tree = tree
        self.included = includes
    }

    /// The summary of everything below `node` (for a file, of the file itself).
    public subscript(node: Int) -> ChangeSummary {
        let position = slot[node]
        if position >= 0 { return directories[Int(position)] }
        let entry = tree.slots[node].entry
        guard entry >= 0, included?(node) ?? true else { return ChangeSummary() }
        return ChangeSummary(CollectionOfOne(changes[Int(entry)]))
    }
}
