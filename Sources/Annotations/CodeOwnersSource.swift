/// Which side of a comparison the CODEOWNERS file is read from (`--owners-from`).
public enum CodeOwnersSide: String, Sendable, CaseIterable {
    /// The base: the revision a pull request would merge into (`A` of `A...B` and `A..B`),
    /// whose file GitHub requests reviews from, so that a branch cannot name its own reviewers.
    case base
    /// The new side: the compared commit, the index (`--staged`) or the working tree.
    case new
}

/// Where a comparison's CODEOWNERS file was looked for, and which file was found there
/// (see `Docs/Annotations.md#which-side`).
public struct CodeOwnersSource: Hashable, Sendable {
    /// What was read on that side.
    public enum Place: Hashable, Sendable {
        /// A revision's tree; the id (40 hex digits) is the commit's, or the tree's when the
        /// revision names a tree.
        case revision(String)
        /// The empty tree: the base of a comparison on a branch with no commit yet.
        case emptyTree
        /// The index.
        case index
        /// The working tree.
        case workingTree
    }

    /// The side read.
    public var side: CodeOwnersSide
    /// What was read on it.
    public var place: Place
    /// The file found there (the first of ``CodeOwnersLocation/searchOrder``); `nil` when none is.
    public var path: String?
    /// Whether that file is 3 MiB or more, so GitHub, and treereview, ignore it.
    public var tooLarge: Bool

    /// A source: `side`, read at `place`, where `path` was found (`nil`: none was).
    public init(side: CodeOwnersSide, place: Place, path: String?, tooLarge: Bool = false) {
        self.side = side
        self.place = place
        self.path = path
        self.tooLarge = tooLarge
    }

    /// The source of what `lookup` found on `side` at `place`.
    public init(side: CodeOwnersSide, place: Place, lookup: CodeOwnersLookup) {
        switch lookup {
        case .notFound: self.init(side: side, place: place, path: nil)
        case .tooLarge(let path, _): self.init(side: side, place: place, path: path, tooLarge: true)
        case .loaded(let path, _): self.init(side: side, place: place, path: path)
        }
    }

    /// The revision read, 40 hex digits; `nil` for the empty tree, the index and the working tree.
    public var revision: String? {
        if case .revision(let id) = place { return id }
        return nil
    }

    /// The side and what was read on it, as a warning names them: `the base side (revision
    /// 1a2b3c4d5e6f)`, `the new side (the working tree)`, `the new side (the index)`, `the
    /// base side (the empty tree)`.
    public var sideDescription: String {
        let place = switch place {
        case .revision(let id): "revision \(id.prefix(12))"
        case .emptyTree: "the empty tree"
        case .index: "the index"
        case .workingTree: "the working tree"
        }
        return "the \(side.rawValue) side (\(place))"
    }
}

/// The CODEOWNERS rule that gives a path its owners, with the file it is in: what
/// `treereview explain` says of a file's owners.
public struct CodeOwnersMatch: Hashable, Sendable {
    /// The file read, and the side it was read from; its ``CodeOwnersSource/path`` is the file.
    public var source: CodeOwnersSource
    /// The last rule matching the path (its ``CodeOwnersRule/line`` counts from 1); `nil`
    /// when no rule does, so the path is unowned.
    public var rule: CodeOwnersRule?

    /// The match of `rule` (`nil`: none) in the file `source` names.
    public init(source: CodeOwnersSource, rule: CodeOwnersRule?) {
        self.source = source
        self.rule = rule
    }
}
