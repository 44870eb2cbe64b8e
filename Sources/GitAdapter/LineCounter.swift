internal import CLibGit2
import Background
import Foundation
import TreeModel

/// Line counts as `git diff --numstat` prints them, for pairs of file sides, on all cores.
///
/// Work that needs no diff is done without one: the same blob on both sides is 0/0 and an
/// added or deleted file counts its lines; everything else goes through libgit2's xdiff
/// (git's own), adding up hunk headers, one repository handle per worker. With
/// ``hunkOptions`` (`--hunks`) a pair is diffed as `git diff -U0` diffs it and its hunks are
/// kept: the counts are then those hunks' totals, `git diff -U0 --numstat`'s.
struct LineCounter {
    /// One file to count: the old and new sides (`nil` for none).
    struct Job: Sendable {
        var old: FileSide?
        var new: FileSide?
    }

    /// What `--numstat` shows for one file.
    struct Count: Sendable, Equatable {
        var insertions: Int
        var deletions: Int
        var binary: Bool
    }

    let location: RepositoryLocation
    /// Whether any gitattributes file could apply; when none does, binary is decided by content
    /// alone and no attribute lookup (a `stat` per directory level) is made.
    let attributes: Bool
    /// Contents already read, by blob id (rename scoring keeps those of the pairs it matched).
    var cache: [ObjectID: [UInt8]] = [:]

    /// Counts already made, by blob ids (``ResultCache``); what this run counts is added to it.
    var results: ResultCache?
    /// Whether the workers' handles read the index (not for two trees: see ``BlobReader``).
    var readsIndex = true
    /// The `diff` attributes decided without libgit2, when they could be (``DiffAttributeRules``).
    var diffRules: DiffAttributeRules?
    /// The diff options of the hunks to keep (`diff.algorithm`, `diff.indentHeuristic`; no
    /// context); `nil` keeps none.
    var hunkOptions: PatchOptions?

    func count(_ jobs: [Job]) throws -> [Count] {
        try countWithHunks(jobs).counts
    }

    /// The counts of `jobs` and, when ``hunkOptions`` asks for them, each job's hunks (none
    /// for a binary file or an unchanged content; empty arrays without ``hunkOptions``).
    /// With `yielding` (the browser's counts, made while it answers keys), the workers are
    /// threads of their own at ``BackgroundThread/yieldingNiceness``, and `made` is told each
    /// count as soon as it is made (on the thread that made it), with the job's index.
    func countWithHunks(_ jobs: [Job], yielding made: (@Sendable (Int, Count) -> Void)? = nil) throws
        -> (counts: [Count], hunks: [[LineHunk]]) {
        let (results, readsIndex, hunkOptions, cache, attributes, location) = (results, readsIndex, hunkOptions, cache,
                                                                                attributes, location)
        let diffRules = diffRules
        let context = { @Sendable in
            let reader = try BlobReader(location, readsIndex: readsIndex)
            reader.cache = cache
            reader.diffRules = diffRules
            return Worker(reader, attributes: attributes, results: results, hunkOptions: hunkOptions)
        }
        let outcomes = if let made {
            try Parallel.map(count: jobs.count, chunk: 1, workers: location.workers, niceness: BackgroundThread.yieldingNiceness,
                             context: context) { worker, index in
                let count = try worker.count(jobs[index])
                made(index, count)
                return (count, worker.key, worker.stored, worker.hunks)
            }
        } else {
            try Parallel.map(count: jobs.count, chunk: 1, workers: location.workers, context: context) { worker, index in
                let count = try worker.count(jobs[index])
                return (count, worker.key, worker.stored, worker.hunks)
            }
        }
        if let results {
            for (_, key, stored, _) in outcomes {
                guard let key else { continue }
                if let stored { results.add(stored, for: key) } else { results.noteUsed(key) }
            }
        }
        return (outcomes.map(\.0), hunkOptions == nil ? [] : outcomes.map(\.3))
    }

