import Foundation
import TreeModel
internal import CLibGit2

extension Repository {
    /// Live refresh's read of a changed index: the index file as it is now, and the paths
    /// whose entries differ from `earlier` (what this handle's index holds). The index file
    /// is read without libgit2 (``IndexSnapshot/init(indexFile:)``), and only the changed
    /// entries are put into this handle's in-memory index (never written), so a refresh does
    /// not have libgit2 read 100,000 entries again. A file that reader does not take is read
    /// by libgit2 instead.
    public func refreshIndex(since earlier: IndexSnapshot) throws -> (snapshot: IndexSnapshot, changed: [RawPath]) {
        guard let now = IndexSnapshot.read(indexFile: indexPath) else {
            _ = try installReadableIndex()
            let now = try indexSnapshot()
            return (now, now.changedPaths(since: earlier))
        }
        let changed = now.changedPaths(since: earlier)
        if changed.isEmpty { return (now, []) }
        var index: OpaquePointer?
        try LibGit2.check(git_repository_index(&index, handle))
        defer { git_index_free(index) }
        for path in changed {
            try path.bytes.withCString { name in
                for position in earlier.positions(of: path.bytes) {
                    let code = git_index_remove(index, name, Int32(earlier.entries[position].stage))
                    if code != GIT_ENOTFOUND.rawValue { try LibGit2.check(code) }
                }
                for position in now.positions(of: path.bytes) {
                    var entry = Self.indexEntry(now.entries[position])
                    entry.path = name
                    try LibGit2.check(git_index_add(index, &entry))
                }
            }
        }
        return (now, changed)
    }

    /// libgit2's form of `entry` (its path left to the caller).
    static func indexEntry(_ entry: IndexSnapshot.Entry) -> git_index_entry {
        var result = git_index_entry()
        result.ctime = git_index_time(seconds: entry.stat.ctime.seconds, nanoseconds: entry.stat.ctime.nanoseconds)
        result.mtime = git_index_time(seconds: entry.stat.mtime.seconds, nanoseconds: entry.stat.mtime.nanoseconds)
        result.dev = entry.stat.device
        result.ino = entry.stat.inode
        result.uid = entry.stat.user
        result.gid = entry.stat.group
        result.file_size = entry.stat.size
        result.mode = entry.mode
        result.id = entry.id.oid
        result.flags = UInt16(entry.stage) << 12 | UInt16(truncatingIfNeeded: entry.flags)
        result.flags_extended = UInt16(truncatingIfNeeded: entry.flags >> 16)
        return result
    }
}

