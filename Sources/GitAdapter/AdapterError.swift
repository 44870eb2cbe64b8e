import GitRules

/// Everything that can go wrong while reading a repository, each with a one-line message
/// that names what was wrong, worded by the comparison (never by a command-line flag) and,
/// for a damaged repository, in git's own words.
public enum AdapterError: Error, Equatable, CustomStringConvertible {
    /// The directory to start from does not exist.
    case missingDirectory(String)
    /// No repository at or above the path.
    case notARepository(String)
    /// A revision that does not resolve; `emptyRepository` when HEAD has no commits yet.
    case unknownRevision(String, emptyRepository: Bool)
    /// A revision whose object cannot be read (git's "bad object").
    case badObject(String)
    /// A range such as `a....b` or `..`.
    case malformedRange(String)
    /// `a...b` whose sides share no history.
    case noMergeBase(String)
    /// A working-tree or index comparison asked of a bare repository.
    case bareRepository(String)
    /// More than two revisions.
    case tooManyRevisions([String])
    /// The index compared with something other than one revision (two revisions, a range).
    case indexWithRevisions(String)
    /// A range (or another form naming several revisions) given with a second revision.
    case rangeWithAnotherRevision(String)
    /// `X^!` of a merge commit (`base` is X), whose changes only a combined diff shows.
    case mergeCommit(base: String, parents: Int)
    /// `X^@` whose parents are not one or two revisions to compare.
    case parentsNotComparable(String, parents: Int)
    /// A revision that must be a commit (a side of `A...B`) and is not.
    case notACommit(String)
    /// A revision that names neither a commit nor a tree (a blob).
    case notATree(String)
    /// An object that is not in the repository, with the path it was read for, if known.
    case missingObject(id: String, isTree: Bool, path: String?)
    /// An object whose stored data cannot be read back, with the path it was read for, if known.
    case corruptObject(id: String, looseFile: String?, path: String?)
    /// The index file cannot be read, for `problem`.
    case corruptIndex(path: String, problem: IndexProblem = .corrupt)
    /// The index is a sparse index (`index.sparse`), which cannot be read.
    case sparseIndex(path: String)
    /// A working-tree file that cannot be read.
    case unreadableFile(path: String, reason: String)
    /// A configuration value git would refuse.
    case badConfigValue(key: String, value: String, problem: ConfigValueProblem)
    /// A submodule ignore setting git does not know.
    case badSubmoduleIgnore(key: String, value: String)
    /// An object a partial clone did not fetch; git would fetch it from `remote`.
    case missingFromPartialClone(id: String, isTree: Bool, path: String?, remote: String)
    /// Anything else the repository library reported, in its words.
    case repository(String)

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
        case .badObject(let revision):
            "bad object \(revision)"
        case .malformedRange(let range):
            "malformed range '\(range)': expected A..B or A...B"
        case .noMergeBase(let range):
            "\(range): no merge base"
        case .bareRepository(let path):
            "'\(path)' is a bare repository with no working tree or index to compare; compare two revisions instead (A..B)"
        case .tooManyRevisions(let revisions):
            "too many revisions: '\(revisions.joined(separator: " "))' (give at most two)"
        case .indexWithRevisions(let text):
            "the index is compared with one revision, not with '\(text)'"
        case .rangeWithAnotherRevision(let revision):
            "a range cannot be combined with another revision: '\(revision)'"
        case .mergeCommit(let base, let parents):
            "'\(base)^!' is a merge of \(parents) parents, whose changes only a combined diff shows; compare it with one parent ('\(base)^-1')"
        case .parentsNotComparable(let revision, let parents):
            parents == 0
                ? "'\(revision)' names no revision: a root commit has no parents"
                : "'\(revision)' names \(parents) parents and no merge: compare two revisions instead"
        case .notACommit(let revision):
            "'\(revision)' is not a commit"
        case .notATree(let revision):
            "'\(revision)' names neither a commit nor a tree"
        case .missingObject(let id, let isTree, let path):
            Self.prefix(path) + (isTree ? "unable to read tree \(id)" : "unable to read \(id)")
        case .corruptObject(let id, let looseFile, let path):
            Self.prefix(path) + (looseFile.map { "loose object \(id) (stored in \($0)) is corrupt" }
                ?? "packed object \(id) is corrupt")
        case .corruptIndex(let path, let problem):
            problem.message(path: path)
        case .sparseIndex(let path):
            "'\(path)' is a sparse index (index.sparse), which treereview cannot read; "
                + "'git sparse-checkout set --no-sparse-index' expands it"
        case .unreadableFile(let path, let reason):
            "cannot hash '\(path)': \(reason)"
        case .badConfigValue(let key, let value, let problem):
            problem.message(key: key, value: value)
        case .badSubmoduleIgnore(let key, let value):
            "bad \(key) value '\(value)': expected none, untracked, dirty or all"
        case .missingFromPartialClone(let id, let isTree, let path, let remote):
            Self.prefix(path) + "\(isTree ? "tree" : "object") \(id) is not in this partial clone "
                + "(git would fetch it from '\(remote)'; treereview does not fetch: "
                + "--no-stat --no-renames compares without reading file contents)"
        case .repository(let message):
            message
        }
    }

    private static func prefix(_ path: String?) -> String {
        path.map { "'\($0)': " } ?? ""
    }
}

/// Why git refuses a configuration value.
public enum ConfigValueProblem: Error, Sendable, Equatable {
    /// Not a boolean (nor a number, which git also reads as one).
    case notABoolean
    /// Not a number with an optional `k`, `m` or `g` unit.
    case invalidUnit
    /// A number beyond what the key holds.
    case outOfRange

    /// The problem git names for a number it refuses.
    init(_ problem: GitConfigValue.NumberProblem) {
        switch problem {
        case .invalidUnit: self = .invalidUnit
        case .outOfRange: self = .outOfRange
        }
    }

    func message(key: String, value: String) -> String {
        switch self {
        case .notABoolean: "bad boolean config value '\(value)' for '\(key)'"
        case .invalidUnit: "bad numeric config value '\(value)' for '\(key)': invalid unit"
        case .outOfRange: "bad numeric config value '\(value)' for '\(key)': out of range"
        }
    }
}
