/// A prepared tree of paths: every file of the input plus the directories above it,
/// built once in O(n), with ordered children and lookup by identity.
///
/// Node 0 is an invisible root; the top-level entries are its children. A file and a
/// directory may share a name (`src` deleted, `src/a.c` added): their identities differ.
public struct FileTree: Sendable {
    /// One node: a directory or a file.
    public struct Node: Sendable {
        /// The last piece of the path.
        public let name: [UInt8]
        /// The parent node, or `nil` for the root.
        public let parent: Int?
        /// Whether this node is a directory.
        public let isDirectory: Bool
        /// Depth below the root: top-level entries have depth 0.
        public let depth: Int
        /// For a file, the index of its entry in the input.
        public let entry: Int?
        /// Ordered children (directories only).
        public internal(set) var children: [Int] = []
    }

    /// All nodes; `nodes[0]` is the root.
    public private(set) var nodes: [Node]
    /// The file node of each input entry (duplicates share the first one's node).
    public private(set) var nodeOfEntry: [Int] = []
    private var lookup: [NodeKey: Int] = [:]

    private struct NodeKey: Hashable {
        let parent: Int
        let name: ArraySlice<UInt8>
        let isDirectory: Bool
    }

    /// The root's index.
    public static let root = 0

    /// Builds the tree of `paths`, each a file, in the given order.
    /// Duplicate paths merge; the first keeps its place.
    public init(filePaths paths: [RawPath], order: TreeOrder = .foldersFirst) {
        nodes = [Node(name: [], parent: nil, isDirectory: true, depth: -1, entry: nil)]
        lookup.reserveCapacity(paths.count * 2)
        nodeOfEntry.reserveCapacity(paths.count)
        nodes.reserveCapacity(paths.count * 2)
        for (entry, path) in paths.enumerated() {
            insert(path.bytes, entry: entry)
        }
        sortChildren(order)
    }

    private mutating func insert(_ bytes: [UInt8], entry: Int) {
        var parent = Self.root
        var start = bytes.startIndex
        let slash = UInt8(ascii: "/")
        while let end = bytes[start...].firstIndex(of: slash) {
            if end > start {
                parent = child(of: parent, named: bytes[start..<end], isDirectory: true, entry: nil)
            }
            start = end + 1
        }
        let file = start < bytes.endIndex
            ? child(of: parent, named: bytes[start...], isDirectory: false, entry: entry)
            : parent
        nodeOfEntry.append(file)
    }

    private mutating func child(of parent: Int, named name: ArraySlice<UInt8>, isDirectory: Bool, entry: Int?) -> Int {
        let key = NodeKey(parent: parent, name: name, isDirectory: isDirectory)
        if let existing = lookup[key] { return existing }
        let index = nodes.count
        nodes.append(Node(name: Array(name), parent: parent, isDirectory: isDirectory,
                          depth: nodes[parent].depth + 1, entry: entry))
        nodes[parent].children.append(index)
        lookup[key] = index
        return index
    }

    private mutating func sortChildren(_ order: TreeOrder) {
        guard order != .input else { return }
        for index in nodes.indices where nodes[index].isDirectory && nodes[index].children.count > 1 {
            var children = nodes[index].children
            nodes[index].children = []
            children.sort { a, b in
                let x = nodes[a], y = nodes[b]
                if order == .foldersFirst, x.isDirectory != y.isDirectory { return x.isDirectory }
                if x.name != y.name { return x.name.lexicographicallyPrecedes(y.name) }
                return !x.isDirectory && y.isDirectory
            }
            nodes[index].children = children
        }
    }

    /// The node's identity: its pieces joined by `/`, with a trailing `/` for a directory.
    public func identity(of index: Int) -> [UInt8] {
        var pieces: [[UInt8]] = []
        var current: Int? = index
        while let node = current, node != Self.root {
            pieces.append(nodes[node].name)
            current = nodes[node].parent
        }
        var bytes = Array(pieces.reversed().joined(separator: [UInt8(ascii: "/")]))
        if nodes[index].isDirectory && index != Self.root { bytes.append(UInt8(ascii: "/")) }
        return bytes
    }

    /// The node with this identity (`dir/` for a directory, `dir/file` for a file).
    public func node(identity: [UInt8]) -> Int? {
        let slash = UInt8(ascii: "/")
        let isDirectory = identity.last == slash
        let pieces = identity.split(separator: slash, omittingEmptySubsequences: true)
        guard !pieces.isEmpty else { return nil }
        var current = Self.root
        for (position, piece) in pieces.enumerated() {
            let last = position == pieces.count - 1
            guard let next = lookup[NodeKey(parent: current, name: piece, isDirectory: last ? isDirectory : true)] else {
                return nil
            }
            current = next
        }
        return current
    }
}
