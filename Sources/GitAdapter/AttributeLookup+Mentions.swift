import Foundation

/// An attribute that no attributes file names, on any line (a pattern's attributes or a
/// macro's definition), is unspecified for every path: then no path needs looking up. Most
/// repositories' `.gitattributes` set `text`, `eol` or `diff` and never name linguist's
/// attributes, and asking libgit2 costs some 40 µs a path (it checks each file again).
extension AttributeLookup {
    /// Whether one of `files` (as this side holds them: the tree's blob, the index's, or the
    /// working tree's file and the index's) contains one of `names`; `true` when one cannot
    /// be read, so that the paths are then looked up.
    func anyFile(_ files: AttributeFiles, mentions names: [String]) -> Bool {
        let needles = names.map { Array($0.utf8) }
        let reader = side == .index ? try? SideReader(repository: repository, side: side) : nil
        for file in files.files {
            let path = AttributeFiles.path(in: file.directory)
            var contents: [[UInt8]?] = []
            switch side {
            case .tree:
                contents.append(file.blob.flatMap { try? repository.blobBytes($0.id) })
            case .index:
                contents.append(reader?.blob(at: path).flatMap { try? repository.blobBytes($0.id) })
            case .workingTree:
                if let workdir = repository.workdir {
                    let full = workdir + String(decoding: path, as: UTF8.self)
                    if FileManager.default.fileExists(atPath: full) {
                        contents.append(FileManager.default.contents(atPath: full).map(Array.init))
                    }
                }
                if let blob = file.blob { contents.append(try? repository.blobBytes(blob.id)) }
            }
            for content in contents {
                guard let content else { return true }
                if needles.contains(where: { content.firstRange(of: $0) != nil }) { return true }
            }
        }
        return false
    }
}
