import Foundation
import Glibc
import Locking

/// A git directory read with a `GIT_COMMON_DIR` other than its own, as git 2.39 reads it,
/// made for libgit2 1.5, which reads no `GIT_COMMON_DIR` but does read a linked worktree's
/// `commondir` file. git takes the objects, the configuration, `info/`, `shallow` and the
/// hooks from `GIT_COMMON_DIR`, but its ref store reads refs, `packed-refs` and reflogs
/// from the common directory the git directory names itself (its `commondir` file, else
/// itself: `get_common_dir_noenv`), and the per-worktree files (`HEAD`, `index`, the
/// pseudorefs, `config.worktree`, `logs/HEAD`, `refs/bisect/`…, by git's `common_list`) from
/// the git directory.
///
/// So libgit2 is given two private directories in the temporary directory (never in the
/// repository), made of symbolic links: a git directory holding the git directory's
/// per-worktree entries and a `commondir` file naming the second, a common directory whose
/// `objects`, `config`, `info`… are `GIT_COMMON_DIR`'s and whose `refs`, `packed-refs` and
/// `logs` are the git directory's own common directory's (no refs when it has none: git
/// checks only `GIT_COMMON_DIR` for a `refs` directory). When that is not the git
/// directory itself, libgit2 1.5 reads `refs/worktree/` and `refs/rewritten/` (and their
/// reflogs) from it, unlike git, as it does for every linked worktree.
///
/// One pair is made per git directory and common directory for the process, and removed
/// when the process exits; one a process left when it was killed is removed by the next
/// that makes one.
enum SplitGitDirectory {
    /// The top-level entries git keeps in the common directory (`common_list`); refs and logs
    /// are common except the entries of ``perWorktreeRefs`` and `logs/HEAD`.
    static let common: Set<String> = [
        "branches", "common", "hooks", "info", "logs", "lost-found", "objects", "refs", "remotes", "worktrees",
        "rr-cache", "svn", "config", "gc.pid", "packed-refs", "shallow",
    ]
    /// The common entries git's ref store reads from the git directory's own common directory.
    static let refStore = ["refs", "packed-refs", "logs"]
    /// The per-worktree directories of `refs/` (and of `logs/refs/`) that libgit2 reads from
    /// the git directory.
    static let perWorktreeRefs = ["bisect"]

    private static let prefix = "treereview-gitdir."
    private static let made = Locked<[String: Made]>([:])

    private struct Made {
        var gitDirectory: String
        var commonDirectory: String
        /// The private directory holding both.
        var root: String
        var privateGitDirectory: String { root + "/git" }
        var privateCommonDirectory: String { root + "/common" }
    }

