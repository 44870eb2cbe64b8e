/// What changes of a submodule git's diff leaves out (`diff.ignoreSubmodules`,
/// `submodule.<name>.ignore`).
enum SubmoduleIgnore: String, Sendable, Comparable {
    /// Nothing: new commits, modified and untracked content all show.
    case none
    /// Untracked files inside the submodule (git's default for `git diff`).
    case untracked
    /// Any content change inside the submodule: only a new commit shows.
    case dirty
    /// Every change of the submodule.
    case all

    private var order: Int {
        switch self {
        case .none: 0
        case .untracked: 1
        case .dirty: 2
        case .all: 3
        }
    }

    static func < (lhs: SubmoduleIgnore, rhs: SubmoduleIgnore) -> Bool { lhs.order < rhs.order }
}
