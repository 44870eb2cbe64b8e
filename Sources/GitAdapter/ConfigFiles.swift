import Foundation
import GitRules
import Locking
internal import CLibGit2

/// Where git 2.39 reads configuration from, decided from the environment given (never the
/// process's own), in git's order:
/// - system: `GIT_CONFIG_SYSTEM`, else `/etc/gitconfig`; none when `GIT_CONFIG_NOSYSTEM` is true;
/// - global: `GIT_CONFIG_GLOBAL` alone when set (`/dev/null` reads nothing), else
///   `$XDG_CONFIG_HOME/git/config` (or `$HOME/.config/git/config`) and then `$HOME/.gitconfig`;
/// - the repository's own `config`;
/// - with `extensions.worktreeConfig` on, the worktree's `config.worktree` (where
///   `git sparse-checkout` keeps its settings), above all the files;
/// - the environment's settings (`git -c`, `GIT_CONFIG_COUNT`), above everything.
///
/// The repository's configuration is built from exactly these files. libgit2 still finds a
/// few files by itself (the XDG and system attribute files, the XDG ignore file, `~/` in
/// paths, the ownership check while opening): its search paths are set to the same places.
struct ConfigFiles: Sendable, Equatable {
    /// The system file, or `nil` when not read.
    var system: String?
    /// The XDG file, or `nil`.
    var xdg: String?
    /// The user's file (`~/.gitconfig` or `GIT_CONFIG_GLOBAL`), or `nil`.
    var global: String?
    /// `$XDG_CONFIG_HOME/git` (or `$HOME/.config/git`): where the user's attributes and ignore
    /// files are, even when `GIT_CONFIG_GLOBAL` is set.
    var xdgGitDirectory: String?
    /// `$HOME`, for `~/` in paths.
    var home: String?
    /// Whether `/etc/gitattributes` is read (unless `GIT_ATTR_NOSYSTEM` is true).
    var readsSystemAttributes: Bool
    /// The settings of `GIT_CONFIG_COUNT`/`GIT_CONFIG_KEY_<n>`/`GIT_CONFIG_VALUE_<n>` and
    /// `GIT_CONFIG_PARAMETERS` (`git -c`), above every file.
    var parameters: [GitConfigParameters.Entry]

    /// One of libgit2's search paths.
    struct SearchPath: Sendable, Equatable {
        var level: Int32
        var directories: String
    }

    init(environment: [String: String]) throws {
        let noSystem = try environment["GIT_CONFIG_NOSYSTEM"].map { text in
            guard let value = GitConfigValue.bool(text) else {
                throw AdapterError.badConfigValue(key: "GIT_CONFIG_NOSYSTEM", value: text, problem: .notABoolean)
            }
            return value
        } ?? false
        system = noSystem ? nil : environment["GIT_CONFIG_SYSTEM"] ?? "/etc/gitconfig"
        home = environment["HOME"]
        xdgGitDirectory = (environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home.map { $0 + "/.config" })
            .map { $0 + "/git" }
        if let globalFile = environment["GIT_CONFIG_GLOBAL"] {
            global = globalFile
            xdg = nil
        } else {
            global = home.map { $0 + "/.gitconfig" }
            xdg = xdgGitDirectory.map { $0 + "/config" }
        }
        readsSystemAttributes = !(environment["GIT_ATTR_NOSYSTEM"].flatMap(GitConfigValue.bool) ?? false)
        do {
            parameters = try GitConfigParameters.entries(environment: environment)
        } catch {
            throw AdapterError.repository(error.message)
        }
    }

    /// libgit2's search paths, by configuration level (`""`: search nowhere).
    var searchPaths: [SearchPath] {
        [
            SearchPath(level: Int32(GIT_CONFIG_LEVEL_SYSTEM.rawValue), directories: readsSystemAttributes ? "/etc" : ""),
            SearchPath(level: Int32(GIT_CONFIG_LEVEL_XDG.rawValue), directories: xdgGitDirectory ?? ""),
            SearchPath(level: Int32(GIT_CONFIG_LEVEL_GLOBAL.rawValue), directories: home ?? ""),
            SearchPath(level: Int32(GIT_CONFIG_LEVEL_PROGRAMDATA.rawValue), directories: ""),
        ]
    }

    /// Points libgit2's process-wide search paths here. They are changed only when they differ
    /// from the last ones set, so the threads of one run never see them change under them.
    func applySearchPaths() throws {
        let searchPaths = searchPaths
        try Self.applied.withLock { current in
            guard current != searchPaths else { return }
            for path in searchPaths {
                try LibGit2.check(treereview_git_set_search_path(path.level, path.directories))
            }
            current = searchPaths
        }
    }

    private static let applied = Locked<[SearchPath]>([])