extension Repository {
    /// Live refresh's read of a few paths (on a handle kept between refreshes, whose index is
    /// as ``refreshIndex(since:)`` left it: it is not read again here): the changes of `request` (a comparison with the
    /// index or the working tree) at or below each path of `paths` (files or directories,
    /// relative to the top of the working tree), read as ``changes(for:config:)`` reads them
    /// (statuses, line counts, new-side object ids, `--staged`'s partially staged files, on
    /// this handle alone), and
    /// only for those paths: libgit2 is given them as literal paths
    /// (`GIT_DIFF_DISABLE_PATHSPEC_MATCH`) and walks nothing else; the request's own pathspec
    /// still applies.
    ///
    /// Returns `nil` when only a whole read gives the right answer: the old side is no longer
    /// `oldID` (a commit, a checkout), the new side is a tree, copies are detected, a path is
    /// a `.gitignore`, `.gitattributes` or `.gitmodules` file (they change what other paths
    /// show), or rename detection is on and the paths hold a file added or deleted now, or
    /// one `pairableBefore` says was added, deleted, renamed or copied (either may pair with a
    /// path elsewhere). A path inside a nested repository or submodule stands for the
    /// submodule's own path.
    public func changes(at paths: [RawPath], for request: ComparisonRequest, config: RepositoryConfig? = nil,
                        oldID: String?, pairableBefore: ([RawPath]) -> Bool = { _ in false }) throws -> ScopedChanges? {
        let config = try config ?? readConfig()
        let resolved = try resolve(request)
        if case .tree = resolved.newSide { return nil }
        guard resolved.oldID == oldID else { return nil }
        let setting = try request.renames ?? config.renameSetting() ?? .renames(threshold: nil)
        let detectsRenames: Bool
        switch setting {
        case .off: detectsRenames = false
        case .renames: detectsRenames = true
        case .copies: return nil
        }
        let scope = refreshScope(paths)
        if scope.contains(where: Self.changesOtherPaths) { return nil }
        let scopePaths = scope.map(RawPath.init(bytes:))
        if detectsRenames && pairableBefore(scopePaths) { return nil }
        if scope.isEmpty { return ScopedChanges(paths: [], changes: [], newObjects: []) }
        let pathspec = request.pathspecs.isEmpty ? nil : try pathspec(request.pathspecs, from: request.pathspecBase)
        let entries = try scopedEntries(resolved, request: request, config: config, scope: scope, pathspec: pathspec)
        if detectsRenames && entries.contains(where: { $0.kind == .added || $0.kind == .deleted }) { return nil }
        var changes = entries.map(Self.fileChange)
        if request.countLines { try countLines(&changes, entries: entries, config: config) }
        var newObjects: [ObjectHash?] = []
        if request.newObjects != .none {
            let reader = try BlobReader(self)
            newObjects = try zip(changes, entries).map { change, entry in
                guard request.newObjects.includes(change.path), let side = entry.new else { return nil }
                if !side.id.isZero { return side.id.hash }
                return side.inWorkingTree && !side.isSubmodule ? try reader.workingTreeID(of: side).hash : nil
            }
        }
        if case .index = resolved.newSide {
            try markUnstaged(&changes, request: request, resolved: resolved, config: config, scope: scope, pathspec: pathspec)
        }
        Self.sortByPath(&changes, with: &newObjects)
        return ScopedChanges(paths: scopePaths, changes: changes, newObjects: newObjects)
    }

    /// Whether a change to the file at `path` can change what other paths show.
    static func changesOtherPaths(_ path: [UInt8]) -> Bool {
        let name = path.split(separator: UInt8(ascii: "/")).last ?? []
        return [".gitignore", ".gitattributes", ".gitmodules"].contains { name.elementsEqual($0.utf8) }
    }

    /// `paths` as libgit2 is given them: each inside a nested repository replaced by that
    /// repository's path, none below another, in byte order.
    func refreshScope(_ paths: [RawPath]) -> [[UInt8]] {
        let top = workdir.map { Array($0.utf8) } ?? []
        let slash = UInt8(ascii: "/")
        var scope = Set<[UInt8]>()
        for path in paths where !path.bytes.isEmpty {
            var bytes = path.bytes
            for index in bytes.indices where bytes[index] == slash {
                let marker = top + bytes[..<index] + Array("/.git".utf8)
                if marker.withCString({ access($0, F_OK) }) == 0 {
                    bytes = Array(bytes[..<index])
                    break
                }
            }
            scope.insert(bytes)
        }
        return scope.sorted { $0.lexicographicallyPrecedes($1) }.reduce(into: []) { kept, path in
            if let last = kept.last, path.starts(with: last + [slash]) { return }
            kept.append(path)
        }
    }

    /// The entries (renames off) at or below the paths of `scope`, as the whole read collects them.
    private func scopedEntries(_ resolved: ResolvedComparison, request: ComparisonRequest, config: RepositoryConfig,
                               scope: [[UInt8]], pathspec: Pathspec?) throws -> [ChangeEntry] {
        let (submodules, builder) = try scopedDiffOptions(request: request, config: config, scope: scope)
        let exceptions = try indexExceptions(for: resolved, config: config)
        let workingTree: Bool
        if case .workingTree = resolved.newSide { workingTree = true } else { workingTree = false }
        let index = try heldIndex()
        defer { git_index_free(index) }
        var diff: OpaquePointer?
        var unstaged: OpaquePointer?
        let code = builder.withDiffOptions(workingTree: workingTree) { options in
            var code = git_diff_tree_to_index(&diff, handle, resolved.oldTree?.pointer, index, &options)
            guard code == 0, workingTree else { return code }
            code = git_diff_index_to_workdir(&unstaged, handle, index, &options)
            return code == 0 ? git_diff_merge(diff, unstaged) : code
        }
        git_diff_free(unstaged)
        guard code == 0, let diff else {
            git_diff_free(diff)
            throw diffError(code)
        }
        var entries = DiffEntries.read(DiffHandle(diff), workingTree: workingTree)
        if workingTree { entries = try droppingStatOnlyChanges(entries, includeUnmodified: false, config: config) }
        entries = submodules.filter(try corrected(entries, for: exceptions, resolved: resolved, builder: builder, config: config),
                                    repository: self)
        entries = entries.filter { entry in Self.isWithin(entry.path, scope) }
        entries.sort { $0.path.lexicographicallyPrecedes($1.path) }
        return try pathspec.map { try PathspecFilter(pathspec: $0, repository: self).keep(entries) } ?? entries
    }

