/// A change to the paths of a ``TreeBrowserModel`` (tree-model.md §9).
public enum TreeMutation: Hashable, Sendable {
    /// Adds a file or directory, synthesizing missing ancestors; adding a path that exists
    /// changes nothing.
    case add(TreePath)
    /// Removes a file, or a directory and everything below it.
    case remove(TreePath)
    /// Moves a file or a directory (with everything below it) to a path that does not exist
    /// yet, synthesizing missing ancestors; state inside a moved directory moves with it.
    case move(TreePath, to: TreePath)
}
