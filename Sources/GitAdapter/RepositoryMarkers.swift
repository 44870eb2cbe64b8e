import Foundation

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