    /// This handle's index as it is in memory (the caller frees it): given to libgit2's diffs,
    /// which would otherwise read the index file again when it changed on disk.
    private func heldIndex() throws -> OpaquePointer {
        var index: OpaquePointer?
        try LibGit2.check(git_repository_index(&index, handle))
        guard let index else { throw unreadableIndex() }
        return index
    }

    /// Whether `path` is one of `scope`'s paths or below one.
    static func isWithin(_ path: [UInt8], _ scope: [[UInt8]]) -> Bool {
        scope.contains { path.starts(with: $0) && (path.count == $0.count || path[$0.count] == UInt8(ascii: "/")) }
    }

    /// Line counts as the whole read makes them, on this handle (the few files are read: no
    /// worker handles to open, no results cache).
    private func countLines(_ changes: inout [FileChange], entries: [ChangeEntry], config: RepositoryConfig) throws {
        let counted = changes.indicesToCount()
        if counted.isEmpty { return }
        let worker = LineCounter.Worker(try BlobReader(self), attributes: attributeFilesExist(config: config))
        let counts = try counted.map { try worker.count(LineCounter.Job(old: entries[$0].old, new: entries[$0].new)) }
        changes.setCounts(counts, at: counted)
    }

    /// `--staged`: marks the changes whose working-tree file differs from the index, as
    /// ``markPartiallyStaged(_:request:resolved:config:pathspec:)`` does, for `scope` only.
    private func markUnstaged(_ changes: inout [FileChange], request: ComparisonRequest, resolved: ResolvedComparison,
                              config: RepositoryConfig, scope: [[UInt8]], pathspec: Pathspec?) throws {
        let (submodules, builder) = try scopedDiffOptions(request: request, config: config, scope: scope)
        let exceptions = try indexExceptions(for: resolved, config: config)
        let index = try heldIndex()
        defer { git_index_free(index) }
        var diff: OpaquePointer?
        let code = builder.withDiffOptions(workingTree: true) { options in
            git_diff_index_to_workdir(&diff, handle, index, &options)
        }
        guard code == 0, let diff else { throw diffError(code) }
        var entries = submodules.filter(DiffEntries.read(DiffHandle(diff), workingTree: true), repository: self)
        if let pathspec { entries = try PathspecFilter(pathspec: pathspec, repository: self).keep(entries) }
        entries = try droppingStatOnlyChanges(entries, includeUnmodified: false, config: config)
        let unstaged = Set(entries.lazy.filter { entry in
            entry.kind != .untracked && !exceptions.indexStandsForFile.contains(entry.path)
                && exceptions.conflicted[entry.path] == nil
        }.map(\.path))
        for index in changes.indices where changes[index].status != .unmerged && unstaged.contains(changes[index].path.bytes) {
            changes[index].partiallyStaged = true
        }
    }

    /// The submodule settings and the diff options of a read of `scope` only: its paths
    /// taken literally, unmodified files left out.
    private func scopedDiffOptions(request: ComparisonRequest, config: RepositoryConfig,
                                   scope: [[UInt8]]) throws -> (SubmoduleIgnores, DiffOptionsBuilder) {
        let submodules = try submoduleIgnores(config: config)
        var builder = DiffOptionsBuilder(request: request, includeUnmodified: false)
        builder.submoduleIgnore = submodules.libgit2Level
        builder.directories = scope
        builder.literalDirectories = true
        return (submodules, builder)
    }
}