    /// Counts on one thread with its own repository handle.
    final class Worker {
        let reader: BlobReader
        let attributes: Bool
        let results: ResultCache?
        /// The cache key of the last count, when it depended on content read by id.
        private(set) var key: CacheKey?
        /// What to store under ``key`` when the last count was computed, not found.
        private(set) var stored: Count?
        /// The hunks of the last count, when ``hunkOptions`` asks for them.
        private(set) var hunks: [LineHunk] = []
        let hunkOptions: PatchOptions?
        /// Whether a count is only looked up in the results cache, never made (``NotStored``
        /// when it is not there): nothing is read.
        var onlyStored = false
        private var options = git_diff_options()
        private var textOptions = git_diff_options()

        init(_ reader: BlobReader, attributes: Bool, results: ResultCache? = nil, hunkOptions: PatchOptions? = nil) {
            self.reader = reader
            self.attributes = attributes
            self.results = results
            self.hunkOptions = hunkOptions
            git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION))
            options.context_lines = 0
            options.interhunk_lines = 0
            options.flags |= hunkOptions?.algorithmFlags ?? 0
            textOptions = options
            textOptions.flags |= GIT_DIFF_FORCE_TEXT.rawValue
        }

        func count(_ job: Job) throws -> Count {
            key = nil
            stored = nil
            hunks = []
            switch (job.old, job.new) {
            case (nil, nil):
                return Count(insertions: 0, deletions: 0, binary: false)
            case (let old?, nil):
                let (lines, binary) = try lineCount(old)
                if !binary { noteWholeSide(lines: lines, added: false) }
                return Count(insertions: 0, deletions: binary ? 0 : lines, binary: binary)
            case (nil, let new?):
                let (lines, binary) = try lineCount(new)
                if !binary { noteWholeSide(lines: lines, added: true) }
                return Count(insertions: binary ? 0 : lines, deletions: 0, binary: binary)
            case (let old?, let new?):
                let kindChanged = old.mode & 0o170000 != new.mode & 0o170000
                if !kindChanged && old.id == new.id && !old.id.isZero && !old.isSubmodule {
                    let binary = try isBinary(old, sameContentAs: new)
                    return Count(insertions: 0, deletions: 0, binary: binary)
                }
                return try diff(old, new)
            }
        }

        /// The hunk of a whole side added or deleted, as `git diff -U0` heads it
        /// (`@@ -0,0 +1,n @@`, `@@ -1,n +0,0 @@`); none for an empty side.
        private func noteWholeSide(lines: Int, added: Bool) {
            guard hunkOptions != nil, lines > 0 else { return }
            hunks = [added ? LineHunk(oldStart: 0, oldLines: 0, newStart: 1, newLines: lines)
                           : LineHunk(oldStart: 1, oldLines: lines, newStart: 0, newLines: 0)]
        }

        /// The count stored under `key` when the sides' content is named by their ids, else
        /// `compute()`; either way ``key`` and ``stored`` tell what happened.
        private func remembered(_ key: CacheKey, sides: [FileSide], _ compute: () throws -> Count) throws -> Count {
            guard let results, sides.allSatisfy({ !$0.inWorkingTree && !$0.id.isZero && !$0.isSubmodule }) else {
                if onlyStored { throw NotStored() }
                return try compute()
            }
            self.key = key
            if let count = results.count(key) { return count }
            if onlyStored { throw NotStored() }
            let count = try compute()
            stored = count
            return count
        }

        /// Whether git treats a pair with one blob on both sides as binary: by either path's
        /// `diff` attribute, else by a NUL in the first 8,000 bytes.
        private func isBinary(_ old: FileSide, sameContentAs new: FileSide) throws -> Bool {
            let byAttribute = [attribute(old), attribute(new)]
            if byAttribute.contains(true) { return true }
            if byAttribute.allSatisfy({ $0 == false }) { return false }
            return try remembered(CacheKey(.binaryOfBlob, old.id), sides: [old]) {
                let binary = try reader.withContent(of: old) { Similarity.isBinary($0) }
                return Count(insertions: 0, deletions: 0, binary: binary)
            }.binary
        }

        /// The `diff` attribute: `true` for `-diff` (or `binary`), `false` for `diff`, `nil`
        /// when unspecified or a named driver.
        private func attribute(_ side: FileSide) -> Bool? {
            guard attributes, !side.isSubmodule else { return nil }
            return reader.diffAttributeSaysBinary(side.path)
        }

        /// The number of lines of an added or deleted file (a last line without a newline counts).
        private func lineCount(_ side: FileSide) throws -> (Int, Bool) {
            let forced = attribute(side)
            if forced == true { return (0, true) }
            let key = CacheKey(.lineCountOfBlob, flags: CacheKey.attributeFlag(forced), side.id)
            let count = try remembered(key, sides: [side]) {
                let (lines, binary) = try countLines(side, forced: forced)
                return Count(insertions: lines, deletions: 0, binary: binary)
            }
            return (count.insertions, count.binary)
        }

        private func countLines(_ side: FileSide, forced: Bool?) throws -> (Int, Bool) {
            try reader.withContent(of: side) { bytes in
                if forced == nil && Similarity.isBinary(bytes) { return (0, true) }
                guard bytes.count > 0, let base = bytes.baseAddress else { return (0, false) }
                var lines = 0
                var cursor = base
                let end = base + bytes.count
                while cursor < end, let hit = memchr(cursor, 10, end - cursor) {
                    lines += 1
                    cursor = UnsafeRawPointer(hit) + 1
                }
                if bytes[bytes.count - 1] != 10 { lines += 1 }
                return (lines, false)
            }
        }

        /// Old content against new content through libgit2's xdiff, without paths (so libgit2
        /// looks up no attributes: we did). Type changes compare the old content with the
        /// symlink's target; submodules compare `Subproject commit <id>` lines.
        private func diff(_ old: FileSide, _ new: FileSide) throws -> Count {
            let oldAttribute = attribute(old), newAttribute = attribute(new)
            if oldAttribute == true || newAttribute == true { return Count(insertions: 0, deletions: 0, binary: true) }
            let forceText = oldAttribute == false && newAttribute == false
            if hunkOptions != nil { return try diffAsWithoutContext(old, new, forceText: forceText) }
            return try remembered(CacheKey(.lineCountOfPair, flags: forceText ? 2 : 0, old.id, new.id), sides: [old, new]) {
                try diffContents(old, new, forceText: forceText)
            }
        }

        /// The diff `git diff -U0` makes, whose hunks ``hunks`` keeps: binary by content (a NUL
        /// in the first 8,000 bytes of either side) unless `forceText`, else the contents less
        /// their common tail (``CommonTail``) as text. Its counts are `git diff -U0 --numstat`'s,
        /// so they are neither looked up in the results cache nor kept there.
        private func diffAsWithoutContext(_ old: FileSide, _ new: FileSide, forceText: Bool) throws -> Count {
            let tally = Tally()
            tally.hunks = []
            let payload = Unmanaged.passUnretained(tally).toOpaque()
            let code = try reader.withContent(of: old) { o in
                try reader.withContent(of: new) { n -> Int32? in
                    if !forceText && (Similarity.isBinary(o) || Similarity.isBinary(n)) { return nil }
                    let kept = CommonTail.keptLengths(o, n)
                    return withUnsafePointer(to: textOptions) { options in
                        git_diff_buffers(o.baseAddress, kept.old, nil, n.baseAddress, kept.new, nil, options,
                                         Tally.file, Tally.binary, Tally.hunk, nil, payload)
                    }
                }
            }
            guard let code else { return Count(insertions: 0, deletions: 0, binary: true) }
            try LibGit2.check(code)
            hunks = tally.hunks ?? []
            return Count(insertions: tally.insertions, deletions: tally.deletions, binary: false)
        }

        /// Two stored blobs with different ids go to libgit2 as blob objects; anything else
        /// as buffers, which libgit2 hashes first (a fifth of the work for two blobs). The
        /// blobs' paths are given as empty: given none, libgit2 names both `file` and looks up
        /// that path's `diff` attribute (a `stat` of every attributes file) for each pair.
        private func diffContents(_ old: FileSide, _ new: FileSide, forceText: Bool) throws -> Count {
            let tally = Tally()
            let payload = Unmanaged.passUnretained(tally).toOpaque()
            let code = try withUnsafePointer(to: forceText ? textOptions : options) { options in
                if old.id != new.id, let code = try reader.withStoredBlob(of: old, { o in
                    try reader.withStoredBlob(of: new) { n in
                        git_diff_blobs(o, "", n, "", options, Tally.file, Tally.binary, Tally.hunk, nil, payload)
                    }
                }), let code {
                    return code
                }
                return try reader.withContent(of: old) { o in
                    try reader.withContent(of: new) { n in
                        git_diff_buffers(o.baseAddress, o.count, nil, n.baseAddress, n.count, nil, options,
                                         Tally.file, Tally.binary, Tally.hunk, nil, payload)
                    }
                }
            }
            try LibGit2.check(code)
            if tally.binary { return Count(insertions: 0, deletions: 0, binary: true) }
            return Count(insertions: tally.insertions, deletions: tally.deletions, binary: false)
        }
    }
}

