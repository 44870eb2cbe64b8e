/// Matches a query against every node's normalized identity, in one depth-first walk.
public struct TreeSearch: Sendable {
    /// Whether each node (indexed like `FileTree.nodes`) matches.
    public let matches: [Bool]
    /// Whether each node matches or has a matching node below it.
    public let leadsToMatch: [Bool]
    /// The matching nodes in depth-first (display) order.
    public let matchOrder: [Int]

    /// Searches `tree` for `query`.
    public init(tree: FileTree, query: SearchQuery) {
        var matches = [Bool](repeating: false, count: tree.nodes.count)
        var leadsToMatch = matches
        var order: [Int] = []
        var text: [UInt8] = []
        var stack: [(node: Int, restore: Int)] = tree.nodes[FileTree.root].children.reversed().map { ($0, 0) }
        while let (node, restore) = stack.popLast() {
            text.removeSubrange(restore...)
            let entry = tree.nodes[node]
            text.append(contentsOf: SearchQuery.normalize(entry.name))
            if entry.isDirectory { text.append(UInt8(ascii: "/")) }
            if query.isContained(in: text) {
                matches[node] = true
                order.append(node)
                var ancestor: Int? = node
                while let current = ancestor, !leadsToMatch[current] {
                    leadsToMatch[current] = true
                    ancestor = tree.nodes[current].parent
                }
            }
            let childRestore = text.count
            for child in entry.children.reversed() { stack.append((child, childRestore)) }
        }
        self.matches = matches
        self.leadsToMatch = leadsToMatch
        self.matchOrder = order
    }
}
