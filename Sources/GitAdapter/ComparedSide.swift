internal import CLibGit2
import Foundation

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
