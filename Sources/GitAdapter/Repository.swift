import Foundation
import TreeModel
internal import CLibGit2

/// An open repository: the only owner of a `git_repository` handle.
///
/// Not thread-safe: confine an instance to one thread; a worker opens its own.
public final class Repository {
    let handle: OpaquePointer
    /// The path it was opened from, for messages.
    let displayPath: String

    /// The environment it was opened with; the adapter reads no other (`GIT_BASENAME_FACTOR`,
    /// `TREEREVIEW_WORKERS`, the configuration files' locations all come from here).
    let environment: [String: String]
    /// Where configuration and the user's attribute files are, from ``environment``.
    let configFiles: ConfigFiles
    /// How many threads a parallel step may use: `TREEREVIEW_WORKERS`, else the active cores.
    let workers: Int
    /// The index file given by `GIT_INDEX_FILE`, resolved, if any.
    private(set) var indexFile: String?
    /// Whether libgit2 refused ``indexFile``, which ``loadIndex()`` reads then.
    private var indexFileRefused = false

    private init(handle: OpaquePointer, displayPath: String, environment: [String: String], configFiles: ConfigFiles) {
        self.handle = handle
        self.displayPath = displayPath
        self.environment = environment
        self.configFiles = configFiles
        workers = environment["TREEREVIEW_WORKERS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
            ?? max(1, ProcessInfo.processInfo.activeProcessorCount)
    }

    /// How a worker thread opens its own handle on this repository.
    var location: RepositoryLocation {
        RepositoryLocation(gitDirectory: String(cString: git_repository_path(handle)), workdir: workdir, indexFile: indexFile,
                           objectDirectories: objectDirectories, environment: environment, workers: workers)
    }

    deinit {
        git_repository_free(handle)
    }

    /// Whether the repository has no working tree.
    var isBare: Bool { git_repository_is_bare(handle) == 1 }

    /// Whether HEAD points at a branch with no commits yet.
    var isHeadUnborn: Bool { git_repository_head_unborn(handle) == 1 }

    /// The working tree's path, if any.
    public var workdir: String? {
        git_repository_workdir(handle).map { String(cString: $0) }
    }

    /// The git directory's path, ending in `/` (the one given, when libgit2 reads it through
    /// a ``SplitGitDirectory``).
    public var gitDirectory: String {
        let path = String(cString: git_repository_path(handle))
        return SplitGitDirectory.gitDirectory(standingAt: path) ?? path
    }

    /// The git directory all worktrees share (the git directory itself, outside a linked
    /// worktree; `GIT_COMMON_DIR` when given), ending in `/`.
    public var commonGitDirectory: String {
        let path = String(cString: git_repository_commondir(handle))
        return SplitGitDirectory.commonDirectory(standingAt: path) ?? path
    }

    /// The object directory (shared by all worktrees, or `GIT_OBJECT_DIRECTORY`), ending in `/`.
    var objectsDirectory: String { objectDirectories.primary ?? commonGitDirectory + "objects/" }

    /// The object directories the environment names (`GIT_OBJECT_DIRECTORY`, alternates).
    private(set) var objectDirectories = ObjectDirectories(environment: [:], currentDirectory: "/")

    /// The index file's path.
    var indexPath: String { indexFile ?? gitDirectory + "index" }

    /// Opens the repository that contains `directory`, the way git does from there
    /// (``RepositoryDiscovery``), honoring `GIT_DIR`, `GIT_WORK_TREE`, `GIT_INDEX_FILE`,
    /// `GIT_OBJECT_DIRECTORY`, `GIT_ALTERNATE_OBJECT_DIRECTORIES` and `GIT_CEILING_DIRECTORIES`
    /// of `environment` (so a git hook sees the index git prepared for it), and reading
    /// configuration from where git would with that environment (see ``ConfigFiles``).
    public static func open(at directory: String, environment: [String: String]) throws -> Repository {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw AdapterError.missingDirectory(directory)
        }
        let configFiles = try ConfigFiles(environment: environment)
        let gitDirectoryGiven = !(environment["GIT_DIR"] ?? "").isEmpty
        if !gitDirectoryGiven && !RepositoryMarkers.mayBeFound(from: URL(fileURLWithPath: directory).standardizedFileURL.path) {
            throw AdapterError.notARepository(directory)
        }
        LibGit2.ensureInitialized()
        try configFiles.applySearchPaths()
        let handle = try RepositoryDiscovery.open(at: directory, environment: environment, configFiles: configFiles)
        let repository = Repository(handle: handle, displayPath: directory, environment: environment,
                                    configFiles: configFiles)
        try configFiles.install(in: handle)
        // git reads a relative GIT_INDEX_FILE from the top of the work tree, where it moves to.
        let base = URL(fileURLWithPath: repository.isInsideWorkTree(directory) ? repository.workdir ?? directory : directory)
        func resolve(_ path: String) -> String {
            path.hasPrefix("/") ? path : base.appendingPathComponent(path).standardizedFileURL.path
        }
        repository.objectDirectories = ObjectDirectories(environment: environment, currentDirectory: directory)
        try repository.objectDirectories.install(in: handle)
        if let indexFile = environment["GIT_INDEX_FILE"], !indexFile.isEmpty {
            try repository.useIndexFile(resolve(indexFile))
        }
        try LooseObjectGuard.install(on: repository)
        try PackedObjectBackend.install(on: repository)
        return repository
    }

