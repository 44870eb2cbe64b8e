internal import CLibGit2
import Foundation

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
