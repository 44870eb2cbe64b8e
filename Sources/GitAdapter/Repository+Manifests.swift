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
    /// comes back as ``ManifestFile/Contents/tooLarge(_:)``.
    public func manifests(of changeSet: ChangeSet) throws -> [ManifestFile] {
        switch changeSet.newSide {
        case .tree(let id): return try treeManifests(id)
        case .index: return try indexManifests(fromWorkingTree: false, untracked: [])
        case .workingTree:
            let untracked = changeSet.changes.lazy.filter { $0.status == .untracked }.map(\.path.bytes)
            return try indexManifests(fromWorkingTree: true, untracked: Array(untracked))
        }
    }

    /// Every package manifest of the working tree: the index's paths read from the files,
    /// and `untracked` paths that are manifests.
    public func workingTreeManifests(untracked: [[UInt8]] = []) throws -> [ManifestFile] {
        try indexManifests(fromWorkingTree: true, untracked: untracked)
    }

    private func treeManifests(_ id: ObjectID) throws -> [ManifestFile] {
        var oid = id.oid
        var root: OpaquePointer?
        try LibGit2.check(git_tree_lookup(&root, handle, &oid))
        defer { git_tree_free(root) }
        var found: [ManifestFile] = []
        var prefix: [UInt8] = []
        try collectManifests(in: root!, prefix: &prefix, into: &found)
        return found
    }

    /// Walks `tree` by entry names, reading only the blobs named as manifests.
    private func collectManifests(in tree: OpaquePointer, prefix: inout [UInt8], into found: inout [ManifestFile]) throws {
        let count = git_tree_entrycount(tree)
        for position in 0..<count {
            guard let entry = git_tree_entry_byindex(tree, position), let name = git_tree_entry_name(entry) else { continue }
            let type = git_tree_entry_type(entry)
            let length = strlen(name)
            let nameBytes = UnsafeBufferPointer(start: UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self), count: length)
            if type == GIT_OBJECT_TREE {
                var child: OpaquePointer?
                try LibGit2.check(git_tree_lookup(&child, handle, git_tree_entry_id(entry)))
                defer { git_tree_free(child) }
                let mark = prefix.count
                prefix.append(contentsOf: nameBytes)
                prefix.append(UInt8(ascii: "/"))
                try collectManifests(in: child!, prefix: &prefix, into: &found)
                prefix.removeSubrange(mark...)
            } else if type == GIT_OBJECT_BLOB, Self.mayBeManifest(nameBytes), ManifestFile.isManifestName(nameBytes),
                      UInt32(git_tree_entry_filemode(entry).rawValue) & 0o170000 == 0o100000 {
                let id = ObjectID(git_tree_entry_id(entry).pointee)
                found.append(ManifestFile(path: prefix + Array(nameBytes), contents: try manifestContents(blob: id)))
            }
        }
    }

    private func indexManifests(fromWorkingTree: Bool, untracked: [[UInt8]]) throws -> [ManifestFile] {
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
            guard Self.mayBeManifest(name), ManifestFile.isManifestName(name) else { continue }
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

    /// A quick test before comparing names: every manifest name starts with one of `P p C g`.
    private static func mayBeManifest(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = name.first, name.count >= 6 else { return false }
        return first == UInt8(ascii: "P") || first == UInt8(ascii: "p") || first == UInt8(ascii: "C") || first == UInt8(ascii: "g")
    }
}