/// Hunk totals of one diff, filled in by libgit2's callbacks.
private final class Tally {
    var insertions = 0
    var deletions = 0
    var binary = false
    /// The hunks, when they are kept.
    var hunks: [LineHunk]?

    static func from(_ payload: UnsafeMutableRawPointer?) -> Tally {
        Unmanaged<Tally>.fromOpaque(payload!).takeUnretainedValue()
    }

    static let file: git_diff_file_cb = { delta, _, payload in
        if let delta, delta.pointee.flags & GIT_DIFF_FLAG_BINARY.rawValue != 0 { Tally.from(payload).binary = true }
        return 0
    }

    static let binary: git_diff_binary_cb = { _, _, payload in
        Tally.from(payload).binary = true
        return 0
    }

    /// With no context lines, a hunk's old and new line counts are its deletions and insertions.
    static let hunk: git_diff_hunk_cb = { _, hunk, payload in
        let tally = Tally.from(payload)
        let hunk = hunk!.pointee
        tally.insertions += Int(hunk.new_lines)
        tally.deletions += Int(hunk.old_lines)
        tally.hunks?.append(LineHunk(oldStart: Int(hunk.old_start), oldLines: Int(hunk.old_lines),
                                     newStart: Int(hunk.new_start), newLines: Int(hunk.new_lines)))
        return 0
    }
}

