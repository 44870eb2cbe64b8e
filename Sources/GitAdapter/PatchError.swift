/// Why a file's patch cannot be made.
public enum PatchError: Error, Equatable, CustomStringConvertible {
    /// The changes were not read from a repository (a change list from standard input).
    case notARepositoryComparison
    /// libgit2 could not compare the two sides, in its words.
    case diffFailed(path: String, message: String)

    /// What went wrong, in one line.
    public var description: String {
        switch self {
        case .notARepositoryComparison:
            "no patch: the changes were not read from a repository"
        case .diffFailed(let path, let message):
            "unable to generate diff for \(path): \(message)"
        }
    }
}
