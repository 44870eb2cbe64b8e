import TreeModel

/// Why a mutation was rejected. A rejected mutation or batch changes nothing.
public indirect enum TreeMutationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path conflicts with the tree (``TreePathError/fileAndDirectory(_:)``).
    case invalidPath(TreePathError)
    /// No node has this identity.
    case notFound(TreePath)
    /// A change whose path names a directory (it ends in `/`).
    case notAFile(TreePath)
    /// A move's destination exists.
    case alreadyExists(TreePath)
    /// A move between a file and a directory path.
    case kindMismatch(from: TreePath, to: TreePath)
    /// A directory moved into itself or below itself.
    case moveIntoItself(from: TreePath, to: TreePath)
    /// A mutation of a batch failed; `position` counts from 0.
    case inBatch(position: Int, TreeMutationError)

    public var description: String {
        switch self {
        case .invalidPath(let error): error.description
        case .notFound(let path): "no such path '\(path)'"
        case .notAFile(let path): "'\(path)' is a directory: a change belongs to a file"
        case .alreadyExists(let path): "'\(path)' already exists"
        case .kindMismatch(let from, let to): "cannot move '\(from)' to '\(to)': one is a file, the other a directory"
        case .moveIntoItself(let from, let to): "cannot move '\(from)' into itself ('\(to)')"
        case .inBatch(let position, let error): "mutation \(position + 1) of the batch: \(error)"
        }
    }
}
