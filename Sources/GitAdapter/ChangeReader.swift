import Foundation
import TreeModel
internal import CLibGit2

extension Repository {
    /// Finds the changed files `request` asks for, with git's statuses, renames and line counts.
    /// `config` is the repository's configuration read for this run (read here when `nil`);
    /// like git, a `diff.renames` or `diff.renameLimit` value git refuses stops the comparison.
    public func changes(for request: ComparisonRequest, config: RepositoryConfig? = nil) throws -> ChangeSet {
        let config = try config ?? readConfig()
        do {
            return try readChanges(for: request, config: config)
        } catch let error as AdapterError {
            throw explained(error, config: config)
        }
    }

    private func readChanges(for request: ComparisonRequest, config: RepositoryConfig) throws -> ChangeSet {
        var trace = Trace()
        let configuredSetting = try config.renameSetting()
        let configuredLimit = try config.renameLimit()
        let resolved = try resolve(request)
        let pathspec = request.pathspecs.isEmpty ? nil : try pathspec(request.pathspecs, from: request.pathspecBase)
        trace.mark("resolved")
        let setting = request.renames ?? configuredSetting ?? .renames(threshold: nil)
        let requestedLimit = request.renameLimit.flatMap { $0 < 0 ? nil : $0 }
        let renameOptions = RenameOptions(setting, limit: requestedLimit ?? configuredLimit, environment: environment)
        let results = request.useCache ? ResultCache(for: self) : nil
        var source = ""
        var walked = WalkedTree()
        var entries = try collectEntries(resolved, request: request, config: config, includeUnmodified: renameOptions?.harder ?? false,
                                         pathspec: pathspec, results: results, source: &source, walked: &walked)
        trace.mark("collect \(entries.count) entries\(source)")
        var warnings = resolved.warnings
        var renames = RenameResult(pairs: [], removed: [], warnings: [])
        // Looked up once, the first time content is read.
        var attributesFound: Bool?
        let attributes = { [unowned self] in
            if let attributesFound { return attributesFound }
            attributesFound = self.attributeFilesExist(config: config)
            return attributesFound!
        }
        var backend: RepositorySimilarityBackend?
        var diffRules: DiffAttributeRules??
        let rules = { [unowned self, entries] () -> DiffAttributeRules? in
            if let diffRules { return diffRules }
            let paths = entries.lazy.flatMap { [$0.old?.path, $0.new?.path].compactMap { $0 } }
            diffRules = .some(attributes() ? try? DiffAttributeRules.make(repository: self, config: config,
                directories: DiffAttributeRules.directories(of: paths), readsIndex: resolved.readsIndex) : nil)
            return diffRules!
        }
        if let renameOptions {
            try computeWorkingTreeIDs(&entries)
            var detector = RenameDetector(options: renameOptions, workers: workers)
            backend = RepositorySimilarityBackend(location: location, attributes: attributes,
                                                  keepsContent: request.countLines, results: results)
            backend!.readsIndex = resolved.readsIndex
            backend!.diffRules = rules
            renames = try detector.detect(entries, backend: backend!)
            warnings += renames.warnings
            trace.mark("renames \(renames.pairs.count)")
        }
        var changes: [FileChange] = []
        var jobs: [LineCounter.Job] = []
        changes.reserveCapacity(entries.count)
        var pairOf = [Int](repeating: -1, count: renames.pairs.isEmpty ? 0 : entries.count)   // index into `renames.pairs`
        for (k, pair) in renames.pairs.enumerated() { pairOf[pair.destination] = k }
        for index in entries.indices {
            if renames.isRemoved(index) || entries[index].kind == .unmodified { continue }
            let entry = entries[index]
            if !pairOf.isEmpty, pairOf[index] >= 0, case let pair = renames.pairs[pairOf[index]],
               let source = entries[pair.source].old, let new = entry.new {
                changes.append(FileChange(
                    status: pair.isCopy ? .copied : .renamed, path: RawPath(bytes: new.path),
                    oldPath: RawPath(bytes: source.path), similarity: pair.score * 100 / Similarity.maximumScore,
                    oldMode: FileMode(rawValue: source.mode), newMode: FileMode(rawValue: new.mode)
                ).withSubmoduleCommits(old: source, new: new))
                jobs.append(LineCounter.Job(old: source, new: new))
                continue
            }
            changes.append(Self.fileChange(entry))
            jobs.append(LineCounter.Job(old: entry.old, new: entry.new))
        }
        trace.mark("changes \(changes.count)")
        var changedLines: ChangedLines?
        var countsLater: (counter: LineCounter, counted: [Int], work: [LineCounter.Job])?
        if request.countLines {
            let counted = changes.indicesToCount()
            let work = counted.map { jobs[$0] }
            var counter = LineCounter(location: location, attributes: attributes())
            counter.diffRules = rules()
            counter.results = results
            counter.readsIndex = resolved.readsIndex
            if request.hunks { counter.hunkOptions = config.patchOptions(environment: environment) }
            if let backend {
                // Contents read for scoring serve the line counts of the pairs that matched.
                var ids = Set<ObjectID>()
                for pair in renames.pairs where pair.score < Similarity.maximumScore {
                    if let id = entries[pair.source].old?.id { ids.insert(id) }
                    if let id = entries[pair.destination].new?.id { ids.insert(id) }
                }
                backend.keepOnly(ids)
                counter.cache = backend.kept
            }
            if request.countsLater && !request.hunks {
                // A comparison of trees found in the cache has its counts there too, most likely:
                // those are given at once, the rest made later.
                let stored = source.isEmpty ? Array(repeating: nil, count: work.count) : try counter.storedCounts(work)
                let found = stored.indices.filter { stored[$0] != nil }
                changes.setCounts(found.map { stored[$0]! }, at: found.map { counted[$0] })
                let missing = stored.indices.filter { stored[$0] == nil }
                if !missing.isEmpty { countsLater = (counter, missing.map { counted[$0] }, missing.map { work[$0] }) }
                trace.mark("stored line counts \(found.count)")
            } else {
                let (counts, hunks) = try counter.countWithHunks(work)
                trace.mark("line counts \(work.count)")
                changes.setCounts(counts, at: counted)
                if request.hunks {
                    changedLines = ChangedLines(zip(counted, hunks).map { (changes[$0].path, $1) })
                    trace.mark("hunks \(changedLines?.hunkCount ?? 0)")
                }
            }
        }
        // The cache is written while the rest (and the report) is done; nothing below touches it.
        let pendingSave = countsLater != nil ? nil : results.map { results in PendingCacheSave { results.save() } }
        var newObjects: [ObjectHash?] = []
        var oldObjects: [ObjectHash?] = []
        if request.newObjects != .none {
            newObjects = try newObjectIDs(of: changes, sides: jobs.map(\.new), wanted: request.newObjects)
            oldObjects = jobs.map { job in job.old.flatMap { $0.id.isZero ? nil : $0.id.hash } }
            trace.mark("new object ids")
        }
        var untrackedLeftOut: Int?
        if case .index = resolved.newSide {
            untrackedLeftOut = try markPartiallyStaged(&changes, request: request, resolved: resolved, config: config,
                                                       pathspec: pathspec)
            trace.mark("unstaged changes")
        }
        var pendingCounts: PendingLineCounts?
        if let countsLater {
            let places = Self.sortByPathKeepingPlaces(&changes, with: &newObjects, &oldObjects)
            pendingCounts = PendingLineCounts(countsLater.counter, jobs: countsLater.work,
                                              positions: countsLater.counted.map { places[$0] }, results: results)
        } else {
            Self.sortByPath(&changes, with: &newObjects, &oldObjects)
        }
        trace.mark("sorted")
        var newTree: ObjectID?
        if case .tree(let tree) = resolved.newSide { newTree = tree.id }
        return ChangeSet(kind: resolved.kind, spec: resolved.spec, oldID: resolved.oldID, newID: resolved.newID,
                         changes: changes, warnings: warnings, trace: trace.marks, newObjects: newObjects, oldObjects: oldObjects,
                         untrackedLeftOut: untrackedLeftOut, newTree: newTree, baseRevision: resolved.baseRevision,
                         newTreeStep: walked.step,
                         newTreeNotes: walked.notes, changedLines: changedLines, pendingSave: pendingSave,
                         pendingCounts: pendingCounts)
    }

