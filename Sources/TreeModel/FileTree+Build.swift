/// Building the nodes: paths visited in byte order, so that every directory's contents arrive
/// together and a stack of open directories replaces any hashing.
extension FileTree {
    /// Builds the nodes visiting the entries in `visitOrder` (input order when `nil`, which
    /// gives up and returns `false` as soon as two paths are out of byte order).
    /// With a `sharedBase`, every name lent by `path` lies in ``names`` already, which starts there.
    mutating func build(count: Int, visitOrder: [Int]?, sharedBase: UnsafePointer<UInt8>?,
                        path: PathPair) -> Bool {
        slots = [Slot(nameStart: 0, nameCount: 0, parent: -1, entry: -1, childStart: 0, childCount: 0)]
        // Room for a directory per file: deep lists have nearly as many (untouched room costs no memory).
        slots.reserveCapacity(2 * count + 1)
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
    mutating func linkChildren() {
        childList = slots.withUnsafeMutableBufferPointer { slots in
            for index in 1..<slots.count { slots[Int(slots[index].parent)].childCount += 1 }
            var next: Int32 = 0
            for index in slots.indices {
                slots[index].childStart = next
                next += slots[index].childCount
                slots[index].childCount = 0
            }
            // An empty list is the shared empty array: `unsafeUninitializedCapacity` would write its count.
            guard next > 0 else { return [] }
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
    static func byteOrder(count: Int, path: PathPair) -> [Int] {
        var copies: [[UInt8]] = []
        copies.reserveCapacity(count)
        for entry in 0..<count { path(-1, entry) { copies.append(Array($1)) } }
        return (0..<count).sorted { a, b in
            let order = ByteOrder.compare(copies[a], copies[b])
            return order != 0 ? order < 0 : a < b
        }
    }
}

/// Sibling order, applied once the nodes are built.
extension FileTree {
    /// Orders every directory's children by `order` (Docs/TreeModel.md#ordering).
    mutating func sortChildren(_ order: TreeOrder, allPathsClean: Bool) {
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
                        case .foldersFirst, .name, .size:
                            let foldersFirst = order != .name
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
                            if order == .foldersFirst || order == .size {
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
}
