import Foundation
import GitRules
internal import CLibGit2

/// Finds and opens a repository as git 2.39's `setup_git_directory` does, where libgit2 1.5
/// differs:
/// - started inside a git directory (a bare repository, or `.git` itself), git has no work
///   tree whatever `core.bare` says (unless `GIT_WORK_TREE` or `core.worktree` gives one);
///   libgit2 takes the directory above as the work tree when `core.bare` is false;
/// - with `GIT_DIR` alone, the work tree is the current directory (`core.worktree`, a true
///   `core.bare` or a false `GIT_IMPLICIT_WORK_TREE` aside); libgit2 takes the directory
///   above the git directory;
/// - a repository found by discovery whose work tree or git directory another user owns is
///   refused ("detected dubious ownership") unless `safe.directory` names it, read from the
///   system, global and command-line configuration only (``RepositoryOwnership``);
/// - `GIT_COMMON_DIR` names the directory of everything but the per-worktree files, which
///   libgit2 reads only from a `commondir` file (``SplitGitDirectory``).
enum RepositoryDiscovery {
    /// A handle on the repository found from `directory` with `environment`, its work tree
    /// set as git sets it.
    static func open(at directory: String, environment: [String: String], configFiles: ConfigFiles) throws -> OpaquePointer {
        let here = (try? PathspecPath.realPath(Array(directory.utf8)[...])) ?? directory
        func resolve(_ path: String) -> String {
            path.hasPrefix("/") ? path : URL(fileURLWithPath: here).appendingPathComponent(path).standardizedFileURL.path
        }
        let workTree = nonEmpty(environment["GIT_WORK_TREE"]).map(resolve)
        let common = nonEmpty(environment["GIT_COMMON_DIR"]).map(resolve)
        if let gitDir = nonEmpty(environment["GIT_DIR"]).map(resolve) {
            let opened = try common.flatMap { try split(gitDir, common: $0, environment: environment) } ?? gitDir
            let handle = try openHandle(opened, flags: GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, directory: directory,
                                        configFiles: configFiles)
            return try explicitWorkTree(handle, workTree: workTree, gitDirectory: gitDir, current: here,
                                        environment: environment, directory: directory)
        }
        let ceilings = nonEmpty(environment["GIT_CEILING_DIRECTORIES"])
        var handle = try openHandle(here, flags: 0, ceilings: ceilings, directory: directory, configFiles: configFiles)
        let gitDirectory = trimmed(String(cString: git_repository_path(handle)))
        let found = foundAt(from: here, gitDirectory: gitDirectory)
        let ownership = RepositoryOwnership(environment: environment, configFiles: configFiles)
        do {
            if found.isBare {
                try ownership.checkBareAllowed(found.directory)
                try ownership.check(gitFile: nil, workTree: nil, gitDirectory: gitDirectory, shown: found.directory)
            } else {
                try ownership.check(gitFile: found.gitFile, workTree: found.directory, gitDirectory: gitDirectory,
                                    shown: found.directory)
            }
        } catch {
            git_repository_free(handle)
            throw error
        }
        if found.isBare && workTree == nil && coreWorktree(handle) == nil {
            git_repository_free(handle)
            handle = try openHandle(gitDirectory, flags: GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue | GIT_REPOSITORY_OPEN_BARE.rawValue,
                                    directory: directory)
        }
        if let workTree { try setWorkdir(handle, workTree) }
        guard let common else { return handle }
        let opened: String?
        do {
            opened = try split(gitDirectory, common: common, environment: environment)
        } catch {
            git_repository_free(handle)
            throw error
        }
        guard let opened else { return handle }
        let workdir = git_repository_workdir(handle).map { String(cString: $0) }
        git_repository_free(handle)
        return try open(gitDirectory: opened, workdir: workdir)
    }

    /// A handle on `gitDirectory` with `workdir` as its work tree, or none (bare): how a worker
    /// opens the repository another handle found.
    static func open(gitDirectory: String, workdir: String?) throws -> OpaquePointer {
        let bare = workdir == nil ? GIT_REPOSITORY_OPEN_BARE.rawValue : 0
        let handle = try openHandle(gitDirectory, flags: GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue | bare, directory: gitDirectory)
        if let workdir { try setWorkdir(handle, workdir) }
        return handle
    }

