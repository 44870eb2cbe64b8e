/// The roll-up summary of every directory of a tree, stored for directories only (files are
/// summarized from their change on demand), so a tree of many files stays small.
public struct NodeSummaries: Sendable {
    private let directories: [ChangeSummary]
    private let slot: [Int32]
    private let changes: [FileChange]
    private let entries: [Int?]
    private let included: (@Sendable (Int) -> Bool)?

    /// Rolls up `changes` over `tree`, counting only file nodes `includes` accepts (all when `nil`).
    public init(tree: FileTree, changes: [FileChange], includes: (@Sendable (Int) -> Bool)? = nil) {
        var slot = [Int32](repeating: -1, count: tree.nodes.count)
        var count: Int32 = 0
        for index in tree.nodes.indices where tree.nodes[index].isDirectory {
            slot[index] = count
            count += 1
        }
        var directories = [ChangeSummary](repeating: ChangeSummary(), count: Int(count))
        tree.nodes.withUnsafeBufferPointer { nodes in
            changes.withUnsafeBufferPointer { changes in
                for index in nodes.indices.reversed() {
                    guard let parent = nodes[index].parent else { continue }
                    let target = Int(slot[parent])
                    if let entry = nodes[index].entry {
                        if includes?(index) ?? true { directories[target].add(changes[entry]) }
                    } else {
                        directories[target].add(directories[Int(slot[index])])
                    }
                }
            }
        }
        self.directories = directories
        self.slot = slot
        self.changes = changes
        self.entries = tree.nodes.map(\.entry)
        self.included = includes
    }

    /// The summary of everything below `node` (for a file, of the file itself).
    public subscript(node: Int) -> ChangeSummary {
        let position = slot[node]
        if position >= 0 { return directories[Int(position)] }
        guard let entry = entries[node], included?(node) ?? true else { return ChangeSummary() }
        return ChangeSummary(CollectionOfOne(changes[entry]))
    }
}
