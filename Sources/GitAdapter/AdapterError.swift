/// Everything that can go wrong while reading a repository, each with a one-line message
/// that names what was wrong.
public enum AdapterError: Error, Equatable, CustomStringConvertible {
    /// `-C` named a directory that does not exist.
    case missingDirectory(String)
    /// No repository at or above the path.
    case notARepository(String)
    /// A revision that does not resolve; `emptyRepository` when HEAD has no commits yet.
    case unknownRevision(String, emptyRepository: Bool)
    /// A range such as `a....b` or `..`.
    case malformedRange(String)
    /// `a...b` whose sides share no history.
    case noMergeBase(String)
    /// A working-tree or index comparison asked of a bare repository.
    case bareRepository(String)
    /// More revisions than a comparison takes, or revisions that do not combine.
    case invalidComparison(String)
    /// A libgit2 call failed.
    case libgit2(call: String, code: Int32, message: String)

    public var description: String {
        switch self {
        case .missingDirectory(let path):
            "cannot change to '\(path)': no such directory"
        case .notARepository(let path):
            "not a git repository (or any of the parent directories): \(path)"
        case .unknownRevision(let revision, let empty):
            empty
                ? "unknown revision '\(revision)': HEAD has no commits yet"
                : "unknown revision '\(revision)'"
        case .malformedRange(let range):
            "malformed range '\(range)': expected A..B or A...B"
        case .noMergeBase(let range):
            "\(range): no merge base"
        case .bareRepository(let path):
            "'\(path)' is a bare repository with no working tree or index to compare; compare two revisions instead (A..B)"
        case .invalidComparison(let message):
            message
        case .libgit2(let call, let code, let message):
            "\(call) failed (\(code)): \(message)"
        }
    }
}