    /// git's `setup_explicit_git_dir`: `GIT_WORK_TREE`, else none for a true `core.bare`, else
    /// `core.worktree` (relative to the git directory), else none for a false
    /// `GIT_IMPLICIT_WORK_TREE`, else the current directory.
    private static func explicitWorkTree(_ handle: OpaquePointer, workTree: String?, gitDirectory: String, current: String,
                                         environment: [String: String], directory: String) throws -> OpaquePointer {
        if let workTree {
            try setWorkdir(handle, workTree)
            return handle
        }
        if git_repository_is_bare(handle) == 1 { return handle }
        if let configured = coreWorktree(handle) {
            let path = configured.hasPrefix("/") ? configured
                : URL(fileURLWithPath: gitDirectory).appendingPathComponent(configured).standardizedFileURL.path
            try setWorkdir(handle, path)
            return handle
        }
        let implicit = nonEmpty(environment["GIT_IMPLICIT_WORK_TREE"]).flatMap(GitConfigValue.bool) ?? true
        guard implicit else {
            let gitDirectory = String(cString: git_repository_path(handle))
            git_repository_free(handle)
            return try open(gitDirectory: gitDirectory, workdir: nil)
        }
        try setWorkdir(handle, current)
        return handle
    }

    /// Where git's discovery loop stops going up from `start`: the first directory with a
    /// `.git` entry (a work tree, with the `.git` file when it is one), or the git directory
    /// itself when `start` is inside it (found as a bare repository).
    private static func foundAt(from start: String, gitDirectory: String) -> (directory: String, gitFile: String?, isBare: Bool) {
        var directory = start
        while true {
            let dotGit = (directory == "/" ? "" : directory) + "/.git"
            var status = stat()
            if lstat(dotGit, &status) == 0 {
                return (directory, (status.st_mode & S_IFMT) == S_IFREG ? dotGit : nil, false)
            }
            if directory == gitDirectory { return (directory, nil, true) }
            if directory == "/" { return (start, nil, false) }
            directory = (directory as NSString).deletingLastPathComponent
        }
    }

    /// The private git directory that reads `gitDirectory` with `common` as its common
    /// directory (``SplitGitDirectory``), or `nil` when `common` is the one it names itself.
    private static func split(_ gitDirectory: String, common: String, environment: [String: String]) throws -> String? {
        guard SplitGitDirectory.differs(gitDirectory: gitDirectory, commonDirectory: common) else { return nil }
        let temporary = nonEmpty(environment["TMPDIR"]) ?? "/tmp"
        return try SplitGitDirectory.path(gitDirectory: gitDirectory, commonDirectory: common, temporaryDirectory: temporary)
    }

    /// `core.worktree` as libgit2 read it while opening, if set.
    private static func coreWorktree(_ handle: OpaquePointer) -> String? {
        var config: OpaquePointer?
        guard git_repository_config_snapshot(&config, handle) == 0 else { return nil }
        defer { git_config_free(config) }
        var value: UnsafePointer<CChar>?
        guard git_config_get_string(&value, config, "core.worktree") == 0, let value else { return nil }
        return String(cString: value)
    }

    /// Opens `path`; with `configFiles`, a failure caused by a configuration file is told in
    /// git's words (``LibGit2/checkOpening(_:files:from:)``).
    private static func openHandle(_ path: String, flags: UInt32, ceilings: String? = nil, directory: String,
                                   configFiles: ConfigFiles? = nil) throws -> OpaquePointer {
        var handle: OpaquePointer?
        let code = git_repository_open_ext(&handle, path, flags, ceilings)
        if code == GIT_ENOTFOUND.rawValue { throw AdapterError.notARepository(directory) }
        if let configFiles { try LibGit2.checkOpening(code, files: configFiles, from: path) } else { try LibGit2.check(code) }
        guard let handle else { throw AdapterError.notARepository(directory) }
        return handle
    }

    /// Sets the work tree, only when it changes: libgit2 1.5 leaks the path it is given when
    /// it is the current one.
    private static func setWorkdir(_ handle: OpaquePointer, _ path: String) throws {
        let current = git_repository_workdir(handle).map { trimmed(String(cString: $0)) }
        if current != trimmed(path) {
            try LibGit2.check(git_repository_set_workdir(handle, path, 0))
        }
    }

    private static func trimmed(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    private static func nonEmpty(_ value: String?) -> String? {
        value.flatMap { $0.isEmpty ? nil : $0 }
    }
}
