import Foundation
import Glibc
import Packages
import TreeModel
internal import CLibGit2

extension Repository {
    /// Every package manifest of the change set's new side (see Docs/Packages.md): a
    /// commit comparison's new tree, the index under `--staged`, else the working tree
    /// (the index's paths, read from the files, with the change set's untracked files).
    /// Only blobs named as manifests are read; one larger than ``ManifestFile/largestSize``
    /// comes back as ``ManifestFile/Contents/tooLarge(_:)``. With `cache`, which manifests
    /// a commit's subtrees hold is kept in the results cache by each subtree's id.
    public func manifests(of changeSet: ChangeSet, cache: Bool = true) throws -> [ManifestFile] {
        try ManifestSource(self, changeSet: changeSet, cache: cache).read(in: self)
    }

    /// The manifests of `side`, with `untracked` paths for the working tree.
    func manifests(of side: ComparedSide, untracked: [[UInt8]], cache: Bool) throws -> [ManifestFile] {
        switch side {
        case .tree(let id): try treeManifests(id, cache: cache)
        case .index: try indexManifests(fromWorkingTree: false, untracked: [])
        case .workingTree: try indexManifests(fromWorkingTree: true, untracked: untracked)
        }
    }

    /// Every package manifest of the working tree: the index's paths read from the files,
    /// and `untracked` paths that are manifests.
    public func workingTreeManifests(untracked: [[UInt8]] = []) throws -> [ManifestFile] {
        try indexManifests(fromWorkingTree: true, untracked: untracked)
    }

    /// The manifests of tree `id`: the top two levels read here; below them, each subtree's
    /// from the results cache when a run before walked the same subtree
    /// (``ManifestEntries``), else walked, the subtrees split into runs on several threads,
    /// each with its own handle. Only the manifests' blobs are read, once they are known.
    private func treeManifests(_ id: ObjectID, cache: Bool) throws -> [ManifestFile] {
        var found: [ManifestEntries.Entry] = []
        var level = [(prefix: [UInt8](), id: id)]
        let database = try ObjectDatabase(self)
        for _ in 0..<2 {
            var next: [(prefix: [UInt8], id: ObjectID)] = []
            for item in level {
                next += try Self.readManifests(in: item.id, prefix: item.prefix, repository: self, database: database, into: &found)
            }
            level = next
        }
        let results = cache ? ResultCache(for: self) : nil
        var unknown: [(prefix: [UInt8], id: ObjectID)] = []
        for item in level {
            let key = CacheKey(.manifestEntries, item.id)
            if let results, let kept = results.store.value(for: key).flatMap(ManifestEntries.init(encoded:)) {
                results.noteUsed(key)
                found += kept.entries.map { ManifestEntries.Entry(path: item.prefix + $0.path, blob: $0.blob) }
            } else {
                unknown.append(item)
            }
        }
        for (item, entries) in zip(unknown, try walkedManifests(of: unknown, database: database)) {
            let relative = entries.map { ManifestEntries.Entry(path: Array($0.path[item.prefix.count...]), blob: $0.blob) }
            results?.add(value: ManifestEntries(relative).encoded, for: CacheKey(.manifestEntries, item.id))
            found += entries
        }
        results?.save()
        found.sort { $0.path.lexicographicallyPrecedes($1.path) }
        return try found.map { ManifestFile(path: $0.path, contents: try manifestContents(blob: $0.blob)) }
    }

    /// The manifests of each of `trees` and below, walked in runs on several threads.
    private func walkedManifests(of trees: [(prefix: [UInt8], id: ObjectID)], database: ObjectDatabase) throws -> [[ManifestEntries.Entry]] {
        let runs = max(1, min(workers, trees.count / 16))
        let location = self.location
        let parts = try Parallel.map(count: runs, chunk: 1, workers: runs, context: { () throws -> (Repository, ObjectDatabase) in
            if runs == 1 { return (self, database) }
            let handle = try location.open()
            return (handle, try ObjectDatabase(handle))
        }) { context, run in
            try trees[trees.count * run / runs..<trees.count * (run + 1) / runs].map { tree in
                var part: [ManifestEntries.Entry] = []
                try Self.collectManifests(in: tree.id, prefix: tree.prefix, repository: context.0, database: context.1, into: &part)
                return part
            }
        }
        return Array(parts.joined())
    }