    /// Sorts `changes` by path in byte order, and `newObjects` and `oldObjects` (each when
    /// not empty) with them; returns, for each change's index before, its index now.
    private static func sortByPathKeepingPlaces(_ changes: inout [FileChange], with newObjects: inout [ObjectHash?],
                                                _ oldObjects: inout [ObjectHash?]) -> [Int] {
        let order = changes.indices.sorted { changes[$0].path < changes[$1].path }
        changes = order.map { changes[$0] }
        if !newObjects.isEmpty { newObjects = order.map { newObjects[$0] } }
        if !oldObjects.isEmpty { oldObjects = order.map { oldObjects[$0] } }
        var places = [Int](repeating: 0, count: order.count)
        for (place, index) in order.enumerated() { places[index] = place }
        return places
    }

    /// git's filepairs with renames off, in path order, limited to `pathspec`.
    private func collectEntries(_ resolved: ResolvedComparison, request: ComparisonRequest, config: RepositoryConfig,
                                includeUnmodified: Bool, pathspec: Pathspec?, results: ResultCache?,
                                source: inout String, walked found: inout WalkedTree) throws -> [ChangeEntry] {
        let submodules = try submoduleIgnores(config: config)
        let filter = pathspec.map { PathspecFilter(pathspec: $0, repository: self) }
        if case .tree(let newTree) = resolved.newSide {
            let walked: [ChangeEntry]
            if let results, let oldTree = resolved.oldTree, pathspec == nil, !includeUnmodified {
                walked = try treeEntries(oldTree.id, newTree.id, results: results, source: &source, walked: &found)
            } else {
                (walked, found.notes) = try TreeWalk.parallel(repository: self, old: resolved.oldTree?.id, new: newTree.id,
                                                              includeUnmodified: includeUnmodified, pathspec: pathspec)
            }
            let entries = submodules.filter(walked, repository: self)
            return try filter?.keep(entries) ?? entries
        }
        var builder = DiffOptionsBuilder(request: request, includeUnmodified: includeUnmodified)
        builder.submoduleIgnore = submodules.libgit2Level
        builder.directories = pathspec?.enclosingDirectories ?? []
        let exceptions = try indexExceptions(for: resolved, config: config)
        let diff = try makeDiff(resolved, builder: builder)
        let workingTree = { if case .workingTree = resolved.newSide { true } else { false } }()
        var entries = DiffEntries.read(diff, workingTree: workingTree)
        if workingTree { entries = try droppingStatOnlyChanges(entries, includeUnmodified: includeUnmodified, config: config) }
        entries = submodules.filter(try corrected(entries, for: exceptions, resolved: resolved, builder: builder, config: config),
                                    repository: self)
        entries.sort { $0.path.lexicographicallyPrecedes($1.path) }
        return try filter?.keep(entries) ?? entries
    }

