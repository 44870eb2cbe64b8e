/// A tree of arbitrary nodes prepared once, in O(n) time and memory (Docs/TreeModel.md#prepared-tree):
/// nodes in depth-first order, parent, depth, ordered children, sibling position and count,
/// and lookup by identity.
///
/// Nodes are addressed by their index in depth-first (pre-)order, so the subtree of a node
/// is the contiguous range ``subtree(of:)``. Duplicate identities and cycles are rejected
/// before a tree exists.
public struct PreparedTree<Node, ID: Hashable & Sendable> {
    /// The nodes in depth-first order.
    public let nodes: [Node]
    /// The identity of each node, indexed like ``nodes``.
    public let identities: [ID]
    /// The indices of the top-level nodes, in order.
    public let roots: [Int]
    @usableFromInline let parents: [Int]
    @usableFromInline let depths: [Int]
    @usableFromInline let positions: [Int]
    @usableFromInline let childStarts: [Int]
    @usableFromInline let childList: [Int]
    @usableFromInline let subtreeSizes: [Int]
    @usableFromInline let lookup: [ID: Int]

    /// Prepares the tree below `roots`, calling `children` once per node.
    ///
    /// - Throws: ``PreparedTreeError/cycle(_:)`` when a node's identity repeats one of its
    ///   ancestors', ``PreparedTreeError/duplicateIdentity(_:)`` when it repeats any other.
    @inlinable
    public init(
        roots: [Node], identity: (Node) -> ID, children: (Node) -> [Node]
    ) throws(PreparedTreeError<ID>) {
        var nodes: [Node] = [], identities: [ID] = [], parents: [Int] = [], depths: [Int] = []
        var positions: [Int] = [], childCounts: [Int] = [], lookup: [ID: Int] = [:]
        var rootCount = 0
        var stack: [(node: Node, parent: Int)] = roots.reversed().map { ($0, -1) }
        while let (node, parent) = stack.popLast() {
            let id = identity(node)
            if let seen = lookup[id] {
                var ancestor = parent
                while ancestor > seen { ancestor = parents[ancestor] }
                throw ancestor == seen ? .cycle(id) : .duplicateIdentity(id)
            }
            let index = nodes.count
            lookup[id] = index
            nodes.append(node)
            identities.append(id)
            parents.append(parent)
            depths.append(parent < 0 ? 0 : depths[parent] + 1)
            if parent < 0 {
                positions.append(rootCount)
                rootCount += 1
            } else {
                positions.append(childCounts[parent])
                childCounts[parent] += 1
            }
            childCounts.append(0)
            for child in children(node).reversed() { stack.append((child, index)) }
        }

        var childStarts = [Int](repeating: 0, count: nodes.count + 1)
        for index in nodes.indices { childStarts[index + 1] = childStarts[index] + childCounts[index] }
        var cursor = childStarts
        var childList = [Int](repeating: 0, count: childStarts[nodes.count])
        var rootList: [Int] = []
        rootList.reserveCapacity(rootCount)
        for index in nodes.indices {
            let parent = parents[index]
            if parent < 0 {
                rootList.append(index)
            } else {
                childList[cursor[parent]] = index
                cursor[parent] += 1
            }
        }
        var sizes = [Int](repeating: 1, count: nodes.count)
        for index in nodes.indices.reversed() where parents[index] >= 0 {
            sizes[parents[index]] += sizes[index]
        }

        self.nodes = nodes
        self.identities = identities
        self.roots = rootList
        self.parents = parents
        self.depths = depths
        self.positions = positions
        self.childStarts = childStarts
        self.childList = childList
        self.subtreeSizes = sizes
        self.lookup = lookup
    }

    /// The number of nodes.
    public var count: Int { nodes.count }

    /// The node at `index`.
    public subscript(index: Int) -> Node { nodes[index] }

    /// The index of the node with this identity, by hash lookup.
    public func index(of identity: ID) -> Int? { lookup[identity] }

    /// The parent's index, or `nil` for a top-level node.
    public func parent(of index: Int) -> Int? {
        parents[index] < 0 ? nil : parents[index]
    }

    /// The depth: top-level nodes have depth 0.
    public func depth(of index: Int) -> Int { depths[index] }

    /// The children's indices, in order.
    public func children(of index: Int) -> ArraySlice<Int> {
        childList[childStarts[index]..<childStarts[index + 1]]
    }

    /// The position among its siblings (the top-level nodes are siblings), from 0.
    public func siblingPosition(of index: Int) -> Int { positions[index] }

    /// How many siblings the node has, itself included.
    public func siblingCount(of index: Int) -> Int {
        let parent = parents[index]
        return parent < 0 ? roots.count : childStarts[parent + 1] - childStarts[parent]
    }

    /// The node and everything below it: a contiguous range of indices.
    public func subtree(of index: Int) -> Range<Int> { index..<(index + subtreeSizes[index]) }

    /// The ancestors' indices, nearest first.
    public func ancestors(of index: Int) -> [Int] {
        var result: [Int] = []
        var current = parents[index]
        while current >= 0 {
            result.append(current)
            current = parents[current]
        }
        return result
    }
}

extension PreparedTree: Sendable where Node: Sendable {}

extension PreparedTree where Node: Identifiable, ID == Node.ID {
    /// Prepares the tree below `roots`, identifying each node by its `id`.
    @inlinable
    public init(roots: [Node], children: (Node) -> [Node]) throws(PreparedTreeError<ID>) {
        try self.init(roots: roots, identity: \.id, children: children)
    }
}