extension Repository {
    /// Whether any gitattributes file could apply to a path: one tracked in the index or at the
    /// top of the working tree, `info/attributes` (of the git directory or the common one),
    /// `core.attributesFile`, the user's `$XDG_CONFIG_HOME/git/attributes` or the system's
    /// `/etc/gitattributes` (the places come from the environment the repository was opened with).
    func attributeFilesExist(config: RepositoryConfig) -> Bool {
        let manager = FileManager.default
        var candidates = [gitDirectory + "info/attributes", commonGitDirectory + "info/attributes"]
        if configFiles.readsSystemAttributes { candidates.append("/etc/gitattributes") }
        if let workdir { candidates.append(workdir + ".gitattributes") }
        if let xdg = configFiles.xdgGitDirectory { candidates.append(xdg + "/attributes") }
        if config.setsAttributesFile || candidates.contains(where: { manager.fileExists(atPath: $0) }) { return true }
        var index: OpaquePointer?
        guard !isBare, git_repository_index(&index, handle) == 0, let index else { return false }
        defer { git_index_free(index) }
        let name = Array(".gitattributes".utf8)
        for position in 0..<git_index_entrycount(index) {
            guard let path = git_index_get_byindex(index, position)?.pointee.path else { continue }
            let length = strlen(path)
            guard length >= name.count else { continue }
            let matches = path.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
                (0..<name.count).allSatisfy { bytes[length - name.count + $0] == name[$0] }
                    && (length == name.count || bytes[length - name.count - 1] == UInt8(ascii: "/"))
            }
            if matches { return true }
        }
        return false
    }
}
