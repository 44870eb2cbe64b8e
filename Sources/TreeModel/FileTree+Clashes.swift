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
