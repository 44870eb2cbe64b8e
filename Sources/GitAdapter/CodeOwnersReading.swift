import Annotations
import TreeModel

/// A revision by its tree, with the id a report gives it: the commit's, else the tree's.
struct BaseRevision: Sendable, Equatable {
    /// The revision's tree.
    var tree: ObjectID
    /// The commit's id in hex, or the tree's when the revision names a tree.
    var id: String

    init(tree: ObjectID, id: String) {
        self.tree = tree
        self.id = id
    }

    init(_ revision: ResolvedRevision) {
        self.init(tree: revision.tree.id, id: revision.reportedID)
    }
}

extension CodeOwnersSide {
    /// The side read when `--owners-from` does not say: the base for a comparison of
    /// revisions, as GitHub reads it for a pull request; the compared side itself for the
    /// index and the working tree, whose own file is the one being edited.
    public static func `default`(for kind: ComparisonKind) -> CodeOwnersSide {
        switch kind {
        case .commits, .mergeBase: .base
        case .staged, .worktree, .stdin: .new
        }
    }
}

extension ChangeSet {
    /// Where `side` of this comparison is read: the side (`nil` for the empty tree, which
    /// has no file) and how a report names it.
    func codeOwnersPlace(_ side: CodeOwnersSide) -> (read: ComparedSide?, place: CodeOwnersSource.Place) {
        switch side {
        case .base:
            guard let base = baseRevision else { return (nil, .emptyTree) }
            return (.tree(base.tree), .revision(base.id))
        case .new:
            switch newSide {
            case .tree(let tree): return (.tree(tree), .revision(newID ?? tree.hex))
            case .index: return (.index, .index)
            case .workingTree: return (.workingTree, .workingTree)
            }
        }
    }
}

extension Repository {
    /// Finds and parses the CODEOWNERS file of `side` of `changeSet` (`nil`: the default for
    /// its kind, ``CodeOwnersSide/default(for:)``): for the base, the base revision's tree
    /// (`A` of `A...B` and `A..B`); for the new side, the new tree, the index's file or the
    /// working tree's own file.
    func codeOwners(of changeSet: ChangeSet, side: CodeOwnersSide?) throws -> (lookup: CodeOwnersLookup, source: CodeOwnersSource) {
        let side = side ?? .default(for: changeSet.kind)
        let (read, place) = changeSet.codeOwnersPlace(side)
        var lookup = CodeOwnersLookup.notFound
        if let read {
            let reader = try SideReader(repository: self, side: read)
            lookup = try CodeOwnersLocation.load { try reader.contents(of: $0) }
        }
        return (lookup, CodeOwnersSource(side: side, place: place, lookup: lookup))
    }
}

extension ChangeAnnotations {
    /// The CODEOWNERS rule that gives `path` its owners, with the file, the side it was read
    /// from and the rule's line; `nil` when no file was loaded (owners not asked for, no file
    /// on that side, or one too large).
    public func codeOwnersMatch(for path: RawPath) -> CodeOwnersMatch? {
        guard let source = codeOwnersSource, let codeOwners = codeOwners?.codeOwners else { return nil }
        return CodeOwnersMatch(source: source, rule: codeOwners.rule(for: path))
    }
}