    /// The configuration of the repository `handle` from these files, its own and the
    /// environment's settings (``parameters``, above all files), which replaces the one libgit2
    /// assembled by itself. Each file, and each file it includes (``ConfigIncludes``), is read
    /// as git reads it first, so a line git refuses, or a value `git diff` refuses
    /// (``ConfigValueCheck``), stops with git's words.
    func install(in handle: OpaquePointer) throws {
        var config: OpaquePointer?
        try LibGit2.check(git_config_new(&config))
        defer { git_config_free(config) }
        var local = git_buf()
        defer { git_buf_dispose(&local) }
        try LibGit2.check(git_repository_item_path(&local, handle, GIT_REPOSITORY_ITEM_CONFIG))
        let common = SplitGitDirectory.commonDirectory(standingAt: String(cString: git_repository_commondir(handle)))
        var files: [(String?, git_config_level_t)] = [
            (system, GIT_CONFIG_LEVEL_SYSTEM), (xdg, GIT_CONFIG_LEVEL_XDG), (global, GIT_CONFIG_LEVEL_GLOBAL),
            (common.map { $0 + "config" } ?? local.ptr.map { String(cString: $0) }, GIT_CONFIG_LEVEL_LOCAL),
        ]
        let workdir = git_repository_workdir(handle).map { String(cString: $0) }
        let includes = ConfigIncludes(gitDirectory: String(cString: git_repository_path(handle)), home: home) { path in
            workdir.flatMap { path.hasPrefix($0) ? String(path.dropFirst($0.count)) : nil } ?? path
        }
        var entries: [(GitConfigSyntax.Entry, ConfigValueCheck.Origin)] = []
        func read(_ path: String) throws {
            entries += try includes.entries(of: path)
        }
        for case let (path?, _) in files where access(path, R_OK) == 0 { try read(path) }
        if entries.last(where: { $0.0.name == "extensions.worktreeconfig" }).map({ GitConfigValue.bool($0.0.value) == true }) ?? false {
            let opened = String(cString: git_repository_path(handle))
            let path = (SplitGitDirectory.gitDirectory(standingAt: opened) ?? opened) + "config.worktree"
            if access(path, R_OK) == 0 {
                try read(path)
                files.append((path, GIT_CONFIG_LEVEL_APP))
            }
        }
        for (entry, origin) in entries { try ConfigValueCheck.check(name: entry.name, value: entry.value, at: origin) }
        for entry in parameters {
            try ConfigValueCheck.check(name: entry.name, value: entry.value, at: .init(file: nil, line: 0))
        }
        for case let (path?, level) in files where access(path, R_OK) == 0 {
            let code = git_config_add_file_ondisk(config, path, level, handle, 0)
            if code != GIT_ENOTFOUND.rawValue { try LibGit2.check(code) }
        }
        if !parameters.isEmpty {
            let path = try ConfigFileText.memoryFile(for: parameters)
            try LibGit2.check(git_config_add_file_ondisk(config, path, ConfigFileText.parametersLevel, handle, 0))
        }
        try LibGit2.check(git_repository_set_config(handle, config))
    }
}

/// Every entry of a libgit2 configuration, read with the plain iterator. (libgit2 1.5's glob
/// iterator leaks a regex match block for every entry it passes over, so callers filter
/// names themselves.)
enum ConfigEntries {
    /// Calls `body` with each entry's name, as libgit2 gives it, and its value (`nil` for a key
    /// set without one), in the order git reads them.
    static func forEach(in config: OpaquePointer, _ body: (_ name: String, _ value: String?) -> Void) throws {
        var iterator: OpaquePointer?
        try LibGit2.check(git_config_iterator_new(&iterator, config))
        defer { git_config_iterator_free(iterator) }
        var entry: UnsafeMutablePointer<git_config_entry>?
        while git_config_next(&entry, iterator) == 0, let current = entry?.pointee {
            body(String(cString: current.name), current.value.map { String(cString: $0) })
        }
    }
}

/// A look for the files git's discovery looks for, before libgit2 is initialized (which
/// costs about 5 ms, most of it parsing the system's CA bundle): a `.git` entry, or a
/// `HEAD` file of a bare repository, in a directory or any directory above it. When there is
/// none, no repository can be found from there, and a run that does not need one (`--stdin`)
/// never initializes libgit2. Ceilings and file system boundaries, which only stop git's
/// search sooner, are not looked at: a marker found means "maybe", and libgit2 decides.
enum RepositoryMarkers {
    /// Whether a repository may be found from the absolute path `directory`.
    static func mayBeFound(from directory: String) -> Bool {
        guard directory.hasPrefix("/") else { return true }
        var path = directory
        while true {
            let base = path.hasSuffix("/") ? path : path + "/"
            if exists(base + ".git") || exists(base + "HEAD") { return true }
            if path == "/" { return false }
            path = (path as NSString).deletingLastPathComponent
            if path.isEmpty { path = "/" }
        }
    }

    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }
}
