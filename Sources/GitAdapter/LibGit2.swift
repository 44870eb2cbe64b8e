internal import CLibGit2
import Foundation

/// libgit2 initialization and error capture.
enum LibGit2 {
    private static let initialized: Bool = {
        git_libgit2_init()
        // Reading must not cost more than git's: git does not re-hash objects it reads.
        _ = treereview_git_set_strict_hash_verification(0)
        return true
    }()

    /// Initializes libgit2 once per process.
    static func ensureInitialized() {
        _ = initialized
    }

    /// What libgit2 recorded for a failed call on this thread.
    struct Failure {
        /// The call's return code (`GIT_ENOTFOUND`, ...).
        var code: Int32
        /// The error class (`GIT_ERROR_ODB`, ...), 0 when none was recorded.
        var errorClass: Int32
        /// libgit2's message.
        var message: String

        /// Whether the failure is about the object database (a missing or unreadable object).
        var isObjectDatabase: Bool {
            [GIT_ERROR_ODB, GIT_ERROR_ZLIB, GIT_ERROR_OBJECT].map { Int32($0.rawValue) }.contains(errorClass)
        }
    }

    /// The failure of a call that returned `code`, read right away (it is thread-local).
    static func failure(_ code: Int32) -> Failure {
        guard let last = git_error_last(), let text = last.pointee.message else {
            return Failure(code: code, errorClass: 0, message: "unknown error")
        }
        return Failure(code: code, errorClass: last.pointee.klass, message: String(cString: text))
    }

    /// Throws libgit2's message (``AdapterError/repository(_:)``) when `code` is negative.
    static func check(_ code: Int32) throws {
        guard code < 0 else { return }
        throw AdapterError.repository(failure(code).message)
    }

    /// The error for reading object `id` that failed with `code`: missing, or corrupt (a loose
    /// object when its file is in `objectsDirectory`), naming the path it was read for.
    static func objectError(_ code: Int32, id: ObjectID, isTree: Bool, path: [UInt8]?,
                            objectsDirectory: String) -> AdapterError {
        let failure = failure(code)
        let pathText = path.map { String(decoding: $0, as: UTF8.self) }
        if code == GIT_ENOTFOUND.rawValue {
            return .missingObject(id: id.hex, isTree: isTree, path: pathText)
        }
        guard failure.isObjectDatabase || code == GIT_EINVALID.rawValue else {
            return .repository(failure.message)
        }
        let hex = id.hex
        let loose = objectsDirectory + String(hex.prefix(2)) + "/" + String(hex.dropFirst(2))
        let isLoose = access(loose, F_OK) == 0
        return .corruptObject(id: hex, looseFile: isLoose ? loose : nil, path: pathText)
    }
}