    /// The entries between two trees through the results cache: stored ones, else those
    /// composed from the stored comparison of `old` with the tree it was last compared with
    /// and a walk from that tree to `new` (a branch that grew; stored as that step), else a
    /// whole walk. `source` says which, for the trace; `walked` gets the step walked, or the
    /// whole walk's notes.
    private func treeEntries(_ old: ObjectID, _ new: ObjectID, results: ResultCache, source: inout String,
                             walked found: inout WalkedTree) throws -> [ChangeEntry] {
        if let stored = results.treeDiff(old, new) {
            source = " (cached)"
            return stored.entries
        }
        if let previous = results.recentTrees(comparedWith: old).first(where: { $0 != new }),
           let base = results.treeDiff(old, previous),
           let step = try? TreeWalk.parallel(repository: self, old: previous, new: new, includeUnmodified: false).entries {
            let entries = TreeWalk.composed(base: base.entries, step: step)
            source = " (composed with \(step.count) entries walked)"
            found.step = TreeStep(previous: previous, entries: step)
            if base.chain < ResultCache.longestChain {
                results.add(treeDiffStep: step, from: previous, old, new)
            } else {
                results.add(treeDiff: entries, old, new)
            }
            return entries
        }
        let walked: [ChangeEntry]
        (walked, found.notes) = try TreeWalk.parallel(repository: self, old: old, new: new, includeUnmodified: false)
        results.add(treeDiff: walked, old, new)
        return walked
    }

