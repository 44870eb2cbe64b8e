/// A prepared tree of paths: every file of the input plus the directories above it,
/// built once in O(n log n) (O(n) when the input is already in byte order, as git's is),
/// with ordered children and lookup by identity.
///
/// Node 0 is an invisible root; the top-level entries are its children. A file and a
/// directory may share a name (`src` deleted, `src/a.c` added): their identities differ.
///
/// Storage is compact: one fixed-size ``Slot`` per node, every name in one byte arena and
/// every child list in one index array, so a tree of many files costs a few allocations.
/// ``nodes`` presents the same data as ``Node`` values.
public struct FileTree: Sendable {
    /// One node: a directory or a file.
    public struct Node: Sendable {
        /// The last piece of the path.
        public let name: ArraySlice<UInt8>
        /// The parent node, or `nil` for the root.
        public let parent: Int?
        /// Whether this node is a directory.
        public let isDirectory: Bool
        /// Depth below the root: top-level entries have depth 0.
        public let depth: Int
        /// For a file, the index of its entry in the input.
        public let entry: Int?
        /// Ordered children (directories only).
        public let children: Children
    }

    /// The ordered children of a node, as node indices (zero-based positions).
    public struct Children: RandomAccessCollection, Sendable {
        let storage: [Int32]
        let start: Int
        public let count: Int

        public var startIndex: Int { 0 }
        public var endIndex: Int { count }

        public subscript(position: Int) -> Int {
            precondition(position >= 0 && position < count, "child position out of range")
            return Int(storage[start + position])
        }
    }

    /// Every node, indexed like the tree (`nodes[0]` is the root).
    public struct Nodes: RandomAccessCollection, Sendable {
        let tree: FileTree

        public var startIndex: Int { 0 }
        public var endIndex: Int { tree.slots.count }

        public subscript(index: Int) -> Node {
            let slot = tree.slots[index]
            return Node(
                name: tree.names[slot.nameRange],
                parent: slot.parent < 0 ? nil : Int(slot.parent),
                isDirectory: slot.isDirectory,
                depth: tree.depth(of: index),
                entry: slot.entry < 0 ? nil : Int(slot.entry),
                children: Children(storage: tree.childList, start: Int(slot.childStart), count: Int(slot.childCount)))
        }
    }

    /// The stored form of one node: 24 bytes. Internal (``TreeNodes`` reads it in place,
    /// inlined into its callers, hence `@usableFromInline`).
    @usableFromInline struct Slot: Sendable {
        /// Where the name starts in ``FileTree/names``.
        @usableFromInline var nameStart: UInt32
        @usableFromInline var nameCount: UInt32
        /// The parent node, -1 for the root.
        @usableFromInline var parent: Int32
        /// The input entry of a file, -1 for a directory.
        @usableFromInline var entry: Int32
        /// Where the children start in ``FileTree/childList``.
        @usableFromInline var childStart: Int32
        @usableFromInline var childCount: Int32

        /// Whether the node is a directory (it has no entry).
        var isDirectory: Bool { entry < 0 }

        /// Where the name lies in ``FileTree/names``.
        var nameRange: Range<Int> { Int(nameStart)..<(Int(nameStart) + Int(nameCount)) }
    }

    /// The nodes' stored form; `slots[0]` is the root. Read outside TreeModel through ``TreeNodes``.
    @usableFromInline var slots: [Slot]
    /// Every node's name, one after another.
    @usableFromInline var names: [UInt8]
    /// Every directory's ordered children, one list after another.
    @usableFromInline var childList: [Int32]

    /// All nodes; `nodes[0]` is the root.
    public var nodes: Nodes { Nodes(tree: self) }
    /// The file node of each input entry (duplicates share the first one's node).
    @usableFromInline var nodeOfEntry: [Int]
    /// The input entries in byte order of their paths, each path once (its first entry).
    var uniqueEntriesInByteOrder: [Int] = []

