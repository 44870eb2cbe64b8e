import Foundation
import TreeModel
internal import CLibGit2

/// Where a path is in a comparison's two sides, for a path that did not change.
public struct PathPresence: Hashable, Sendable {
    /// What a side holds at the path.
    public enum Entry: String, Hashable, Sendable {
        /// A file (a blob, a symbolic link or a submodule).
        case file
        /// A directory.
        case directory
    }

    /// What the old side holds there; `nil`: nothing.
    public var old: Entry?
    /// What the new side holds there; `nil`: nothing.
    public var new: Entry?

    /// Whether either side holds anything there.
    public var isAnywhere: Bool { old != nil || new != nil }
}

extension Repository {
    /// What each side of `changeSet` holds at `path` (from the top): the old tree (none for
    /// the empty tree), and the new tree, the index, or the working tree (its own file or
    /// directory, else the index's).
    public func presence(of path: RawPath, in changeSet: ChangeSet) throws -> PathPresence {
        var presence = PathPresence()
        if let old = changeSet.oldID, let tree = try tree(ofRevision: old) {
            presence.old = Self.entry(at: path.bytes, in: tree)
            git_tree_free(tree)
        }
        switch changeSet.newSide {
        case .tree(let id):
            var oid = id.oid
            var tree: OpaquePointer?
            if git_tree_lookup(&tree, handle, &oid) == 0, let tree {
                presence.new = Self.entry(at: path.bytes, in: tree)
                git_tree_free(tree)
            }
        case .workingTree:
            if let workdir {
                var status = stat()
                if withCBytes(Array(workdir.utf8) + path.bytes, { lstat($0, &status) }) == 0 {
                    presence.new = status.st_mode & S_IFMT == S_IFDIR ? .directory : .file
                }
            }
            if presence.new == nil { presence.new = try indexEntry(at: path.bytes) }
        case .index:
            presence.new = try indexEntry(at: path.bytes)
        }
        return presence
    }

    /// The tree of the commit or tree whose id is `hex`; the caller frees it.
    private func tree(ofRevision hex: String) throws -> OpaquePointer? {
        guard let id = ObjectID(hex: hex) else { return nil }
        var oid = id.oid
        var object: OpaquePointer?
        guard git_object_lookup(&object, handle, &oid, GIT_OBJECT_ANY) == 0 else { return nil }
        defer { git_object_free(object) }
        var peeled: OpaquePointer?
        guard git_object_peel(&peeled, object, GIT_OBJECT_TREE) == 0 else { return nil }
        return peeled
    }

    private static func entry(at path: [UInt8], in tree: OpaquePointer) -> PathPresence.Entry? {
        guard !path.isEmpty else { return .directory }
        var entry: OpaquePointer?
        let found = withCBytes(path) { git_tree_entry_bypath(&entry, tree, $0) } == 0
        guard found, let entry else { return nil }
        defer { git_tree_entry_free(entry) }
        return git_tree_entry_type(entry) == GIT_OBJECT_TREE ? .directory : .file
    }

    private func indexEntry(at path: [UInt8]) throws -> PathPresence.Entry? {
        var index: OpaquePointer?
        try LibGit2.check(git_repository_index(&index, handle))
        defer { git_index_free(index) }
        if withCBytes(path, { git_index_get_bypath(index, $0, 0) }) != nil { return .file }
        var position = 0
        return withCBytes(path + [UInt8(ascii: "/")]) { git_index_find_prefix(&position, index, $0) } == 0 ? .directory : nil
    }
}

/// Calls `body` with `bytes` as a NUL-terminated C string, whatever bytes they are.
private func withCBytes<Result>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
    (bytes + [0]).withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
    }
}
