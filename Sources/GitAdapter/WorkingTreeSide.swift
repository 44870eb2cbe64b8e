import Foundation
import TreeModel
internal import CLibGit2

/// A working-tree path as git's diff sees it when it compares the file itself with a tree
/// (a conflicted or intent-to-add path): missing, a file, a symlink or a submodule.
struct WorkingTreeSide {
    /// The working tree's path, ending in `/`.
    let workdir: String
    /// `core.fileMode`: whether the executable bit counts.
    let trustsExecutableBit: Bool

    /// The side for `path`, whose index entry has `indexMode`; `nil` when git finds no file
    /// there: nothing, a path below a symlink, or a directory that is not a submodule.
    /// A file's id is left to compute (zero); a submodule's is its checked-out commit.
    func side(_ path: [UInt8], indexMode: UInt32?) -> FileSide? {
        let full = Array(workdir.utf8) + path
        guard let mode = Self.lstatMode(full), !hasSymlinkLeadingPath(path) else { return nil }
        switch mode & S_IFMT {
        case S_IFLNK:
            return FileSide(path: path, mode: 0o120000, id: .zero, inWorkingTree: true)
        case S_IFREG:
            let fileMode: UInt32
            if trustsExecutableBit {
                fileMode = mode & 0o100 != 0 ? 0o100755 : 0o100644
            } else {
                fileMode = indexMode.map { $0 & 0o170000 == 0o100000 ? $0 : 0o100644 } ?? 0o100644
            }
            return FileSide(path: path, mode: fileMode, id: .zero, inWorkingTree: true)
        case S_IFDIR:
            let head = Self.checkedOutCommit(full)
            guard head != nil || indexMode.map({ $0 & 0o170000 == 0o160000 }) == true else { return nil }
            return FileSide(path: path, mode: 0o160000, id: head ?? .zero, inWorkingTree: true)
        default:
            return nil
        }
    }

    /// Whether a directory on the way to `path` is a symlink (git then sees no file).
    private func hasSymlinkLeadingPath(_ path: [UInt8]) -> Bool {
        var prefix = Array(workdir.utf8)
        let pieces = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropLast()
        for piece in pieces {
            prefix += piece
            if let mode = Self.lstatMode(prefix), mode & S_IFMT == S_IFLNK { return true }
            prefix.append(UInt8(ascii: "/"))
        }
        return false
    }

    private static func lstatMode(_ path: [UInt8]) -> UInt32? {
        var status = stat()
        guard path.withCString({ lstat($0, &status) }) == 0 else { return nil }
        return UInt32(status.st_mode)
    }

    /// The commit checked out in the repository at `directory`, if it is one.
    private static func checkedOutCommit(_ directory: [UInt8]) -> ObjectID? {
        var repository: OpaquePointer?
        let opened = directory.withCString {
            git_repository_open_ext(&repository, $0, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil)
        }
        guard opened == 0, let repository else { return nil }
        defer { git_repository_free(repository) }
        var oid = git_oid()
        guard git_reference_name_to_id(&oid, repository, "HEAD") == 0 else { return nil }
        return ObjectID(oid)
    }
}

/// Reads working-tree files by their exact path bytes; a file that cannot be read is an error
/// in git's words, naming the path as it appears in the repository.
enum WorkingTreeFile {
    /// The content of the file at `path` (absolute, bytes).
    static func content(of path: [UInt8], shownAs shown: [UInt8]) throws -> [UInt8] {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw unreadable(shown) }
        defer { close(descriptor) }
        guard let bytes = readAll(descriptor) else { throw unreadable(shown) }
        return bytes
    }

    /// Everything left to read from `descriptor`, or `nil` when a read fails.
    static func readAll(_ descriptor: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// The target of the symbolic link at `path`.
    static func target(of path: [UInt8], shownAs shown: [UInt8]) throws -> [UInt8] {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = path.withCString { readlink($0, &buffer, buffer.count) }
        guard length >= 0 else { throw unreadable(shown) }
        return buffer[..<length].map { UInt8(bitPattern: $0) }
    }

    /// The error for the current `errno`.
    private static func unreadable(_ shown: [UInt8]) -> AdapterError {
        .unreadableFile(path: String(decoding: shown, as: UTF8.self), reason: String(cString: strerror(errno)))
    }
}

extension Array where Element == UInt8 {
    /// Runs `body` with the bytes as a NUL-terminated C string.
    func withCString<T>(_ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        var terminated = self
        terminated.append(0)
        return try terminated.withUnsafeBufferPointer { buffer in
            try buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count, body)
        }
    }
}

extension Repository {
    /// For `--staged`: marks the changes whose working-tree file differs from the index the
    /// comparison reads (the paths `git diff --name-only` lists, with the same index: in a
    /// hook, the one git prepared), and returns how many untracked files the commit leaves out
    /// (`git ls-files --others --exclude-standard`; `nil` when untracked files are not listed).
    /// Both are limited by `pathspec`, as the comparison is.
    func markPartiallyStaged(_ changes: inout [FileChange], request: ComparisonRequest, resolved: ResolvedComparison,
                             config: RepositoryConfig, pathspec: Pathspec?) throws -> Int? {
        let submodules = try submoduleIgnores(config: config)
        var builder = DiffOptionsBuilder(request: request, includeUnmodified: false)
        builder.submoduleIgnore = submodules.libgit2Level
        builder.directories = pathspec?.enclosingDirectories ?? []
        let exceptions = try indexExceptions(for: resolved, config: config)
        var diff: OpaquePointer?
        let code = builder.withDiffOptions(workingTree: true) { options in
            git_diff_index_to_workdir(&diff, handle, nil, &options)
        }
        guard code == 0, let diff else { throw diffError(code) }
        var entries = submodules.filter(DiffEntries.read(DiffHandle(diff), workingTree: true), repository: self)
        if let pathspec {
            entries = try PathspecFilter(pathspec: pathspec, repository: self).keep(entries)
        }
        entries = try droppingStatOnlyChanges(entries, includeUnmodified: false, config: config)
        var unstaged = Set<[UInt8]>()
        var untracked = 0
        for entry in entries {
            let path = entry.path
            if entry.kind == .untracked {
                untracked += 1
            } else if !exceptions.indexStandsForFile.contains(path) && exceptions.conflicted[path] == nil {
                unstaged.insert(path)
            }
        }
        if !unstaged.isEmpty {
            for index in changes.indices where changes[index].status != .unmerged && unstaged.contains(changes[index].path.bytes) {
                changes[index].partiallyStaged = true
            }
        }
        return request.includeUntracked ? untracked : nil
    }
}