    /// Working-tree files whose id libgit2 did not compute get the id `git add` would give them,
    /// for exact rename matching.
    private func computeWorkingTreeIDs(_ entries: inout [ChangeEntry]) throws {
        let missing = entries.indices.filter { entries[$0].kind == .added && entries[$0].new?.id.isZero == true }
        if missing.isEmpty { return }
        let snapshot = entries
        let location = location
        let ids = try Parallel.map(count: missing.count, workers: workers, context: { try BlobReader(location) }) { reader, k in
            try reader.workingTreeID(of: snapshot[missing[k]].new!)
        }
        for (k, index) in missing.enumerated() { entries[index].new!.id = ids[k] }
    }

    private func makeDiff(_ resolved: ResolvedComparison, builder: DiffOptionsBuilder) throws -> DiffHandle {
        var diff: OpaquePointer?
        let oldTree = resolved.oldTree?.pointer
        let code: Int32
        switch resolved.newSide {
        case .tree(let newTree):
            code = builder.withDiffOptions(workingTree: false) { options in
                git_diff_tree_to_tree(&diff, handle, oldTree, newTree.pointer, &options)
            }
        case .index:
            code = builder.withDiffOptions(workingTree: false) { options in
                git_diff_tree_to_index(&diff, handle, oldTree, nil, &options)
            }
        case .workingTree:
            code = builder.withDiffOptions(workingTree: true) { options in
                git_diff_tree_to_workdir_with_index(&diff, handle, oldTree, &options)
            }
        }
        guard code == 0, let diff else {
            let error = diffError(code)
            if case .corruptIndex = error { throw error }
            if case .sparseIndex = error { throw error }
            if case .unreadableFile = error { throw error }
            try diagnoseTrees(resolved)
            throw error
        }
        return DiffHandle(diff)
    }

    /// Walks the compared trees with ``TreeWalk``, whose errors name the unreadable tree and
    /// its path: libgit2's diff does not say which object failed.
    private func diagnoseTrees(_ resolved: ResolvedComparison) throws {
        var walk = try TreeWalk(repository: self, includeUnmodified: false)
        var newTree: ObjectID?
        if case .tree(let tree) = resolved.newSide { newTree = tree.id }
        try walk.run(prefix: [], old: resolved.oldTree?.id, new: newTree)
    }

    static func fileChange(_ entry: ChangeEntry) -> FileChange {
        let status: ChangeStatus
        switch entry.kind {
        case .added: status = .added
        case .deleted: status = .deleted
        case .modified, .unmodified: status = .modified
        case .typeChanged: status = .typeChanged
        case .untracked: status = .untracked
        case .unmerged: status = .unmerged
        }
        return FileChange(
            status: status, path: RawPath(bytes: entry.path),
            oldMode: status == .untracked || entry.old?.mode == 0 ? nil : entry.old.map { FileMode(rawValue: $0.mode) },
            newMode: entry.new.map { FileMode(rawValue: $0.mode) } ?? nil
        ).withSubmoduleCommits(old: entry.old, new: entry.new)
    }

    static func path(_ pointer: UnsafePointer<CChar>?) -> RawPath {
        guard let pointer else { return RawPath(bytes: []) }
        let length = strlen(pointer)
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            RawPath(bytes: Array(UnsafeBufferPointer(start: $0, count: length)))
        }
    }
}

