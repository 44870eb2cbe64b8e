internal import CLibGit2
import Foundation

/// The index entries git's diff does not take at face value, read once before a comparison
/// with the index or the working tree.
///
/// - Conflicted paths (stages 1–3): `--staged` shows them unmerged (`U`); against the working
///   tree git compares the file there, conflict markers and all.
/// - Intent-to-add entries (`git add -N`): invisible to `--staged`; against the working tree
///   the file there is compared.
/// - Entries whose file git does not look at (skip-worktree, as a sparse checkout leaves the
///   files outside its patterns, and assume-unchanged): against the working tree their index
///   entry stands for the file, so a file missing there is not a deletion.
struct IndexExceptions {
    /// Conflicted paths, with the mode of their lowest stage.
    var conflicted: [[UInt8]: UInt32] = [:]
    /// Intent-to-add paths, with their mode.
    var intentToAdd: [[UInt8]: UInt32] = [:]
    /// Paths whose index entry stands for the working-tree file.
    var indexStandsForFile: Set<[UInt8]> = []

    /// Whether nothing needs a correction.
    var isEmpty: Bool { conflicted.isEmpty && intentToAdd.isEmpty && indexStandsForFile.isEmpty }

    /// The mode of the index entry that stands for `path`'s working-tree file, when it is a
    /// conflicted or intent-to-add path.
    func indexMode(of path: [UInt8]) -> UInt32? {
        conflicted[path] ?? intentToAdd[path]
    }
}

extension Repository {
    /// Reads the index's exceptions for a comparison with the index or the working tree (none
    /// for two trees). In a sparse checkout (`core.sparseCheckout`), a skip-worktree file that
    /// is present in the working tree loses its bit, in memory only, as git clears it when it
    /// reads the index: the file is then compared like any other. The index file is never written.
    func indexExceptions(for resolved: ResolvedComparison, config: RepositoryConfig) throws -> IndexExceptions {
        var exceptions = IndexExceptions()
        if case .tree = resolved.newSide { return exceptions }
        let comparesPresentSparseFiles = try config.comparesPresentSparseFiles()
        var index: OpaquePointer?
        try LibGit2.check(git_repository_index(&index, handle))
        defer { git_index_free(index) }
        // Index version 2 has no extended flags: only conflicts can be there.
        if git_index_version(index) < 3 && git_index_has_conflicts(index) == 0 { return exceptions }
        var present: [[UInt8]] = []
        var probe = PresenceProbe(workdir: workdir.map { Array($0.utf8) } ?? [])
        for position in 0..<git_index_entrycount(index) {
            guard let entry = git_index_get_byindex(index, position)?.pointee else { continue }
            let path = Self.path(entry.path).bytes
            if git_index_entry_is_conflict(git_index_get_byindex(index, position)) != 0 {
                if exceptions.conflicted[path] == nil { exceptions.conflicted[path] = entry.mode }
                continue
            }
            let extended = UInt32(entry.flags_extended)
            if extended & GIT_INDEX_ENTRY_INTENT_TO_ADD.rawValue != 0 {
                exceptions.intentToAdd[path] = entry.mode
            } else if extended & GIT_INDEX_ENTRY_SKIP_WORKTREE.rawValue != 0 {
                if comparesPresentSparseFiles && workdir != nil && probe.exists(path) {
                    present.append(path)
                } else {
                    exceptions.indexStandsForFile.insert(path)
                }
            } else if UInt32(entry.flags) & GIT_INDEX_ENTRY_VALID.rawValue != 0 {
                exceptions.indexStandsForFile.insert(path)
            }
        }
        for path in present { try clearSkipWorktree(path, in: index!) }
        return exceptions
    }

    /// Clears the skip-worktree bit of `path`'s entry in the in-memory index.
    private func clearSkipWorktree(_ path: [UInt8], in index: OpaquePointer) throws {
        try path.withCString { name in
            guard var entry = git_index_get_bypath(index, name, 0)?.pointee else { return }
            entry.flags_extended &= ~UInt16(GIT_INDEX_ENTRY_SKIP_WORKTREE.rawValue)
            entry.path = name
            try LibGit2.check(git_index_add(index, &entry))
        }
    }
}

/// Whether paths exist in the working tree, as git checks files outside a sparse checkout's
/// patterns: one `lstat` per path, skipping the paths of a directory already found missing.
private struct PresenceProbe {
    let workdir: [UInt8]
    private var missingDirectory: [UInt8]?

    init(workdir: [UInt8]) { self.workdir = workdir }

    mutating func exists(_ path: [UInt8]) -> Bool {
        if let missingDirectory, path.starts(with: missingDirectory) { return false }
        if Self.lstatSucceeds(workdir + path) { return true }
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return false }
        let directory = Array(path[...slash])
        if !Self.lstatSucceeds(workdir + directory) { missingDirectory = directory }
        return false
    }

    private static func lstatSucceeds(_ path: [UInt8]) -> Bool {
        var status = stat()
        return path.withCString { lstat($0, &status) } == 0
    }
}