    /// Reads the index from `path` rather than the git directory's (`GIT_INDEX_FILE`). An
    /// index libgit2 refuses (a sparse one) is read by ``loadIndex()`` as the repository's own
    /// would be (``ReadableIndex``); until then the handle holds an empty index.
    private func useIndexFile(_ path: String) throws {
        indexFile = path
        var index: OpaquePointer?
        guard git_index_open(&index, path) == 0 else {
            try detachIndex()
            indexFileRefused = true
            return
        }
        defer { git_index_free(index) }
        try LibGit2.check(git_repository_set_index(handle, index))
    }

    /// Reads the index, so that an unreadable one stops the comparison with git's words.
    func loadIndex() throws {
        if indexFileRefused {
            guard try installReadableIndex() else { throw unreadableIndex() }
            indexFileRefused = false
            return
        }
        var index: OpaquePointer?
        let code = git_repository_index(&index, handle)
        guard code == 0 else {
            let failure = LibGit2.failure(code)
            if failure.errorClass == Int32(GIT_ERROR_INDEX.rawValue) {
                if try installReadableIndex() { return }
                throw unreadableIndex()
            }
            throw AdapterError.repository(failure.message)
        }
        git_index_free(index)
    }
}

/// How to open another handle on the same repository, for a worker thread: the same git
/// directory, working tree, index and environment.
struct RepositoryLocation: Sendable {
    var gitDirectory: String
    var workdir: String?
    var indexFile: String?
    var objectDirectories: ObjectDirectories
    var environment: [String: String]
    /// How many threads a parallel step may use.
    var workers: Int

    func open() throws -> Repository {
        try Repository.open(self)
    }
}

extension Repository {
    /// Opens another handle on the repository `location` describes.
    static func open(_ location: RepositoryLocation) throws -> Repository {
        let configFiles = try ConfigFiles(environment: location.environment)
        LibGit2.ensureInitialized()
        try configFiles.applySearchPaths()
        let handle = try RepositoryDiscovery.open(gitDirectory: location.gitDirectory, workdir: location.workdir)
        let repository = Repository(handle: handle, displayPath: location.gitDirectory, environment: location.environment,
                                    configFiles: configFiles)
        try configFiles.install(in: handle)
        repository.objectDirectories = location.objectDirectories
        try location.objectDirectories.install(in: handle)
        if let path = location.indexFile { try repository.useIndexFile(path) }
        try LooseObjectGuard.install(on: repository)
        try PackedObjectBackend.install(on: repository)
        return repository
    }
}

