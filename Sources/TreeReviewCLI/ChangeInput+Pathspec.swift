import ChangeList
import GitAdapter
import TreeModel

extension ChangeInput {
    /// The change list limited to `pathspecs`, matched as `git diff` matches them: relative to
    /// `directory` inside `repository` (whose attributes `attr:` reads), else from the list's
    /// top. As git limits its diff before pairing renames, a rename or copy whose source lies
    /// outside becomes an addition, and a rename whose destination lies outside a deletion.
    static func limit(
        _ list: ChangeListReader.ChangeList, to pathspecs: [String], repository: Repository?, directory: String,
        environment: [String: String]
    ) throws -> ChangeListReader.ChangeList {
        let pathspec = try repository?.pathspec(pathspecs, from: directory) ?? Pathspec(pathspecs, environment: environment)
        var attributes: PathspecAttributeLookup?
        if let repository {
            attributes = { path, names in try repository.pathspecAttributes(of: path, names: names) }
        } else if let item = pathspec.items.first(where: { !$0.attributes.isEmpty }) {
            throw PathspecError.unsupported(element: item.original, magic: "attr", reason: "without a repository")
        }
        func matches(_ path: RawPath, _ mode: FileMode?) throws -> Bool {
            try pathspec.matches(path.bytes, isGitlink: mode == .submodule, attributes: attributes)
        }
        if let paths = list.paths {
            let ranges = try paths.ranges.filter { try pathspec.matches(Array(paths.bytes[$0]), attributes: attributes) }
            return ChangeListReader.ChangeList(changes: [], paths: PathList(bytes: paths.bytes, ranges: ranges),
                                               isBarePaths: list.isBarePaths)
        }
        var changes: [FileChange] = []
        for change in list.changes {
            let destination = try matches(change.path, change.newMode)
            guard let oldPath = change.oldPath, change.status == .renamed || change.status == .copied else {
                if destination { changes.append(change) }
                continue
            }
            let source = try matches(oldPath, change.oldMode)
            if source && destination {
                changes.append(change)
            } else if destination {
                changes.append(FileChange(status: .added, path: change.path, newMode: change.newMode))
            } else if source && change.status == .renamed {
                changes.append(FileChange(status: .deleted, path: oldPath, oldMode: change.oldMode))
            }
        }
        return ChangeListReader.ChangeList(changes: changes, paths: nil, isBarePaths: list.isBarePaths)
    }
}
