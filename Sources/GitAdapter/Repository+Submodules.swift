import Foundation
internal import CLibGit2

extension Repository {
    /// The submodule settings git's diff would use here: `diff.ignoreSubmodules` from `config`,
    /// and `submodule.<name>.ignore` from `.gitmodules` in the working tree and from the
    /// repository's configuration, as read once in `config` (which wins). A value git does not know in `.gitmodules` is passed over.
    func submoduleIgnores(config: RepositoryConfig) throws -> SubmoduleIgnores {
        var ignores = SubmoduleIgnores()
        if let global = try config.submoduleIgnore() { ignores.global = global }
        guard let workdir, access(workdir + ".gitmodules", R_OK) == 0 else { return ignores }
        var gitmodules: OpaquePointer?
        guard git_config_open_ondisk(&gitmodules, workdir + ".gitmodules") == 0, let gitmodules else { return ignores }
        defer { git_config_free(gitmodules) }
        var paths: [String: [UInt8]] = [:]
        var settings: [String: SubmoduleIgnore] = [:]
        Self.forEachSubmoduleKey(in: gitmodules) { name, key, value in
            if key == "path" { paths[name] = Array(value.utf8) }
            if key == "ignore", let setting = SubmoduleIgnore(rawValue: value) { settings[name] = setting }
        }
        for (name, value) in config.submoduleIgnoreValues {
            if let setting = SubmoduleIgnore(rawValue: value) { settings[name] = setting }
        }
        for (name, setting) in settings {
            if let path = paths[name] { ignores.byPath[path] = setting }
        }
        return ignores
    }

    /// Calls `body` with the name, key and value of every `submodule.<name>.path` and
    /// `submodule.<name>.ignore` in `config`.
    private static func forEachSubmoduleKey(in config: OpaquePointer, _ body: (String, String, String) -> Void) {
        try? ConfigEntries.forEach(in: config) { name, value in
            let lowered = name.lowercased()
            guard let value, lowered.hasPrefix("submodule."), lowered.hasSuffix(".path") || lowered.hasSuffix(".ignore"),
                  let dot = name.lastIndex(of: "."), name.count > "submodule.".count + 1 else { return }
            let start = name.index(name.startIndex, offsetBy: "submodule.".count)
            guard start < dot else { return }
            body(String(name[start..<dot]), String(name[name.index(after: dot)...]).lowercased(), value)
        }
    }

    /// Whether the submodule at `path` has modified tracked content (not only untracked files).
    func hasModifiedContent(submodule path: [UInt8]) -> Bool {
        var status: UInt32 = 0
        let code = path.withCString { git_submodule_status(&status, handle, $0, GIT_SUBMODULE_IGNORE_UNTRACKED) }
        guard code == 0 else { return true }
        let modified = GIT_SUBMODULE_STATUS_WD_INDEX_MODIFIED.rawValue | GIT_SUBMODULE_STATUS_WD_WD_MODIFIED.rawValue
        return status & modified != 0
    }
}

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