    /// The root's index.
    public static let root = 0

    /// Builds the tree of `paths`, each a file, ordered by `order`.
    /// Duplicate paths merge; the first keeps its place.
    ///
    /// Paths are visited in byte order, so that every directory's contents arrive together
    /// and a stack of open directories replaces any hashing.
    public init(filePaths paths: [RawPath], order: TreeOrder = .foldersFirst) {
        self.init(count: paths.count, order: order) { first, second, body in
            Self.lend(first < 0 ? [] : paths[first].bytes, paths[second].bytes, to: body)
        }
    }

    /// Builds the tree of the changes' paths, as ``init(filePaths:order:)`` does.
    init(changes: [FileChange], order: TreeOrder = .foldersFirst) {
        self = changes.withUnsafeBufferPointer { changes in
            FileTree(count: changes.count, order: order) { first, second, body in
                Self.lend(first < 0 ? [] : changes[first].path.bytes, changes[second].path.bytes, to: body)
            }
        }
        if order == .size { sortChildren(bySizeOf: changes) }
    }

    /// Builds the tree of a path list, as ``init(filePaths:order:)`` does.
    init(paths: PathList, order: TreeOrder = .foldersFirst) {
        self = paths.bytes.withUnsafeBufferPointer { bytes in
            paths.ranges.withUnsafeBufferPointer { ranges in
                // Every name is a piece of a path: the names stay where they are in the list.
                FileTree(count: ranges.count, order: order, sharedNames: (paths.bytes, bytes)) { first, second, body in
                    body(UnsafeBufferPointer(rebasing: bytes[first < 0 ? 0..<0 : ranges[first]]),
                         UnsafeBufferPointer(rebasing: bytes[ranges[second]]))
                }
            }
        }
    }

    /// Lends the bytes of two paths, entries `first` (none when -1) and `second`, to a body.
    typealias PathPair = (_ first: Int, _ second: Int, (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void) -> Void

    private static func lend(_ first: [UInt8], _ second: [UInt8], to body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void) {
        first.withUnsafeBufferPointer { first in second.withUnsafeBufferPointer { body(first, $0) } }
    }

    /// Builds the tree of `count` paths, each lent by `path` as bytes.
    @inline(__always)
    private init(count: Int, order: TreeOrder, sharedNames: (array: [UInt8], buffer: UnsafeBufferPointer<UInt8>)? = nil,
                 path: PathPair) {
        slots = []
        names = sharedNames?.array ?? []
        childList = []
        nodeOfEntry = []
        precondition((sharedNames?.buffer.count ?? 0) <= Int(UInt32.max), "names of more than 4 GiB")
        let base = sharedNames?.buffer.baseAddress
        if !build(count: count, visitOrder: nil, sharedBase: base, path: path) {
            let visitOrder = Self.byteOrder(count: count, path: path)
            _ = build(count: count, visitOrder: visitOrder, sharedBase: base, path: path)
        }
        linkChildren()
        sortChildren(order, allPathsClean: allPathsClean)
        self.order = order
    }

    /// Whether every path was plain `a/b/c` (no empty piece) when the tree was built.
    var allPathsClean = true
    /// How siblings are ordered.
    public internal(set) var order = TreeOrder.foldersFirst

    /// The depth of `node` below the root (top-level entries have depth 0, the root -1).
    func depth(of node: Int) -> Int {
        var depth = -1
        var current = node
        while current != Self.root {
            depth += 1
            current = Int(slots[current].parent)
        }
        return depth
    }

    /// The name of `node` as a slice of ``names``.
    func name(of node: Int) -> ArraySlice<UInt8> {
        let slot = slots[node]
        return names[slot.nameRange]
    }

    /// The node's identity: its pieces joined by `/`, with a trailing `/` for a directory.
    public func identity(of index: Int) -> [UInt8] {
        var chain: [Int] = []
        var current = index
        while current != Self.root {
            chain.append(current)
            current = Int(slots[current].parent)
        }
        var bytes: [UInt8] = []
        for (position, node) in chain.reversed().enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: "/")) }
            bytes.append(contentsOf: name(of: node))
        }
        if slots[index].isDirectory && index != Self.root { bytes.append(UInt8(ascii: "/")) }
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
            let slot = slots[current]
            let children = childList[Int(slot.childStart)..<Int(slot.childStart + slot.childCount)]
            guard let next = children.first(where: {
                slots[Int($0)].isDirectory == wantsDirectory && name(of: Int($0)).elementsEqual(piece)
            }) else { return nil }
            current = Int(next)
        }
        return current
    }
}

