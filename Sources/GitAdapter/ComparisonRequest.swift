import Foundation
import TreeModel
internal import CLibGit2

/// What to compare, in `git diff`'s terms.
public struct ComparisonRequest: Sendable, Equatable {
    /// The revisions given (none, one, a range, or two).
    public var revisions: [String]
    /// `--staged` / `--cached`: compare against the index instead of the working tree.
    public var staged: Bool
    /// Paths to limit the comparison to (git pathspecs, with git's magic).
    public var pathspecs: [String]
    /// The directory the pathspecs are relative to, as git takes them from the current
    /// directory; `nil` (or a directory outside the work tree) is the top of the work tree.
    public var pathspecBase: String?
    /// `--merge-base`: the old side is the merge base of the revisions given (`A B`: as
    /// `A...B`; `A`: of A and HEAD, against the working tree or the index), as `git diff --merge-base`.
    public var mergeBase = false
    /// Whether untracked files are listed when the new side is the working tree.
    public var includeUntracked: Bool
    /// Rename and copy detection; `nil` follows the repository's `diff.renames`.
    public var renames: RenameSetting?
    /// Whether to read content and count lines.
    public var countLines: Bool
    /// `--hunks`: keep each counted file's hunks (``ChangeSet/changedLines``) as
    /// `git diff -U0` makes them (the patch's `diff.algorithm` and `diff.indentHeuristic`, no
    /// context, the common tail trimmed first), and count the lines from that same diff (as
    /// `git diff -U0 --numstat`). Only with ``countLines``.
    public var hunks = false
    /// With ``countLines`` (and without ``hunks``): the changes come back before their line
    /// counts, which are made on other threads afterwards and handed over as they are made
    /// (``ChangeSet/pendingCounts``), so that a browser shows the tree at once. The counts,
    /// and what the results cache keeps of them, are the same either way.
    public var countsLater = false
    /// `-l<n>`: the rename limit, overriding `diff.renameLimit`; `nil` or a negative number
    /// follows the config (default 1000), as git's `-l`; 0 means no limit, and so does a limit
    /// too large to square.
    public var renameLimit: Int?
    /// Whether results of earlier runs may be used and this run's kept (the user's cache
    /// directory; see `Docs/Performance.md`). They are the same either way.
    public var useCache: Bool
    /// Which changes get their new side's object id.
    public var newObjects: NewObjectRequest = .none

    public init(
        revisions: [String] = [], staged: Bool = false, pathspecs: [String] = [],
        includeUntracked: Bool = true, renames: RenameSetting? = nil, countLines: Bool = true,
        renameLimit: Int? = nil, pathspecBase: String? = nil, useCache: Bool = true,
        newObjects: NewObjectRequest = .none
    ) {
        self.useCache = useCache
        self.newObjects = newObjects
        self.pathspecBase = pathspecBase
        self.renameLimit = renameLimit
        self.revisions = revisions
        self.staged = staged
        self.pathspecs = pathspecs
        self.includeUntracked = includeUntracked
        self.renames = renames
        self.countLines = countLines
    }
}

/// Rename and copy detection as `-M`, `-C`, `--no-renames` ask for it.
public enum RenameSetting: Sendable, Equatable {
    /// No pairing: deletions and additions stay as they are.
    case off
    /// Renames with a minimum similarity score (0–60000; `nil` for git's default, 50%).
    case renames(threshold: Int?)
    /// Renames and copies (from modified files; `harder` also from unmodified ones).
    case copies(threshold: Int?, harder: Bool)

    /// git's maximum similarity score.
    static let maximumScore = 60000
    /// git's default minimum score (50%).
    static let defaultThreshold = 30000

    /// Parses a similarity as `-M<n>` takes it, with git's rules: `50`, `50%`, `0.5` and `5`
    /// are all 50%, `05` is 5%, `100%` or `1.0` means exact matches only.
    /// Returns a score out of 60000, or `nil` when `text` is not a number.
    public static func parseScore(_ text: String) -> Int? {
        var number = 0
        var scale = 1
        var sawDigit = false
        var dotSeen = false
        for character in text {
            if let digit = character.wholeNumberValue, character.isASCII {
                sawDigit = true
                if scale < 100000 {
                    scale *= 10
                    number = number * 10 + digit
                }
            } else if character == "." && !dotSeen {
                dotSeen = true
                scale = 1
            } else if character == "%" {
                scale = dotSeen ? scale * 100 : 100
                break
            } else {
                return nil
            }
        }
        guard sawDigit else { return nil }
        if number >= scale { return maximumScore }
        return maximumScore * number / scale
    }
}

/// Which changes of a comparison get their new side's object id (``ChangeSet/newObjects``).
/// Ids the comparison already holds cost nothing; a working-tree file's is computed as
/// `git hash-object` would (its content read through the clean filters), so a caller names
/// only the paths it needs.
public enum NewObjectRequest: Sendable, Equatable {
    /// None: ``ChangeSet/newObjects`` stays empty.
    case none
    /// Every change's.
    case all
    /// The changes at these (new) paths.
    case paths(Set<RawPath>)

    /// Whether the change at `path` is asked for.
    func includes(_ path: RawPath) -> Bool {
        switch self {
        case .none: false
        case .all: true
        case .paths(let paths): paths.contains(path)
        }
    }
}

/// The new side of a comparison, as annotations read it: a tree, the index, or the
/// working tree (whose files git reads first, then the index's).
enum ComparedSide: Sendable, Equatable {
    case tree(ObjectID)
    case index
    case workingTree
}

extension ChangeSet {
    /// The side this change set's files were compared on: the new tree for commit
    /// comparisons, else the index (`--staged`) or the working tree.
    var newSide: ComparedSide {
        switch kind {
        case .staged: .index
        case .worktree, .stdin: .workingTree
        case .commits, .mergeBase: newTree.map(ComparedSide.tree) ?? .workingTree
        }
    }
}

extension Repository {
    /// The tree `revision` names (a commit's tree), for reading a side by name.
    func treeID(of revision: String) throws -> ObjectID {
        try lookUp(revision).tree.id
    }
}
