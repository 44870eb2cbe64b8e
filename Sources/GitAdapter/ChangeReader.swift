internal import CLibGit2
import Foundation
import TreeModel

extension Repository {
    /// Finds the changed files `request` asks for, with git's statuses, renames and line counts.
    public func changes(for request: ComparisonRequest) throws -> ChangeSet {
        let resolved = try resolve(request)
        let config = try config()
        let renames = request.renames ?? RenameSetting.fromConfig(config.diffRenames) ?? .renames(threshold: nil)
        let builder = DiffOptionsBuilder(request: request, renames: renames, renameLimit: config.renameLimit)
        let diff = try makeDiff(resolved, builder: builder)
        if var find = builder.findOptions() {
            try LibGit2.check(git_diff_find_similar(diff.pointer, &find), "git_diff_find_similar")
        }
        var changes = try collectChanges(diff, countLines: request.countLines)
        changes.sort { $0.path < $1.path }
        return ChangeSet(mode: resolved.mode, spec: resolved.spec, oldID: resolved.oldID, newID: resolved.newID,
                         changes: changes, warnings: resolved.warnings)
    }

    private func makeDiff(_ resolved: ResolvedComparison, builder: DiffOptionsBuilder) throws -> DiffHandle {
        var diff: OpaquePointer?
        let oldTree = resolved.oldTree?.pointer
        switch resolved.newSide {
        case .tree(let newTree):
            try builder.withDiffOptions(workingTree: false) { options in
                try LibGit2.check(git_diff_tree_to_tree(&diff, handle, oldTree, newTree.pointer, &options),
                                  "git_diff_tree_to_tree")
            }
        case .index:
            try builder.withDiffOptions(workingTree: false) { options in
                try LibGit2.check(git_diff_tree_to_index(&diff, handle, oldTree, nil, &options),
                                  "git_diff_tree_to_index")
            }
        case .workingTree:
            try builder.withDiffOptions(workingTree: true) { options in
                try LibGit2.check(git_diff_tree_to_workdir_with_index(&diff, handle, oldTree, &options),
                                  "git_diff_tree_to_workdir_with_index")
            }
        }
        return DiffHandle(diff!)
    }

    private func collectChanges(_ diff: DiffHandle, countLines: Bool) throws -> [FileChange] {
        let count = git_diff_num_deltas(diff.pointer)
        var changes: [FileChange] = []
        changes.reserveCapacity(count)
        for index in 0..<count {
            guard let delta = git_diff_get_delta(diff.pointer, index)?.pointee,
                  var change = Self.fileChange(from: delta) else { continue }
            if countLines {
                try countLinesOfChange(&change, diff: diff, index: index, delta: delta)
            }
            changes.append(change)
        }
        return changes
    }

    static func status(of delta: git_diff_delta) -> ChangeStatus? {
        switch delta.status {
        case GIT_DELTA_ADDED: .added
        case GIT_DELTA_DELETED: .deleted
        case GIT_DELTA_MODIFIED: .modified
        case GIT_DELTA_RENAMED: .renamed
        case GIT_DELTA_COPIED: .copied
        case GIT_DELTA_TYPECHANGE: .typeChanged
        case GIT_DELTA_UNTRACKED: .untracked
        case GIT_DELTA_CONFLICTED: .unmerged
        default: nil
        }
    }

    static func fileChange(from delta: git_diff_delta) -> FileChange? {
        guard let status = status(of: delta) else { return nil }
        let newPath = Self.path(delta.new_file.path)
        let oldPath = Self.path(delta.old_file.path)
        let paired = status == .renamed || status == .copied
        return FileChange(
            status: status,
            path: status == .deleted ? oldPath : newPath,
            oldPath: paired ? oldPath : nil,
            similarity: paired ? Int(delta.similarity) : nil,
            oldMode: delta.old_file.mode == 0 || status == .untracked ? nil : FileMode(rawValue: UInt32(delta.old_file.mode)),
            newMode: delta.new_file.mode == 0 || status == .deleted ? nil : FileMode(rawValue: UInt32(delta.new_file.mode)))
    }

    static func path(_ pointer: UnsafePointer<CChar>?) -> RawPath {
        guard let pointer else { return RawPath(bytes: []) }
        let length = strlen(pointer)
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            RawPath(bytes: Array(UnsafeBufferPointer(start: $0, count: length)))
        }
    }
}
