import TreeModel

/// Which changes of a comparison get their new side's object id (``ChangeSet/newObjects``).
/// Ids the comparison already holds cost nothing; a working-tree file's is computed as
/// `git hash-object` would (its content read through the clean filters), so a caller names
/// only the paths it needs.
public enum NewObjectRequest: Sendable, Equatable {
    /// None: ``ChangeSet/newObjects`` stays empty.
    case none
    /// Every change's.
    case all
    /// The changes at these (new) paths.
    case paths(Set<RawPath>)

    /// Whether the change at `path` is asked for.
    func includes(_ path: RawPath) -> Bool {
        switch self {
        case .none: false
        case .all: true
        case .paths(let paths): paths.contains(path)
        }
    }
}
