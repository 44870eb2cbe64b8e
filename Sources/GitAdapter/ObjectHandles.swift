internal import CLibGit2

/// Owns a `git_tree`.
final class TreeHandle {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
    deinit { git_tree_free(pointer) }

    /// The tree's id.
    var id: ObjectID { ObjectID(git_tree_id(pointer).pointee) }
}

/// Owns a `git_diff`.
final class DiffHandle {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
    deinit { git_diff_free(pointer) }
}
