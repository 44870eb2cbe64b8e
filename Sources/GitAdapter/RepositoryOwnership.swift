import Foundation
import GitRules
internal import CLibGit2

/// git 2.39's `ensure_valid_ownership` and `safe.bareRepository`, for a repository found by
/// discovery (not one `GIT_DIR` names): its work tree, `.git` file and git directory must
/// belong to the current user (root may read root's, and under sudo `SUDO_UID`'s), unless
/// `safe.directory` names the work tree (the git directory when bare) or is `*`. Both keys
/// are read from the system, global and command-line (`GIT_CONFIG_COUNT`) configuration only,
/// never the repository's.
struct RepositoryOwnership {
    let environment: [String: String]
    let configFiles: ConfigFiles

    /// Throws git's "detected dubious ownership" for `shown` when a path is not the user's
    /// and no `safe.directory` allows it.
    func check(gitFile: String?, workTree: String?, gitDirectory: String, shown: String) throws {
        if [gitFile, workTree, gitDirectory].allSatisfy({ $0.map(isOwnedByCurrentUser) ?? true }) { return }
        let path = workTree ?? gitDirectory
        var safe = false
        for value in values(of: "safe.directory") {
            if value.isEmpty {
                safe = false
            } else if value == "*" {
                safe = true
            } else if expanded(value) == path {
                safe = true
            }
        }
        guard !safe else { return }
        throw AdapterError.repository("detected dubious ownership in repository at '\(shown)'; "
            + "to add an exception for this directory: git config --global --add safe.directory \(ShellQuoting.quoted(shown))")
    }

    /// Throws git's refusal of a bare repository found by discovery when `safe.bareRepository`
    /// is `explicit`.
    func checkBareAllowed(_ directory: String) throws {
        guard let setting = values(of: "safe.barerepository").last else { return }
        switch setting.lowercased() {
        case "all": return
        case "explicit":
            throw AdapterError.repository("cannot use bare repository '\(directory)' (safe.bareRepository is 'explicit')")
        default:
            throw AdapterError.repository("unrecognized safe.bareRepository value '\(setting)'")
        }
    }

    /// git's `is_path_owned_by_current_uid` (on `lstat`).
    private func isOwnedByCurrentUser(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return false }
        var user = geteuid()
        if user == 0 {
            if status.st_uid == 0 { return true }
            if let sudo = environment["SUDO_UID"].flatMap({ UInt32($0) }) { user = sudo }
        }
        return status.st_uid == user
    }

    /// `~/` and `~user/` expanded as `git_config_pathname` does.
    private func expanded(_ value: String) -> String {
        guard value.hasPrefix("~") else { return value }
        let rest = value.dropFirst()
        if rest.isEmpty || rest.hasPrefix("/") { return (configFiles.home ?? "") + rest }
        let name = rest.prefix { $0 != "/" }
        guard let entry = getpwnam(String(name)), let directory = entry.pointee.pw_dir else { return value }
        return String(cString: directory) + rest.dropFirst(name.count)
    }

    /// Every value of `key` (lower case) in the protected configuration, in git's order.
    private func values(of key: String) -> [String] {
        var values: [String] = []
        var config: OpaquePointer?
        guard git_config_new(&config) == 0, let config else { return [] }
        defer { git_config_free(config) }
        let files: [(String?, git_config_level_t)] = [
            (configFiles.system, GIT_CONFIG_LEVEL_SYSTEM), (configFiles.xdg, GIT_CONFIG_LEVEL_XDG),
            (configFiles.global, GIT_CONFIG_LEVEL_GLOBAL),
        ]
        for case let (path?, level) in files where access(path, R_OK) == 0 {
            _ = git_config_add_file_ondisk(config, path, level, nil, 0)
        }
        try? ConfigEntries.forEach(in: config) { name, value in
            if name.lowercased() == key { values.append(value ?? "") }
        }
        let count = environment["GIT_CONFIG_COUNT"].flatMap { Int($0) } ?? 0
        for index in 0..<max(0, count) {
            if environment["GIT_CONFIG_KEY_\(index)"]?.lowercased() == key {
                values.append(environment["GIT_CONFIG_VALUE_\(index)"] ?? "")
            }
        }
        return values
    }
}

/// git's `sq_quote_buf_pretty`: a path as a shell word, quoted only when it needs it.
enum ShellQuoting {
    static func quoted(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+,-./:=@_^".contains($0)) }
        if plain && !text.isEmpty { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
