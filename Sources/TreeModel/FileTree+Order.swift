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
}
