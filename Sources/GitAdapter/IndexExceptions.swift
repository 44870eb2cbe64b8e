import Foundation
internal import CLibGit2

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
    /// libgit2's entries for a comparison with the index or the working tree, corrected where
    /// git's diff reads the index differently (see ``IndexExceptions``).
    func corrected(_ entries: [ChangeEntry], for exceptions: IndexExceptions, resolved: ResolvedComparison,
                   builder: DiffOptionsBuilder, config: RepositoryConfig) throws -> [ChangeEntry] {
        if exceptions.isEmpty { return entries }
        switch resolved.newSide {
        case .tree: return entries
        case .index: return stagedCorrected(entries, for: exceptions, oldTree: resolved.oldTree)
        case .workingTree:
            return try workingTreeCorrected(entries, for: exceptions, oldTree: resolved.oldTree, builder: builder,
                                            trustsExecutableBit: config.trustsExecutableBit())
        }
    }

    /// `--staged`: a conflicted path is unmerged, with the old side's entry (a side of mode 0
    /// when the old tree has none: it keeps the path) and no new one; an intent-to-add entry
    /// is not there at all.
    private func stagedCorrected(_ entries: [ChangeEntry], for exceptions: IndexExceptions,
                                 oldTree: TreeHandle?) -> [ChangeEntry] {
        entries.compactMap { entry in
            let path = entry.path
            if exceptions.conflicted[path] != nil {
                let old = treeSide(path, in: oldTree) ?? FileSide(path: path, mode: 0, id: .zero)
                return ChangeEntry(kind: .unmerged, old: old, new: nil)
            }
            guard exceptions.intentToAdd[path] != nil else { return entry }
            guard let old = entry.old else { return nil }
            return ChangeEntry(kind: .deleted, old: old, new: nil)
        }
    }

    /// Against the working tree: a conflicted or intent-to-add path compares the file there
    /// with the old tree; an entry whose file git does not look at compares its index entry.
    private func workingTreeCorrected(_ entries: [ChangeEntry], for exceptions: IndexExceptions, oldTree: TreeHandle?,
                                      builder: DiffOptionsBuilder, trustsExecutableBit: Bool) throws -> [ChangeEntry] {
        var result: [ChangeEntry] = []
        var reread: [[UInt8]] = []
        for entry in entries {
            let path = entry.path
            if exceptions.indexStandsForFile.contains(path) { continue }
            if exceptions.indexMode(of: path) != nil && entry.kind != .untracked {
                if reread.last != path { reread.append(path) }
                continue
            }
            result.append(entry)
        }
        if !exceptions.indexStandsForFile.isEmpty {
            let staged = try stagedEntries(oldTree: oldTree, builder: builder)
            result += staged.filter { exceptions.indexStandsForFile.contains($0.path) }
        }
        if reread.isEmpty { return result }
        let reader = try BlobReader(self)
        for path in reread {
            let file = WorkingTreeSide(workdir: workdir ?? "", trustsExecutableBit: trustsExecutableBit)
                .side(path, indexMode: exceptions.indexMode(of: path))
            if let entry = try compared(old: treeSide(path, in: oldTree), new: file, reader: reader,
                                        includeUnmodified: builder.includeUnmodified) {
                result.append(entry)
            }
        }
        return result
    }

    /// The old tree against the index, for the entries whose index entry stands for the file.
    private func stagedEntries(oldTree: TreeHandle?, builder: DiffOptionsBuilder) throws -> [ChangeEntry] {
        var diff: OpaquePointer?
        let code = builder.withDiffOptions(workingTree: false) { options in
            git_diff_tree_to_index(&diff, handle, oldTree?.pointer, nil, &options)
        }
        guard code == 0, let diff else { throw diffError(code) }
        return DiffEntries.read(DiffHandle(diff), workingTree: false)
    }

    /// The entry for an old tree entry and a working-tree file, as git's diff pairs them;
    /// `nil` when neither exists or they are equal (unless unmodified entries are listed).
    private func compared(old: FileSide?, new: FileSide?, reader: BlobReader,
                          includeUnmodified: Bool) throws -> ChangeEntry? {
        guard let old else { return new.map { ChangeEntry(kind: .added, old: nil, new: $0) } }
        guard var new else { return ChangeEntry(kind: .deleted, old: old, new: nil) }
        if old.mode & 0o170000 != new.mode & 0o170000 {
            return ChangeEntry(kind: .typeChanged, old: old, new: new)
        }
        if !new.isSubmodule { new.id = try reader.workingTreeID(of: new) }
        if new.id == old.id && new.mode == old.mode {
            return includeUnmodified ? ChangeEntry(kind: .unmodified, old: old, new: new) : nil
        }
        return ChangeEntry(kind: .modified, old: old, new: new)
    }

    /// The entry at `path` in `tree` (`nil` for the empty tree) as a file side.
    func treeSide(_ path: [UInt8], in tree: TreeHandle?) -> FileSide? {
        guard let tree else { return nil }
        var entry: OpaquePointer?
        let code = path.withCString { git_tree_entry_bypath(&entry, tree.pointer, $0) }
        guard code == 0, let entry else { return nil }
        defer { git_tree_entry_free(entry) }
        let mode = UInt32(git_tree_entry_filemode(entry).rawValue)
        guard mode & 0o170000 != 0o040000 else { return nil }
        return FileSide(path: path, mode: mode, id: ObjectID(git_tree_entry_id(entry).pointee))
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
