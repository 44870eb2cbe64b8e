/// A prepared tree of paths: every file of the input plus the directories above it,
/// built once in O(n log n) (O(n) when the input is already in byte order, as git's is),
/// with ordered children and lookup by identity.
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
    public private(set) var nodeOfEntry: [Int]
    /// The input entries in byte order of their paths, each path once (its first entry).
    public private(set) var uniqueEntriesInByteOrder: [Int] = []

    /// The root's index.
    public static let root = 0

    /// Builds the tree of `paths`, each a file, ordered by `order`.
    /// Duplicate paths merge; the first keeps its place.
    ///
    /// Paths are visited in byte order, so that every directory's contents arrive together
    /// and a stack of open directories replaces any hashing.
    public init(filePaths paths: [RawPath], order: TreeOrder = .foldersFirst) {
        nodes = [Node(name: [], parent: nil, isDirectory: true, depth: -1, entry: nil)]
        nodes.reserveCapacity(paths.count + paths.count / 4 + 1)
        nodeOfEntry = [Int](repeating: FileTree.root, count: paths.count)
        let visitOrder = Self.byteOrder(of: paths)
        var open: [Int] = [Self.root]
        var previousFile: (entry: Int, node: Int)?
        var pieces: [Range<Int>] = []
        uniqueEntriesInByteOrder.reserveCapacity(paths.count)
        for entry in visitOrder {
            let bytes = paths[entry].bytes
            if let previous = previousFile, paths[previous.entry].bytes == bytes {
                nodeOfEntry[entry] = previous.node
                continue
            }
            Self.split(bytes, into: &pieces)
            guard let last = pieces.last else { continue }
            var depth = 0
            while depth + 1 < open.count, depth < pieces.count - 1,
                  nodes[open[depth + 1]].name.elementsEqual(bytes[pieces[depth]]) {
                depth += 1
            }
            open.removeLast(open.count - 1 - depth)
            for piece in pieces[depth..<(pieces.count - 1)] {
                open.append(append(Node(name: Array(bytes[piece]), parent: open[open.count - 1], isDirectory: true,
                                        depth: open.count - 1, entry: nil)))
            }
            let file = append(Node(name: Array(bytes[last]), parent: open[open.count - 1], isDirectory: false,
                                   depth: open.count - 1, entry: entry))
            nodeOfEntry[entry] = file
            previousFile = (entry, file)
            uniqueEntriesInByteOrder.append(entry)
        }
        sortChildren(order)
    }

    private mutating func append(_ node: Node) -> Int {
        let index = nodes.count
        nodes[node.parent!].children.append(index)
        nodes.append(node)
        return index
    }

    /// The pieces of a path: the ranges between slashes, empty ones dropped.
    private static func split(_ bytes: [UInt8], into pieces: inout [Range<Int>]) {
        pieces.removeAll(keepingCapacity: true)
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "/") {
            if index > start { pieces.append(start..<index) }
            start = index + 1
        }
        if start < bytes.count { pieces.append(start..<bytes.count) }
    }

    /// Entry indices in byte order of their paths (ties in input order).
    private static func byteOrder(of paths: [RawPath]) -> [Int] {
        let inOrder = zip(paths, paths.dropFirst()).allSatisfy { !($1 < $0) }
        if inOrder { return Array(paths.indices) }
        return paths.indices.sorted { a, b in
            let order = ByteOrder.compare(paths[a].bytes, paths[b].bytes)
            return order != 0 ? order < 0 : a < b
        }
    }

    private mutating func sortChildren(_ order: TreeOrder) {
        var firstEntry: [Int] = []
        if order == .input {
            firstEntry = [Int](repeating: Int.max, count: nodes.count)
            for index in nodes.indices.reversed() {
                if let entry = nodes[index].entry { firstEntry[index] = min(firstEntry[index], entry) }
                if let parent = nodes[index].parent { firstEntry[parent] = min(firstEntry[parent], firstEntry[index]) }
            }
        }
        for index in nodes.indices where nodes[index].isDirectory && nodes[index].children.count > 1 {
            var children = nodes[index].children
            nodes[index].children = []
            switch order {
            case .input:
                children.sort { firstEntry[$0] < firstEntry[$1] }
            case .foldersFirst, .name:
                nodes.withUnsafeBufferPointer { all in
                    children.sort { a, b in
                        if order == .foldersFirst, all[a].isDirectory != all[b].isDirectory { return all[a].isDirectory }
                        let names = ByteOrder.compare(all[a].name, all[b].name)
                        return names != 0 ? names < 0 : (!all[a].isDirectory && all[b].isDirectory)
                    }
                }
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

    /// The node with this identity (`dir/` for a directory, `dir/file` for a file), found by
    /// walking down from the root.
    public func node(identity: [UInt8]) -> Int? {
        let slash = UInt8(ascii: "/")
        let isDirectory = identity.last == slash
        let pieces = identity.split(separator: slash, omittingEmptySubsequences: true)
        guard !pieces.isEmpty else { return nil }
        var current = Self.root
        for (position, piece) in pieces.enumerated() {
            let wantsDirectory = position < pieces.count - 1 || isDirectory
            guard let next = nodes[current].children.first(where: {
                nodes[$0].isDirectory == wantsDirectory && nodes[$0].name.elementsEqual(piece)
            }) else { return nil }
            current = next
        }
        return current
    }

    /// The first path that names both a file and a directory (`src` and `src/a.c`), if any.
    public func fileAndDirectoryClash() -> [UInt8]? {
        for index in nodes.indices where nodes[index].isDirectory && nodes[index].children.count > 1 {
            let children = nodes[index].children
            guard children.contains(where: { nodes[$0].isDirectory }),
                  children.contains(where: { !nodes[$0].isDirectory }) else { continue }
            let directories = Set(children.lazy.filter { nodes[$0].isDirectory }.map { nodes[$0].name })
            if let clash = children.first(where: { !nodes[$0].isDirectory && directories.contains(nodes[$0].name) }) {
                return identity(of: clash)
            }
        }
        return nil
    }
}
