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

    /// The stored form of one node: 24 bytes.
    package struct Slot: Sendable {
        /// Where the name starts in ``FileTree/names``.
        package var nameStart: UInt32
        package var nameCount: UInt32
        /// The parent node, -1 for the root.
        package var parent: Int32
        /// The input entry of a file, -1 for a directory.
        package var entry: Int32
        /// Where the children start in ``FileTree/childList``.
        package var childStart: Int32
        package var childCount: Int32

        /// Whether the node is a directory (it has no entry).
        package var isDirectory: Bool { entry < 0 }

        /// Where the name lies in ``FileTree/names``.
        package var nameRange: Range<Int> { Int(nameStart)..<(Int(nameStart) + Int(nameCount)) }
    }

    /// The nodes' stored form; `slots[0]` is the root.
    package private(set) var slots: [Slot]
    /// Every node's name, one after another.
    package private(set) var names: [UInt8]
    /// Every directory's ordered children, one list after another.
    package private(set) var childList: [Int32]

    /// All nodes; `nodes[0]` is the root.
    public var nodes: Nodes { Nodes(tree: self) }
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
        self.init(count: paths.count, order: order) { first, second, body in
            Self.lend(first < 0 ? [] : paths[first].bytes, paths[second].bytes, to: body)
        }
    }

    /// Builds the tree of the changes' paths, as ``init(filePaths:order:)`` does.
    package init(changes: [FileChange], order: TreeOrder = .foldersFirst) {
        self = changes.withUnsafeBufferPointer { changes in
            FileTree(count: changes.count, order: order) { first, second, body in
                Self.lend(first < 0 ? [] : changes[first].path.bytes, changes[second].path.bytes, to: body)
            }
        }
    }

    /// Builds the tree of a path list, as ``init(filePaths:order:)`` does.
    package init(paths: PathList, order: TreeOrder = .foldersFirst) {
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
    private typealias PathPair = (_ first: Int, _ second: Int, (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void) -> Void

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

    /// Builds the nodes visiting the entries in `visitOrder` (input order when `nil`, which
    /// gives up and returns `false` as soon as two paths are out of byte order).
    /// Whether every path was plain `a/b/c` (no empty piece) when the tree was built.
    private var allPathsClean = true
    /// How siblings are ordered.
    public private(set) var order = TreeOrder.foldersFirst

    /// With a `sharedBase`, every name lent by `path` lies in ``names`` already, which starts there.
    private mutating func build(count: Int, visitOrder: [Int]?, sharedBase: UnsafePointer<UInt8>?,
                                path: PathPair) -> Bool {
        slots = [Slot(nameStart: 0, nameCount: 0, parent: -1, entry: -1, childStart: 0, childCount: 0)]
        slots.reserveCapacity(count + count / 4 + 1)
        if sharedBase == nil {
            names = []
            names.reserveCapacity(count * 16)
        }
        var nodeOfEntry = [Int](repeating: FileTree.root, count: count)
        var unique = [Int](repeating: 0, count: count)
        var uniqueCount = 0
        var open: [Int32] = [Int32(Self.root)]
        var pieces: [Range<Int>] = []
        var previousEntry = -1
        var previousNode = -1
        var previousIsClean = true
        var slashes: [Int] = []
        var inOrder = true
        allPathsClean = true
        let finished = nodeOfEntry.withUnsafeMutableBufferPointer { nodeOfEntry in
            unique.withUnsafeMutableBufferPointer { unique in
                for position in 0..<count {
                    let entry = visitOrder?[position] ?? position
                    path(previousEntry, entry) { previous, bytes in
                        var shared = Shared()
                        if previousNode >= 0 {
                            shared = Self.sharedPrefix(previous, bytes)
                            if shared.order == 0 {
                                nodeOfEntry[entry] = previousNode
                                return
                            }
                            if shared.order > 0 && visitOrder == nil {
                                inOrder = false
                                return
                            }
                        }
                        var isClean = false
                        var file = 0
                        var kept = 0
                        if previousIsClean {
                            // `slashes` holds the previous path's slashes. Those inside the common prefix
                            // end the directories both paths share, already open; if no piece after them
                            // is empty, only the rest needs new nodes.
                            while kept < slashes.count && slashes[kept] < shared.length { kept += 1 }
                            slashes.removeLast(slashes.count - kept)
                            let pieceStart = kept > 0 ? slashes[kept - 1] + 1 : 0
                            var index = ByteScan.firstIndex(of: UInt8(ascii: "/"), in: bytes, from: pieceStart)
                            var previousSlash = pieceStart - 1
                            isClean = true
                            while index < bytes.count {
                                if index == previousSlash + 1 { isClean = false }
                                slashes.append(index)
                                previousSlash = index
                                index = ByteScan.firstIndex(of: UInt8(ascii: "/"), in: bytes, from: index + 1)
                            }
                            if previousSlash == bytes.count - 1 { isClean = false }
                        }
                        if isClean {
                            open.removeLast(open.count - 1 - kept)
                            var pieceStart = kept > 0 ? slashes[kept - 1] + 1 : 0
                            for position in kept..<slashes.count {
                                let slash = slashes[position]
                                let directory = append(UnsafeBufferPointer(rebasing: bytes[pieceStart..<slash]), parent: open[open.count - 1], entry: -1,
                                                       sharedBase: sharedBase)
                                open.append(Int32(directory))
                                pieceStart = slash + 1
                            }
                            file = append(UnsafeBufferPointer(rebasing: bytes[pieceStart...]), parent: open[open.count - 1], entry: entry,
                                          sharedBase: sharedBase)
                        } else {
                            isClean = Self.isClean(bytes, from: 0)
                            if isClean {
                                slashes.removeAll(keepingCapacity: true)
                                for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "/") { slashes.append(index) }
                            }
                            Self.split(bytes, into: &pieces)
                            guard let last = pieces.last else { return }
                            var depth = 0
                            while depth + 1 < open.count, depth < pieces.count - 1,
                                  nameEquals(Int(open[depth + 1]), UnsafeBufferPointer(rebasing: bytes[pieces[depth]])) {
                                depth += 1
                            }
                            open.removeLast(open.count - 1 - depth)
                            for piece in pieces[depth..<(pieces.count - 1)] {
                                let directory = append(UnsafeBufferPointer(rebasing: bytes[piece]), parent: open[open.count - 1], entry: -1,
                                                       sharedBase: sharedBase)
                                open.append(Int32(directory))
                            }
                            file = append(UnsafeBufferPointer(rebasing: bytes[last]), parent: open[open.count - 1], entry: entry,
                                          sharedBase: sharedBase)
                        }
                        previousEntry = entry
                        previousIsClean = isClean
                        if !isClean { allPathsClean = false }
                        nodeOfEntry[entry] = file
                        previousNode = file
                        unique[uniqueCount] = entry
                        uniqueCount += 1
                    }
                    if !inOrder { return false }
                }
                return true
            }
        }
        unique.removeLast(count - uniqueCount)
        self.nodeOfEntry = nodeOfEntry
        self.uniqueEntriesInByteOrder = unique
        return finished
    }

    /// How a path compares with the one before it.
    private struct Shared {
        /// Negative, zero or positive as in ``ByteOrder/compare(_:_:)-(UnsafeBufferPointer<UInt8>,_)``.
        var order = 1
        /// The length of the common prefix.
        var length = 0
    }

    @inline(__always)
    private static func sharedPrefix(_ previous: UnsafeBufferPointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>) -> Shared {
        let common = min(previous.count, bytes.count)
        var index = 0
        while index + 8 <= common {
            let difference = ByteScan.word(bytes, at: index) ^ ByteScan.word(previous, at: index)
            if difference != 0 {
                index += difference.trailingZeroBitCount / 8
                return Shared(order: Int(previous[index]) - Int(bytes[index]), length: index)
            }
            index += 8
        }
        while index < common {
            if bytes[index] != previous[index] {
                return Shared(order: Int(previous[index]) - Int(bytes[index]), length: index)
            }
            index += 1
        }
        return Shared(order: previous.count - bytes.count, length: common)
    }

    /// Whether `bytes` has no empty piece (no leading, trailing or double slash), given that
    /// its first `checked` bytes are a prefix of a path that had none.
    @inline(__always)
    private static func isClean(_ bytes: UnsafeBufferPointer<UInt8>, from checked: Int) -> Bool {
        var afterSlash = checked == 0 || bytes[checked - 1] == UInt8(ascii: "/")
        for index in checked..<bytes.count {
            let isSlash = bytes[index] == UInt8(ascii: "/")
            if isSlash && afterSlash { return false }
            afterSlash = isSlash
        }
        return !afterSlash
    }

    private func nameEquals(_ node: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let slot = slots[node]
        guard Int(slot.nameCount) == bytes.count else { return false }
        return names.withUnsafeBufferPointer { all in
            ByteOrder.compare(UnsafeBufferPointer(rebasing: all[slot.nameRange]), bytes) == 0
        }
    }

    @inline(__always)
    private mutating func append(_ name: UnsafeBufferPointer<UInt8>, parent: Int32, entry: Int,
                                 sharedBase: UnsafePointer<UInt8>?) -> Int {
        let index = slots.count
        let start: Int
        if let sharedBase {
            start = name.baseAddress! - sharedBase
        } else {
            start = names.count
            precondition(names.count + name.count <= Int(UInt32.max), "names of more than 4 GiB")
            names.append(contentsOf: name)
        }
        slots.append(Slot(nameStart: UInt32(start), nameCount: UInt32(name.count), parent: parent, entry: Int32(entry),
                          childStart: 0, childCount: 0))
        return index
    }

    /// Counts every node's children and fills ``childList``: each directory's children in the
    /// order they were created.
    private mutating func linkChildren() {
        childList = slots.withUnsafeMutableBufferPointer { slots in
            for index in 1..<slots.count { slots[Int(slots[index].parent)].childCount += 1 }
            var next: Int32 = 0
            for index in slots.indices {
                slots[index].childStart = next
                next += slots[index].childCount
                slots[index].childCount = 0
            }
            return [Int32](unsafeUninitializedCapacity: Int(next)) { list, count in
                // Every position is written once: each node but the root is one parent's child.
                for index in 1..<slots.count {
                    let parent = Int(slots[index].parent)
                    list[Int(slots[parent].childStart + slots[parent].childCount)] = Int32(index)
                    slots[parent].childCount += 1
                }
                count = Int(next)
            }
        }
    }

    /// The pieces of a path: the ranges between slashes, empty ones dropped.
    private static func split(_ bytes: UnsafeBufferPointer<UInt8>, into pieces: inout [Range<Int>]) {
        pieces.removeAll(keepingCapacity: true)
        var start = 0
        for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "/") {
            if index > start { pieces.append(start..<index) }
            start = index + 1
        }
        if start < bytes.count { pieces.append(start..<bytes.count) }
    }

    /// Entry indices in byte order of their paths (ties in input order).
    private static func byteOrder(count: Int, path: PathPair) -> [Int] {
        var copies: [[UInt8]] = []
        copies.reserveCapacity(count)
        for entry in 0..<count { path(-1, entry) { copies.append(Array($1)) } }
        return (0..<count).sorted { a, b in
            let order = ByteOrder.compare(copies[a], copies[b])
            return order != 0 ? order < 0 : a < b
        }
    }

    private mutating func sortChildren(_ order: TreeOrder, allPathsClean: Bool) {
        var firstEntry: [Int32] = []
        if order == .input {
            firstEntry = [Int32](repeating: Int32.max, count: slots.count)
            for index in slots.indices.reversed() {
                if slots[index].entry >= 0 { firstEntry[index] = min(firstEntry[index], slots[index].entry) }
                if slots[index].parent >= 0 {
                    let parent = Int(slots[index].parent)
                    firstEntry[parent] = min(firstEntry[parent], firstEntry[index])
                }
            }
        }
        slots.withUnsafeBufferPointer { slots in
            names.withUnsafeBufferPointer { names in
                firstEntry.withUnsafeBufferPointer { firstEntry in
                    childList.withUnsafeMutableBufferPointer { list in
                        let precedes: (Int32, Int32) -> Bool
                        switch order {
                        case .input:
                            precedes = { firstEntry[Int($0)] < firstEntry[Int($1)] }
                        case .foldersFirst, .name:
                            let foldersFirst = order == .foldersFirst
                            precedes = { a, b in
                                let x = slots[Int(a)], y = slots[Int(b)]
                                if foldersFirst, x.isDirectory != y.isDirectory { return x.isDirectory }
                                let names = ByteOrder.compare(
                                    UnsafeBufferPointer(rebasing: names[x.nameRange]),
                                    UnsafeBufferPointer(rebasing: names[y.nameRange]))
                                return names != 0 ? names < 0 : (!x.isDirectory && y.isDirectory)
                            }
                        }
                        var files: [Int32] = []
                        for slot in slots where slot.isDirectory && slot.childCount > 1 {
                            let start = Int(slot.childStart)
                            var children = UnsafeMutableBufferPointer(rebasing: list[start..<(start + Int(slot.childCount))])
                            if order == .foldersFirst {
                                // Children arrive in byte order of their paths, so files are in
                                // name order already when no path has an empty piece (their
                                // paths end with their names), and so are directories unless a
                                // name continues another with a byte below `/` (`a` and `a-b`):
                                // moving the directories first (stably) is usually all it takes.
                                files.removeAll(keepingCapacity: true)
                                var directories = 0
                                for child in children {
                                    if slots[Int(child)].isDirectory {
                                        children[directories] = child
                                        directories += 1
                                    } else {
                                        files.append(child)
                                    }
                                }
                                for (offset, file) in files.enumerated() { children[directories + offset] = file }
                                var leading = UnsafeMutableBufferPointer(rebasing: children[..<directories])
                                if directories > 1 && !Self.isSorted(leading, by: precedes) { leading.sort(by: precedes) }
                                var trailing = UnsafeMutableBufferPointer(rebasing: children[directories...])
                                if !allPathsClean && trailing.count > 1 && !Self.isSorted(trailing, by: precedes) {
                                    trailing.sort(by: precedes)
                                }
                                continue
                            }
                            if Self.isSorted(children, by: precedes) { continue }
                            children.sort(by: precedes)
                        }
                    }
                }
            }
        }
    }

    private static func isSorted(_ list: UnsafeMutableBufferPointer<Int32>, by precedes: (Int32, Int32) -> Bool) -> Bool {
        for index in 1..<list.count where !precedes(list[index - 1], list[index]) { return false }
        return true
    }

    /// The depth of `node` below the root (top-level entries have depth 0, the root -1).
    package func depth(of node: Int) -> Int {
        var depth = -1
        var current = node
        while current != Self.root {
            depth += 1
            current = Int(slots[current].parent)
        }
        return depth
    }

    /// The name of `node` as a slice of ``names``.
    package func name(of node: Int) -> ArraySlice<UInt8> {
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
