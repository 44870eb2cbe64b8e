import Foundation
import TreeModel
internal import CLibGit2

/// A change set's comparison looked up again, for the patch of one of its files: the old
/// tree and where the new side is read (a tree, the index, or the working tree as it is now).
struct PatchComparison {
    /// Where the new side of a path is read.
    enum NewSource {
        case tree(TreeHandle)
        case index
        case workingTree
    }

    let kind: ComparisonKind
    /// The old tree; `nil` is the empty tree.
    let oldTree: TreeHandle?
    let newSource: NewSource
}

/// One side of a file's patch, read: its name, mode and id, its content, and whether git
/// shows it as binary.
struct PatchSide {
    var file: FileSide
    var content: [UInt8]
    var binary: Bool
}

extension Repository {
    /// The comparison `changes` was read from, looked up again by its ids.
    func patchComparison(_ changes: ChangeSet) throws -> PatchComparison {
        let oldTree = try changes.oldID.map { try lookUp($0).tree }
        switch changes.kind {
        case .commits, .mergeBase:
            guard let newID = changes.newID else { throw PatchError.notARepositoryComparison }
            return PatchComparison(kind: changes.kind, oldTree: oldTree, newSource: .tree(try lookUp(newID).tree))
        case .staged:
            return PatchComparison(kind: changes.kind, oldTree: oldTree, newSource: .index)
        case .worktree:
            return PatchComparison(kind: changes.kind, oldTree: oldTree, newSource: .workingTree)
        case .stdin:
            throw PatchError.notARepositoryComparison
        }
    }

    /// The new side of `path` in `comparison`, as git's diff reads it: a tree entry, a stage-0
    /// index entry, or the working-tree file (unless the index entry stands for it) with the
    /// id `git add` would give it; a submodule's checked-out commit and whether it is dirty.
    /// `nil` when there is none.
    func newPatchSide(_ path: [UInt8], in comparison: PatchComparison, config: RepositoryConfig,
                      reader: BlobReader) throws -> (file: FileSide, dirty: Bool)? {
        switch comparison.newSource {
        case .tree(let tree):
            return treeSide(path, in: tree).map { ($0, false) }
        case .index:
            return try withIndex { index in
                guard let entry = Self.stageZeroEntry(path, in: index), !entry.isIntentToAdd else { return nil }
                return (FileSide(path: path, mode: entry.mode, id: entry.id), false)
            }
        case .workingTree:
            return try workingTreePatchSide(path, config: config, reader: reader)
        }
    }

    private func workingTreePatchSide(_ path: [UInt8], config: RepositoryConfig,
                                      reader: BlobReader) throws -> (file: FileSide, dirty: Bool)? {
        let (entry, conflictMode) = try withIndex { index in
            (Self.stageZeroEntry(path, in: index), Self.conflictMode(path, in: index))
        }
        let workingTree = WorkingTreeSide(workdir: workdir ?? "", trustsExecutableBit: try config.trustsExecutableBit())
        if let entry, !entry.isIntentToAdd {
            let present = (Array((workdir ?? "").utf8) + path).withCString { access($0, F_OK) } == 0
            let comparesPresent = try config.comparesPresentSparseFiles()
            let standsForFile = entry.isAssumedValid || (entry.isSkipWorktree && !(comparesPresent && present))
            if standsForFile { return (FileSide(path: path, mode: entry.mode, id: entry.id), false) }
        }
        guard var side = workingTree.side(path, indexMode: entry?.mode ?? conflictMode) else { return nil }
        if side.isSubmodule {
            if side.id.isZero, let entry { side.id = entry.id }
            let ignore = try submoduleIgnores(config: config).ignore(at: path)
            return (side, isDirty(submodule: path, ignoring: ignore))
        }
        side.id = try reader.workingTreeID(of: side)
        return (side, false)
    }

    /// Whether git marks the submodule at `path` `-dirty`: modified content, or (when
    /// untracked files are not ignored) untracked files.
    private func isDirty(submodule path: [UInt8], ignoring ignore: SubmoduleIgnore) -> Bool {
        switch ignore {
        case .dirty, .all: return false
        case .untracked: return hasModifiedContent(submodule: path)
        case .none:
            var status: UInt32 = 0
            let code = path.withCString { git_submodule_status(&status, handle, $0, GIT_SUBMODULE_IGNORE_NONE) }
            guard code == 0 else { return true }
            let dirty = GIT_SUBMODULE_STATUS_WD_INDEX_MODIFIED.rawValue | GIT_SUBMODULE_STATUS_WD_WD_MODIFIED.rawValue
                | GIT_SUBMODULE_STATUS_WD_UNTRACKED.rawValue
            return status & dirty != 0
        }
    }

    /// Runs `body` with the repository's index, read again when its file changed (one libgit2
    /// refuses read by ``loadIndex()``).
    private func withIndex<T>(_ body: (OpaquePointer) throws -> T) throws -> T {
        try loadIndex()
        var index: OpaquePointer?
        let code = git_repository_index(&index, handle)
        guard code == 0, let index else { throw unreadableIndex() }
        defer { git_index_free(index) }
        guard git_index_path(index) == nil || git_index_read(index, 0) == 0 else { throw unreadableIndex() }
        return try body(index)
    }

    /// The stage-0 entry of `path`.
    private static func stageZeroEntry(_ path: [UInt8], in index: OpaquePointer) -> IndexEntry? {
        path.withCString { git_index_get_bypath(index, $0, 0) }.map { IndexEntry($0.pointee) }
    }

    /// The mode of the lowest stage of a conflicted `path`, if it is conflicted.
    private static func conflictMode(_ path: [UInt8], in index: OpaquePointer) -> UInt32? {
        for stage in Int32(1)...3 {
            if let entry = path.withCString({ git_index_get_bypath(index, $0, stage) }) { return entry.pointee.mode }
        }
        return nil
    }
}

/// What a patch needs of an index entry.
private struct IndexEntry {
    var mode: UInt32
    var id: ObjectID
    var isIntentToAdd: Bool
    var isSkipWorktree: Bool
    var isAssumedValid: Bool

    init(_ entry: git_index_entry) {
        mode = entry.mode
        id = ObjectID(entry.id)
        let extended = UInt32(entry.flags_extended)
        isIntentToAdd = extended & GIT_INDEX_ENTRY_INTENT_TO_ADD.rawValue != 0
        isSkipWorktree = extended & GIT_INDEX_ENTRY_SKIP_WORKTREE.rawValue != 0
        isAssumedValid = UInt32(entry.flags) & GIT_INDEX_ENTRY_VALID.rawValue != 0
    }
}

/// Why a file's patch cannot be made.
enum PatchError: Error, Equatable, CustomStringConvertible {
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
