import TreeBrowser
import TreeModel

/// Which mutations a model refuses, decided on the reference's own sets, in the order the
/// model checks them (Docs/TreeModel.md): a path that would be both a file and a directory
/// in a tree of bare paths, a change of a directory, removing or moving what is not there,
/// a move to the other kind, onto an existing path, or into itself. A batch is refused
/// when any of its mutations is, each judged after the ones before it.
extension ReferenceTree {
    /// Whether the model refuses `mutations`, applied in order as one batch.
    func rejects(_ mutations: [TreeMutation]) throws -> Bool {
        var tree = self
        for mutation in mutations {
            if try tree.rejects(mutation) { return true }
            switch mutation {
            case .add(let path): tree.add(path)
            case .addChange(let change): try tree.addChange(change)
            case .remove(let path): tree.remove(path)
            case .move(let path, let destination): try tree.move(path, to: destination)
            }
        }
        return false
    }

    /// Whether a tree of bare paths refuses to be built (or reset) from `paths`.
    static func rejects(paths: [TreePath], order: TreeOrder) -> Bool {
        var tree = ReferenceTree(order: order)
        for path in paths {
            if tree.conflicts(path) { return true }
            tree.add(path)
        }
        return false
    }

    /// Whether the model refuses the single mutation `mutation`.
    func rejects(_ mutation: TreeMutation) throws -> Bool {
        switch mutation {
        case .add(let path):
            return conflicts(path)
        case .addChange(let change):
            guard let path = try? TreePath(change.path), !path.isDirectory else { return true }
            return files[path] == nil && conflicts(path)
        case .remove(let path):
            return !identities.contains(path)
        case .move(let path, let destination):
            guard identities.contains(path) else { return true }
            if destination == path { return false }
            if path.isDirectory != destination.isDirectory { return true }
            let occupied = allowsFileAndDirectory
                ? identities.contains(destination)
                : identities.contains { $0.normalized == destination.normalized }
            if occupied { return true }
            if Self.lies(destination, below: path) { return true }
            return conflicts(destination)
        }
    }

    /// Whether `path` would be a file where a directory is, or a directory where a file is,
    /// or below a file: never in a tree that allows both.
    func conflicts(_ path: TreePath) -> Bool {
        guard !allowsFileAndDirectory else { return false }
        if identities.contains(where: { $0.normalized == path.normalized && $0.isDirectory != path.isDirectory }) { return true }
        for directory in Self.ancestors(of: path) {
            if directories.contains(directory) { return false }
            if files.keys.contains(where: { $0.normalized == directory.normalized }) { return true }
        }
        return false
    }
}