/// Finding a path that is both a file and a directory, which a bare path list may not contain
/// (Docs/TreeModel.md#paths-and-identities) but a git change set may (`src` deleted, `src/a.c` added).
extension FileTree {
    /// The first path that names both a file and a directory (`src` and `src/a.c`), if any.
    public func fileAndDirectoryClash() -> [UInt8]? {
        if order == .foldersFirst { return foldersFirstClash() }
        var directories: [Int32] = []
        var files: [Int32] = []
        let precedes: (Int32, Int32) -> Bool = { ByteOrder.compare(name(of: Int($0)), name(of: Int($1))) < 0 }
        var firstClash: (position: Int, node: Int)?
        for slot in slots where slot.isDirectory && slot.childCount > 1 {
            let children = childList[Int(slot.childStart)..<Int(slot.childStart + slot.childCount)]
            directories.removeAll(keepingCapacity: true)
            files.removeAll(keepingCapacity: true)
            for child in children {
                if slots[Int(child)].isDirectory { directories.append(child) } else { files.append(child) }
            }
            guard !directories.isEmpty, !files.isEmpty else { continue }
            if zip(directories, directories.dropFirst()).contains(where: { !precedes($0, $1) }) { directories.sort(by: precedes) }
            if zip(files, files.dropFirst()).contains(where: { !precedes($0, $1) }) { files.sort(by: precedes) }
            // Both in name order: walk them side by side; the clash reported is the first file
            // in the directory's order.
            firstClash = nil
            var next = 0
            for file in files {
                let fileName = name(of: Int(file))
                while next < directories.count && ByteOrder.compare(name(of: Int(directories[next])), fileName) < 0 { next += 1 }
                guard next < directories.count, name(of: Int(directories[next])).elementsEqual(fileName) else { continue }
                let position = children.firstIndex(of: file)!
                if firstClash == nil || position < firstClash!.position { firstClash = (position, Int(file)) }
            }
            if let clash = firstClash { return identity(of: clash.node) }
        }
        return nil
    }

    /// ``fileAndDirectoryClash()`` when every directory's children are its directories in
    /// name order, then its files in name order: one walk over both, in place.
    private func foldersFirstClash() -> [UInt8]? {
        slots.withUnsafeBufferPointer { slots in
            names.withUnsafeBufferPointer { names in
                childList.withUnsafeBufferPointer { list in
                    for slot in slots where slot.isDirectory && slot.childCount > 1 {
                        let start = Int(slot.childStart), end = start + Int(slot.childCount)
                        var firstFile = start
                        while firstFile < end && slots[Int(list[firstFile])].isDirectory { firstFile += 1 }
                        guard firstFile > start, firstFile < end else { continue }
                        var directory = start
                        for position in firstFile..<end {
                            let file = UnsafeBufferPointer(rebasing: names[slots[Int(list[position])].nameRange])
                            var order = -1
                            while directory < firstFile {
                                order = ByteOrder.compare(UnsafeBufferPointer(rebasing: names[slots[Int(list[directory])].nameRange]), file)
                                if order >= 0 { break }
                                directory += 1
                            }
                            if directory == firstFile { break }
                            if order == 0 { return identity(of: Int(list[position])) }
                        }
                    }
                    return nil
                }
            }
        }
    }
}
