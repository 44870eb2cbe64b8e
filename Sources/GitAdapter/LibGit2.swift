internal import CLibGit2

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

    /// Throws ``AdapterError/libgit2`` when `code` is negative, reading libgit2's
    /// thread-local error right away.
    static func check(_ code: Int32, _ call: String) throws {
        guard code < 0 else { return }
        throw error(code, call)
    }

    /// The error libgit2 recorded for a failed call.
    static func error(_ code: Int32, _ call: String) -> AdapterError {
        var message = "unknown error"
        if let last = git_error_last(), let text = last.pointee.message {
            message = String(cString: text)
        }
        return .libgit2(call: call, code: code, message: message)
    }
}