/// libgit2's diff (renames off) as ``ChangeEntry`` values.
enum DiffEntries {
    static func read(_ diff: DiffHandle, workingTree: Bool) -> [ChangeEntry] {
        let count = git_diff_num_deltas(diff.pointer)
        var entries: [ChangeEntry] = []
        entries.reserveCapacity(count)
        for index in 0..<count {
            guard let delta = git_diff_get_delta(diff.pointer, index)?.pointee else { continue }
            let kind: ChangeEntry.Kind
            switch delta.status {
            case GIT_DELTA_ADDED: kind = .added
            case GIT_DELTA_DELETED: kind = .deleted
            case GIT_DELTA_MODIFIED: kind = .modified
            case GIT_DELTA_TYPECHANGE: kind = .typeChanged
            case GIT_DELTA_UNMODIFIED: kind = .unmodified
            case GIT_DELTA_UNTRACKED: kind = .untracked
            case GIT_DELTA_CONFLICTED: kind = .unmerged
            default: continue
            }
            let old = kind == .added || kind == .untracked ? nil : side(delta.old_file, workingTree: false)
            let new = kind == .deleted ? nil : side(delta.new_file, workingTree: workingTree)
            entries.append(ChangeEntry(kind: kind, old: old, new: new))
        }
        return entries
    }

    private static func side(_ file: git_diff_file, workingTree: Bool) -> FileSide {
        // A working-tree submodule's id is its checked-out commit, which libgit2 does not mark valid.
        let valid = file.flags & GIT_DIFF_FLAG_VALID_ID.rawValue != 0 || (workingTree && file.mode == GIT_FILEMODE_COMMIT.rawValue)
        return FileSide(path: Repository.path(file.path).bytes, mode: UInt32(file.mode),
                        id: valid ? ObjectID(file.id) : .zero, inWorkingTree: workingTree)
    }
}

/// What the comparison's own walk of its new tree leaves for the attribute lookup: the step
/// from a tree compared before, when the comparison was composed; the walk's notes, when the
/// whole new tree was walked.
private struct WalkedTree {
    var step: TreeStep?
    var notes: TreeWalkNotes?
}

/// Builds libgit2's diff options for a request (renames off: pairing is ours), and keeps the
/// C strings alive as long as the options are in use.
struct DiffOptionsBuilder {
    let request: ComparisonRequest
    /// List unmodified files too (copy sources for `--find-copies-harder`).
    let includeUnmodified: Bool
    /// What submodule changes the working-tree diff leaves out (see ``SubmoduleIgnores``).
    var submoduleIgnore = GIT_SUBMODULE_IGNORE_UNTRACKED
    /// Directories holding every path the pathspec can match (see ``Pathspec``), given to
    /// libgit2 as its pathspecs (plain names it matches as directory prefixes, and walks only
    /// below their common prefix); the pathspec itself is applied afterwards.
    var directories: [[UInt8]] = []
    /// Take ``directories`` as literal paths (`GIT_DIFF_DISABLE_PATHSPEC_MATCH`): no wildcards.
    var literalDirectories = false

    /// Runs `body` with diff options for a comparison whose new side is `newSide`.
    func withDiffOptions<T>(workingTree: Bool, _ body: (inout git_diff_options) throws -> T) rethrows -> T {
        var options = git_diff_options()
        git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION))
        var flags = GIT_DIFF_INCLUDE_TYPECHANGE.rawValue
        if workingTree && request.includeUntracked {
            flags |= GIT_DIFF_INCLUDE_UNTRACKED.rawValue | GIT_DIFF_RECURSE_UNTRACKED_DIRS.rawValue
        }
        if includeUnmodified {
            flags |= GIT_DIFF_INCLUDE_UNMODIFIED.rawValue
        }
        if literalDirectories {
            flags |= GIT_DIFF_DISABLE_PATHSPEC_MATCH.rawValue
        }
        options.flags = flags
        options.context_lines = 0
        options.interhunk_lines = 0
        options.ignore_submodules = submoduleIgnore
        let cStrings = directories.map { directory in directory.withCString { strdup($0) } }
        defer { cStrings.forEach { free($0) } }
        var pointers: [UnsafeMutablePointer<CChar>?] = cStrings
        return try pointers.withUnsafeMutableBufferPointer { buffer in
            options.pathspec = git_strarray(strings: buffer.baseAddress, count: buffer.count)
            return try body(&options)
        }
    }
}
