internal import CLibGit2
import Foundation

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

    /// The error for an index libgit2 cannot read: a sparse index (`index.sparse`, which
    /// libgit2 does not know), else a corrupt one.
    func unreadableIndex() -> AdapterError {
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
