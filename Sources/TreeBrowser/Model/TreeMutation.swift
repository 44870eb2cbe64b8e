import TreeModel

/// A change to the tree of a ``TreeBrowserModel`` (Docs/TreeModel.md#mutations-and-resets).
/// Roll-ups follow every mutation.
public enum TreeMutation: Hashable, Sendable {
    /// Adds a file or directory, synthesizing missing ancestors; adding a path that exists
    /// changes nothing. A file added so carries a change without a status.
    case add(TreePath)
    /// Adds the file of a change at its path, synthesizing missing ancestors, or gives the
    /// file already there this change (its status, origin and line counts). A rename found
    /// later is a ``move(_:to:)`` and an `addChange` in one batch.
    case addChange(FileChange)
    /// Removes a file, or a directory and everything below it.
    case remove(TreePath)
    /// Moves a file or a directory (with everything below it) to a path that does not exist
    /// yet, synthesizing missing ancestors; state and changes inside a moved directory move
    /// with it.
    case move(TreePath, to: TreePath)
}
