internal import CLibGit2
import Foundation

/// An open repository: the only owner of a `git_repository` handle.
///
/// Not thread-safe: confine an instance to one thread; a worker opens its own.
public final class Repository {
    let handle: OpaquePointer
    /// The path it was opened from, for messages.
    public let displayPath: String

    /// The environment it was opened with (`GIT_BASENAME_FACTOR` and the like are read from it).
    let environment: [String: String]
    /// The index file given by `GIT_INDEX_FILE`, resolved, if any.
    private(set) var indexFile: String?

    init(handle: OpaquePointer, displayPath: String, environment: [String: String] = [:]) {
        self.handle = handle
        self.displayPath = displayPath
        self.environment = environment
    }

    /// How a worker thread opens its own handle on this repository.
    var location: RepositoryLocation {
        RepositoryLocation(gitDirectory: gitDirectory, workdir: workdir, indexFile: indexFile)
    }

    deinit {
        git_repository_free(handle)
    }

    /// Whether the repository has no working tree.
    public var isBare: Bool { git_repository_is_bare(handle) == 1 }

    /// Whether HEAD points at a branch with no commits yet.
    public var isHeadUnborn: Bool { git_repository_head_unborn(handle) == 1 }

    /// The working tree's path, if any.
    public var workdir: String? {
        git_repository_workdir(handle).map { String(cString: $0) }
    }

    /// The git directory's path.
    public var gitDirectory: String { String(cString: git_repository_path(handle)) }

    /// Opens the repository that contains `directory`, the way git does from there,
    /// honoring `GIT_DIR`, `GIT_WORK_TREE`, `GIT_INDEX_FILE` and `GIT_CEILING_DIRECTORIES`
    /// of `environment` (so a git hook sees the index git prepared for it).
    public static func open(at directory: String, environment: [String: String]) throws -> Repository {
        LibGit2.ensureInitialized()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw AdapterError.missingDirectory(directory)
        }
        let base = URL(fileURLWithPath: directory)
        func resolve(_ path: String) -> String {
            path.hasPrefix("/") ? path : base.appendingPathComponent(path).standardizedFileURL.path
        }
        var handle: OpaquePointer?
        let code: Int32
        if let gitDir = environment["GIT_DIR"], !gitDir.isEmpty {
            code = git_repository_open_ext(&handle, resolve(gitDir), GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil)
        } else {
            let ceilings = environment["GIT_CEILING_DIRECTORIES"].flatMap { $0.isEmpty ? nil : $0 }
            code = git_repository_open_ext(&handle, resolve("."), 0, ceilings)
        }
        if code == GIT_ENOTFOUND.rawValue {
            throw AdapterError.notARepository(directory)
        }
        try LibGit2.check(code, "git_repository_open_ext")
        guard let handle else { throw AdapterError.notARepository(directory) }
        let repository = Repository(handle: handle, displayPath: directory, environment: environment)
        if let workTree = environment["GIT_WORK_TREE"], !workTree.isEmpty {
            func trimmed(_ path: String) -> Substring { path.hasSuffix("/") ? path.dropLast() : path[...] }
            let current = git_repository_workdir(handle).map { trimmed(String(cString: $0)) }
            // Only a change: libgit2 1.5 leaks the path it is given when it is the current one.
            if current != trimmed(resolve(workTree)) {
                try LibGit2.check(git_repository_set_workdir(handle, resolve(workTree), 0), "git_repository_set_workdir")
            }
        }
        if let indexFile = environment["GIT_INDEX_FILE"], !indexFile.isEmpty {
            var index: OpaquePointer?
            try LibGit2.check(git_index_open(&index, resolve(indexFile)), "git_index_open")
            defer { git_index_free(index) }
            try LibGit2.check(git_repository_set_index(handle, index), "git_repository_set_index")
            repository.indexFile = resolve(indexFile)
        }
        return repository
    }
}
