internal import CLibGit2
import Foundation

/// Which submodule changes git's diff leaves out, path by path: `submodule.<name>.ignore`
/// (the repository's configuration over `.gitmodules`) where set, else `diff.ignoreSubmodules`,
/// else git's default, `untracked`.
struct SubmoduleIgnores {
    /// `diff.ignoreSubmodules`, or git's default.
    var global: SubmoduleIgnore = .untracked
    /// The settings of single submodules, by path.
    var byPath: [[UInt8]: SubmoduleIgnore] = [:]

    /// The setting for the submodule at `path`.
    func ignore(at path: [UInt8]) -> SubmoduleIgnore { byPath[path] ?? global }

    /// The least any submodule ignores: what libgit2's working-tree diff is asked to report.
    var least: SubmoduleIgnore { byPath.values.reduce(global, min) }

    /// libgit2's form of ``least``.
    var libgit2Level: git_submodule_ignore_t {
        switch least {
        case .none: GIT_SUBMODULE_IGNORE_NONE
        case .untracked: GIT_SUBMODULE_IGNORE_UNTRACKED
        case .dirty: GIT_SUBMODULE_IGNORE_DIRTY
        case .all: GIT_SUBMODULE_IGNORE_ALL
        }
    }

    /// `entries` without the submodule changes git leaves out: every change between two
    /// submodule sides, or of a submodule added or removed, where the setting is `all`; in the
    /// working tree, content changes under a commit that did not move, where it is `dirty`
    /// (any) or `untracked` (untracked files only).
    func filter(_ entries: [ChangeEntry], repository: Repository) -> [ChangeEntry] {
        let isSubmodule = { (entry: ChangeEntry) in entry.old?.isSubmodule ?? true && entry.new?.isSubmodule ?? true }
        guard entries.contains(where: isSubmodule) else { return entries }
        return entries.filter { entry in
            guard isSubmodule(entry) else { return true }
            let setting = ignore(at: entry.path)
            if setting == .all { return false }
            guard let old = entry.old, let new = entry.new, new.inWorkingTree, old.id == new.id else { return true }
            switch setting {
            case .all, .dirty: return false
            case .untracked: return least < .untracked ? repository.hasModifiedContent(submodule: entry.path) : true
            case .none: return true
            }
        }
    }
}
