import Annotations

/// What a ``TreeWalk`` saw of its new tree's `.gitattributes` files: the directories it
/// entered, on either side, and in those the new tree holds, its `.gitattributes` when a
/// regular file (as ``AttributeLookup`` takes it). A directory entered on the old side only
/// is no directory of the new tree, so holds no attributes file there. Every directory on
/// the way to a path the walk found was entered, so a cold comparison's attributes files are
/// found from these notes with no tree read (``attributeFiles(along:)``).
struct TreeWalkNotes: Sendable {
    /// The new tree walked, once known.
    var tree: ObjectID?
    /// The directories entered (empty for the top), without a trailing `/`.
    private(set) var entered: Set<[UInt8]> = []
    /// The new tree's attributes files in the directories entered on the new side.
    private(set) var files: [[UInt8]: SideReader.Blob] = [:]

    /// Notes the directory `prefix` (ending in `/`, empty for the top) as entered, with the
    /// new tree's `.gitattributes` entry there (`mode`, `id`) when it has one.
    mutating func enter(_ prefix: [UInt8], attributesEntry: (mode: UInt32, id: ObjectID)?) {
        let directory = prefix.isEmpty ? prefix : Array(prefix.dropLast())
        entered.insert(directory)
        guard let attributesEntry else { return }
        let mode = Self.normalized(attributesEntry.mode)
        if mode & 0o170000 == 0o100000 { files[directory] = SideReader.Blob(id: attributesEntry.id, mode: mode) }
    }

    /// Adds the notes of another part of the same walk.
    mutating func merge(_ other: TreeWalkNotes) {
        entered.formUnion(other.entered)
        files.merge(other.files) { mine, _ in mine }
    }

    /// The new tree's attributes files in the directories of `paths` and above, in the order
    /// ``AttributeLookup/walkTrees(_:along:)`` finds them; `nil` when the walk did not enter
    /// one of those directories.
    func attributeFiles(along paths: [[UInt8]]) -> AttributeFiles? {
        guard entered.contains([]) else { return nil }
        var found = AttributeFiles()
        if let blob = files[[]] { found.files.append(.init(directory: [], blob: blob)) }
        var walk = DirectoryWalk(root: true)
        for path in paths {
            let complete = walk.value(of: path, upTo: RawPathParent.of(path).endIndex) { parent, path, piece in
                let directory = Array(path[..<piece.upperBound])
                guard parent, entered.contains(directory) else { return false }
                if let blob = files[directory] { found.files.append(.init(directory: directory, blob: blob)) }
                return true
            }
            if !complete { return nil }
        }
        return found
    }

    /// A tree entry's mode as libgit2 gives it (`git_tree_entry_filemode`).
    static func normalized(_ mode: UInt32) -> UInt32 {
        if mode & 0o170000 == 0o040000 { return 0o040000 }
        if mode & 0o111 != 0 { return 0o100755 }
        if mode & 0o170000 == 0o160000 || mode & 0o170000 == 0o120000 { return mode & 0o170000 }
        return 0o100644
    }
}