    /// The common directory `gitDirectory` names itself: its `commondir` file's (relative to
    /// it), else itself; real paths.
    static func ownCommonDirectory(of gitDirectory: String) -> String {
        let file = gitDirectory + "/commondir"
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return realPath(gitDirectory) }
        var named = text
        while named.hasSuffix("\n") || named.hasSuffix("\r") { named.removeLast() }
        return realPath(named.hasPrefix("/") ? named : gitDirectory + "/" + named)
    }

    /// Whether `commonDirectory` is another directory than the one `gitDirectory` names itself.
    static func differs(gitDirectory: String, commonDirectory: String) -> Bool {
        realPath(commonDirectory) != ownCommonDirectory(of: gitDirectory)
    }

    /// The private git directory for `gitDirectory` with `commonDirectory` (both absolute),
    /// made in `temporaryDirectory` the first time it is asked for.
    static func path(gitDirectory: String, commonDirectory: String, temporaryDirectory: String) throws -> String {
        let git = realPath(gitDirectory), common = realPath(commonDirectory)
        return try made.withLock { made in
            let key = git + "\0" + common
            if let found = made[key] { return found.privateGitDirectory }
            if made.isEmpty {
                removeAbandoned(in: temporaryDirectory)
                atexit { SplitGitDirectory.removeAll() }
            }
            let pair = try make(gitDirectory: git, commonDirectory: common, in: temporaryDirectory)
            made[key] = pair
            return pair.privateGitDirectory
        }
    }

    /// The git directory (ending in `/`) a private git directory at `path` (as libgit2 names
    /// it) stands for, if it is one.
    static func gitDirectory(standingAt path: String) -> String? {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return made.withLock { made in
            made.values.first { $0.privateGitDirectory == trimmed }.map { $0.gitDirectory + "/" }
        }
    }

    /// The `GIT_COMMON_DIR` (ending in `/`) a private common directory at `path` (as libgit2
    /// names it) stands for, if it is one.
    static func commonDirectory(standingAt path: String) -> String? {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return made.withLock { made in
            made.values.first { $0.privateCommonDirectory == trimmed }.map { $0.commonDirectory + "/" }
        }
    }

    private static func make(gitDirectory: String, commonDirectory: String, in temporaryDirectory: String) throws -> Made {
        var template = Array((temporaryDirectory + "/" + prefix + "\(getpid()).XXXXXX").utf8CString)
        guard let root = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!).map { String(cString: $0) } }) else {
            throw AdapterError.repository("cannot make a private git directory for GIT_COMMON_DIR in '\(temporaryDirectory)': "
                + String(cString: strerror(errno)))
        }
        let pair = Made(gitDirectory: gitDirectory, commonDirectory: commonDirectory, root: root)
        do {
            try link(pair)
        } catch {
            remove(root)
            throw AdapterError.repository("cannot make a private git directory for GIT_COMMON_DIR in '\(root)': \(error)")
        }
        return pair
    }

    private static func link(_ pair: Made) throws {
        let manager = FileManager.default
        let git = pair.privateGitDirectory, common = pair.privateCommonDirectory, source = pair.gitDirectory
        func symlink(_ path: String, to target: String) throws {
            try manager.createSymbolicLink(atPath: path, withDestinationPath: target)
        }
        try manager.createDirectory(atPath: git + "/refs", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: git + "/logs/refs", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: common, withIntermediateDirectories: false)
        try (common + "\n").write(toFile: git + "/commondir", atomically: false, encoding: .utf8)
        for name in try manager.contentsOfDirectory(atPath: source)
        where !Self.common.contains(name) && name != "commondir" && name != "gitdir" {
            try symlink(git + "/" + name, to: source + "/" + name)
        }
        try symlink(git + "/logs/HEAD", to: source + "/logs/HEAD")
        for name in perWorktreeRefs {
            try symlink(git + "/refs/" + name, to: source + "/refs/" + name)
            try symlink(git + "/logs/refs/" + name, to: source + "/logs/refs/" + name)
        }
        let own = ownCommonDirectory(of: source)
        for name in Self.common.sorted() {
            if name == "refs" && !manager.fileExists(atPath: own + "/refs") {
                try manager.createDirectory(atPath: common + "/refs", withIntermediateDirectories: false)
                continue
            }
            try symlink(common + "/" + name, to: (refStore.contains(name) ? own : pair.commonDirectory) + "/" + name)
        }
    }

    /// Removes every private directory this process made.
    private static func removeAll() {
        let paths = made.withLock { made in made.values.map(\.root) }
        for path in paths { remove(path) }
    }

    /// Removes `path` and, when it is a directory, what it holds, never following a symbolic
    /// link (each is removed as a link: what it points to, the repository, stays).
    private static func remove(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        if status.st_mode & S_IFMT == S_IFDIR {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] { remove(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// Removes the private directories in `directory` whose process is gone.
    private static func removeAbandoned(in directory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            let fields = name.dropFirst(prefix.count).split(separator: ".")
            guard fields.count == 2, let pid = pid_t(fields[0]), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else {
                continue
            }
            var status = stat()
            let path = directory + "/" + name
            guard lstat(path, &status) == 0, status.st_uid == geteuid(), status.st_mode & S_IFMT == S_IFDIR else { continue }
            remove(path)
        }
    }

    private static func realPath(_ path: String) -> String {
        guard let resolved = Glibc.realpath(path, nil) else {
            return URL(fileURLWithPath: path).standardizedFileURL.path
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