    /// Every manifest of tree `id` (at `prefix`) and below.
    private static func collectManifests(in id: ObjectID, prefix: [UInt8], repository: Repository, database: ObjectDatabase,
                                         into found: inout [ManifestEntries.Entry]) throws {
        for child in try readManifests(in: id, prefix: prefix, repository: repository, database: database, into: &found) {
            try collectManifests(in: child.id, prefix: child.prefix, repository: repository, database: database, into: &found)
        }
    }

    /// Reads tree `id`'s entries by name: the blobs named as manifests into `found`; returns
    /// its subtrees, each with its prefix (ending in `/`).
    private static func readManifests(in id: ObjectID, prefix: [UInt8], repository: Repository, database: ObjectDatabase,
                                      into found: inout [ManifestEntries.Entry]) throws -> [(prefix: [UInt8], id: ObjectID)] {
        var subtrees: [(prefix: [UInt8], id: ObjectID)] = []
        let tree = try RawTree(database, id, path: prefix, objectsDirectory: repository.objectsDirectory)
        for item in tree.items {
            if item.isTree {
                subtrees.append((prefix + Array(item.name) + [UInt8(ascii: "/")], item.id))
            } else if item.mode & 0o170000 == 0o100000, ManifestFile.isManifestName(item.name) {
                found.append(ManifestEntries.Entry(path: prefix + Array(item.name), blob: item.id))
            }
        }
        return subtrees
    }

    private func indexManifests(fromWorkingTree: Bool, untracked: [[UInt8]]) throws -> [ManifestFile] {
        try loadIndex()
        var index: OpaquePointer?
        try LibGit2.check(git_repository_index(&index, handle))
        defer { git_index_free(index) }
        var found: [ManifestFile] = []
        var seen = Set<[UInt8]>()
        let workdir = fromWorkingTree ? self.workdir : nil
        for position in 0..<git_index_entrycount(index) {
            guard let entry = git_index_get_byindex(index, position)?.pointee, let cPath = entry.path,
                  entry.mode & 0o170000 == 0o100000, git_index_entry_stage(git_index_get_byindex(index, position)) == 0 else { continue }
            let length = strlen(cPath)
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(cPath).assumingMemoryBound(to: UInt8.self), count: length)
            let nameStart = (bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
            let name = UnsafeBufferPointer(rebasing: bytes[nameStart...])
            guard ManifestFile.isManifestName(name) else { continue }
            let path = Array(bytes)
            if let workdir {
                guard let contents = Self.workingTreeContents(workdir: workdir, path: path) else { continue }
                seen.insert(path)
                found.append(ManifestFile(path: path, contents: contents))
            } else {
                found.append(ManifestFile(path: path, contents: try manifestContents(blob: ObjectID(entry.id))))
            }
        }
        if let workdir {
            for path in untracked where !seen.contains(path) {
                let name = path.lastIndex(of: UInt8(ascii: "/")).map { path[($0 + 1)...] } ?? path[...]
                guard ManifestFile.isManifestName(name), let contents = Self.workingTreeContents(workdir: workdir, path: path) else { continue }
                found.append(ManifestFile(path: path, contents: contents))
            }
            found.sort { $0.path.lexicographicallyPrecedes($1.path) }
        }
        return found
    }

    private func manifestContents(blob id: ObjectID) throws -> ManifestFile.Contents {
        var oid = id.oid
        var object: OpaquePointer?
        try LibGit2.check(git_blob_lookup(&object, handle, &oid))
        defer { git_blob_free(object) }
        let size = Int(git_blob_rawsize(object))
        guard size <= ManifestFile.largestSize else { return .tooLarge(size) }
        guard size > 0, let content = git_blob_rawcontent(object) else { return .bytes([]) }
        return .bytes(Array(UnsafeRawBufferPointer(start: content, count: size)))
    }

    /// A working-tree file's contents, bounded; `nil` when it is not a regular file there.
    private static func workingTreeContents(workdir: String, path: [UInt8]) -> ManifestFile.Contents? {
        let full = Array(workdir.utf8) + path
        let descriptor = full.withCString { Glibc.open($0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        guard descriptor >= 0 else { return nil }
        defer { Glibc.close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(status.st_size)
        guard size <= ManifestFile.largestSize else { return .tooLarge(size) }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + done, size - done) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            done += count
        }
        return .bytes(Array(bytes[..<done]))
    }
}