extension Repository {
    /// The error for a libgit2 diff that failed with `code`, in git's words where the cause
    /// is known: an unreadable index, an unreadable working-tree file, a missing object.
    func diffError(_ code: Int32) -> AdapterError {
        let failure = LibGit2.failure(code)
        if failure.errorClass == Int32(GIT_ERROR_INDEX.rawValue) {
            return unreadableIndex()
        }
        if failure.errorClass == Int32(GIT_ERROR_OS.rawValue), let file = Self.quoted(in: failure.message),
           let workdir, file.hasPrefix(workdir) {
            let reason = failure.message.split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespaces) }
            return .unreadableFile(path: String(file.dropFirst(workdir.count)), reason: reason ?? failure.message)
        }
        if code == GIT_ENOTFOUND.rawValue, failure.isObjectDatabase, let id = Self.objectID(in: failure.message) {
            return .missingObject(id: id, isTree: false, path: nil)
        }
        return .repository(failure.message)
    }

    /// The error for an index libgit2 cannot read, in git's words: a header git refuses
    /// (``IndexProblem``), else a sparse index (`index.sparse`) that could not be expanded,
    /// else a corrupt one.
    func unreadableIndex() -> AdapterError {
        let problem = IndexProblem.of(indexFile: indexPath)
        guard problem == .corrupt else { return .corruptIndex(path: indexPath, problem: problem) }
        var snapshot: OpaquePointer?
        guard git_repository_config_snapshot(&snapshot, handle) == 0 else { return .corruptIndex(path: indexPath) }
        defer { git_config_free(snapshot) }
        var sparse: Int32 = 0
        if git_config_get_bool(&sparse, snapshot, "index.sparse") == 0, sparse != 0 {
            return .sparseIndex(path: indexPath)
        }
        return .corruptIndex(path: indexPath)
    }

    /// The first text between single quotes in `message`.
    private static func quoted(in message: String) -> String? {
        let pieces = message.split(separator: "'", omittingEmptySubsequences: false)
        return pieces.count >= 3 ? String(pieces[1]) : nil
    }

    /// The first run of forty hex digits in `message`.
    private static func objectID(in message: String) -> String? {
        var run: [Character] = []
        for character in message {
            if character.isHexDigit && character.isASCII {
                run.append(character)
                if run.count == 40 { return String(run) }
            } else {
                run = []
            }
        }
        return nil
    }
}

extension Repository {
    /// `error`, reworded where the repository explains it: an object missing from a partial
    /// clone was never fetched (git would fetch it), which is not damage.
    func explained(_ error: AdapterError, config: RepositoryConfig) -> AdapterError {
        guard case .missingObject(let id, let isTree, let path) = error, let remote = config.partialCloneRemote else {
            return error
        }
        return .missingFromPartialClone(id: id, isTree: isTree, path: path, remote: remote)
    }
}

extension Repository {
    /// The new side's object id of each change `wanted` names, from `sides` (the new side of
    /// each change, in the same order): the id the comparison holds, else a working-tree
    /// file's id computed as `git hash-object` would, on every worker.
    func newObjectIDs(of changes: [FileChange], sides: [FileSide?], wanted: NewObjectRequest) throws -> [ObjectHash?] {
        var ids = [ObjectHash?](repeating: nil, count: changes.count)
        var missing: [Int] = []
        for (index, change) in changes.enumerated() where wanted.includes(change.path) {
            guard let side = sides[index] else { continue }
            if !side.id.isZero {
                ids[index] = side.id.hash
            } else if side.inWorkingTree && !side.isSubmodule {
                missing.append(index)
            }
        }
        if missing.isEmpty { return ids }
        let location = location
        let computed = try Parallel.map(count: missing.count, workers: workers, context: { try BlobReader(location) }) { reader, k in
            try reader.workingTreeID(of: sides[missing[k]]!)
        }
        for (k, index) in missing.enumerated() { ids[index] = computed[k].hash }
        return ids
    }

    /// Sorts `changes` by path in byte order, and `newObjects` (when not empty) with them.
    static func sortByPath(_ changes: inout [FileChange], with newObjects: inout [ObjectHash?]) {
        var none: [ObjectHash?] = []
        sortByPath(&changes, with: &newObjects, &none)
    }

    /// Sorts `changes` by path in byte order, and `newObjects` and `oldObjects` (each when not
    /// empty) with them.
    static func sortByPath(_ changes: inout [FileChange], with newObjects: inout [ObjectHash?], _ oldObjects: inout [ObjectHash?]) {
        guard !newObjects.isEmpty || !oldObjects.isEmpty else {
            changes.sort { $0.path < $1.path }
            return
        }
        let order = changes.indices.sorted { changes[$0].path < changes[$1].path }
        changes = order.map { changes[$0] }
        if !newObjects.isEmpty { newObjects = order.map { newObjects[$0] } }
        if !oldObjects.isEmpty { oldObjects = order.map { oldObjects[$0] } }
    }
}
