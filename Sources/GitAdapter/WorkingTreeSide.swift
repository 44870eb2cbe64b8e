internal import CLibGit2
import Foundation

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
