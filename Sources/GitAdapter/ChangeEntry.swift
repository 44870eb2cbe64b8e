import TreeModel

/// One side of a changed path as git's diff machinery sees it: a path, a mode and a blob id.
struct FileSide: Sendable {
    /// The path, exact bytes.
    var path: [UInt8]
    /// The git mode (`0o100644`, `0o100755`, `0o120000`, `0o160000`).
    var mode: UInt32
    /// The blob (or commit, for a submodule) id; zero when not known yet (a working-tree file).
    var id: ObjectID
    /// Whether the content lives in the working tree rather than the object database.
    var inWorkingTree: Bool = false

    var isRegularFile: Bool { mode & 0o170000 == 0o100000 }
    var isSymlink: Bool { mode & 0o170000 == 0o120000 }
    var isSubmodule: Bool { mode & 0o170000 == 0o160000 }

    /// The text after the last `/`.
    var basename: ArraySlice<UInt8> {
        if let slash = path.lastIndex(of: UInt8(ascii: "/")) { return path[(slash + 1)...] }
        return path[...]
    }
}

/// One entry of the diff before rename detection: git's filepair with renames off.
struct ChangeEntry: Sendable {
    enum Kind: Sendable {
        case added, deleted, modified, typeChanged, unmodified, untracked, unmerged
    }

    var kind: Kind
    /// The old side (`nil` for additions and untracked files).
    var old: FileSide?
    /// The new side (`nil` for deletions).
    var new: FileSide?

    /// The path the entry sorts under: the new path, or the old one for a deletion.
    var path: [UInt8] { new?.path ?? old?.path ?? [] }
}
