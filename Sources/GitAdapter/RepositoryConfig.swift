internal import CLibGit2

/// The settings treereview reads from a repository's configuration, read once.
public struct RepositoryConfig: Sendable, Equatable {
    /// `diff.renames`: `nil` when unset.
    public var diffRenames: String?
    /// `diff.renameLimit`: `nil` when unset.
    public var renameLimit: Int?

    public init(diffRenames: String? = nil, renameLimit: Int? = nil) {
        self.diffRenames = diffRenames
        self.renameLimit = renameLimit
    }
}

extension Repository {
    /// Reads the keys treereview uses from a snapshot of the repository's configuration.
    public func config() throws -> RepositoryConfig {
        var snapshot: OpaquePointer?
        try LibGit2.check(git_repository_config_snapshot(&snapshot, handle), "git_repository_config_snapshot")
        defer { git_config_free(snapshot) }
        var result = RepositoryConfig()
        var text: UnsafePointer<CChar>?
        if git_config_get_string(&text, snapshot, "diff.renames") == 0, let text {
            result.diffRenames = String(cString: text)
        }
        var limit: Int32 = 0
        if git_config_get_int32(&limit, snapshot, "diff.renameLimit") == 0 {
            result.renameLimit = Int(limit)
        }
        return result
    }
}
