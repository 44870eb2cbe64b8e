import Annotations
import Foundation
internal import CLibGit2

/// Reads regular files of one side of a comparison by path: a tree's blobs (each subtree
/// looked up once), the index's, or the working tree's files.
///
/// Confined to the thread of the repository it reads.
final class SideReader {
    /// A regular file's blob: its id and mode.
    struct Blob: Equatable {
        var id: ObjectID
        var mode: UInt32
    }

    let side: ComparedSide
    private let repository: Repository
    /// Subtrees by directory path (the root is the empty path); `nil` where the tree has
    /// no such directory.
    private var trees: [[UInt8]: OpaquePointer?] = [:]
    private var index: OpaquePointer?

    init(repository: Repository, side: ComparedSide) throws {
        self.repository = repository
        self.side = side
        switch side {
        case .tree(let id):
            var oid = id.oid
            var tree: OpaquePointer?
            try LibGit2.check(git_tree_lookup(&tree, repository.handle, &oid))
            trees[[]] = tree
        case .index, .workingTree:
            try LibGit2.check(git_repository_index(&index, repository.handle))
        }
    }

    deinit {
        for case let tree? in trees.values { git_tree_free(tree) }
        git_index_free(index)
    }

    /// The regular file at `path` in the tree or the index (a working-tree side reads the
    /// index); `nil` when there is none there, or something else is.
    func blob(at path: [UInt8]) -> Blob? {
        switch side {
        case .tree:
            let slash = path.lastIndex(of: UInt8(ascii: "/"))
            let directory = slash.map { Array(path[..<$0]) } ?? []
            let name = slash.map { Array(path[($0 + 1)...]) } ?? path
            guard let tree = subtree(directory), let entry = Self.entry(named: name, in: tree) else { return nil }
            let mode = UInt32(git_tree_entry_filemode(entry).rawValue)
            guard Self.isRegularFile(mode) else { return nil }
            return Blob(id: ObjectID(git_tree_entry_id(entry).pointee), mode: mode)
        case .index, .workingTree:
            guard let index else { return nil }
            let entry = (path + [0]).withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { git_index_get_bypath(index, $0.baseAddress, 0) }
            }
            guard let entry, Self.isRegularFile(entry.pointee.mode) else { return nil }
            return Blob(id: ObjectID(entry.pointee.id), mode: entry.pointee.mode)
        }
    }

    /// Whether the side has a regular file at `path`; for the working tree, one there or,
    /// as git reads attribute files, in the index.
    func hasFile(at path: [UInt8]) -> Bool {
        if case .workingTree = side, workingTreeFileExists(path) { return true }
        return blob(at: path) != nil
    }

    /// The bytes of the regular file at `path` on this side (the working tree's own file
    /// for a working-tree side); `nil` when there is none.
    func contents(of path: String) throws -> [UInt8]? {
        if case .workingTree = side {
            guard let workdir = repository.workdir, workingTreeFileExists(Array(path.utf8)) else { return nil }
            return FileManager.default.contents(atPath: workdir + path).map(Array.init)
        }
        guard let blob = blob(at: Array(path.utf8)) else { return nil }
        return try repository.blobBytes(blob.id)
    }

    /// The subtree at `directory` (the root for the empty path), looked up once.
    private func subtree(_ directory: [UInt8]) -> OpaquePointer? {
        if let known = trees[directory] { return known }
        let slash = directory.lastIndex(of: UInt8(ascii: "/"))
        let parentPath = slash.map { Array(directory[..<$0]) } ?? []
        let name = slash.map { Array(directory[($0 + 1)...]) } ?? directory
        var found: OpaquePointer?
        if let parent = subtree(parentPath), let entry = Self.entry(named: name, in: parent),
           git_tree_entry_type(entry) == GIT_OBJECT_TREE {
            var child: OpaquePointer?
            if git_tree_lookup(&child, repository.handle, git_tree_entry_id(entry)) == 0 { found = child }
        }
        trees[directory] = found
        return found
    }

    private static func entry(named name: [UInt8], in tree: OpaquePointer) -> OpaquePointer? {
        (name + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { git_tree_entry_byname(tree, $0.baseAddress) }
        }
    }

    /// Whether the working tree has a regular file at `path`.
    func workingTreeFileExists(_ path: [UInt8]) -> Bool {
        guard let workdir = repository.workdir else { return false }
        var status = stat()
        let full = Array(workdir.utf8) + path + [0]
        let found = full.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { lstat($0.baseAddress!, &status) == 0 }
        }
        return found && status.st_mode & S_IFMT == S_IFREG
    }

    private static func isRegularFile(_ mode: UInt32) -> Bool { mode & 0o170000 == 0o100000 }
}

extension Repository {
    /// The bytes of the blob `id`.
    func blobBytes(_ id: ObjectID) throws -> [UInt8] {
        var oid = id.oid
        var object: OpaquePointer?
        try LibGit2.check(git_blob_lookup(&object, handle, &oid))
        defer { git_blob_free(object) }
        let size = Int(git_blob_rawsize(object))
        guard size > 0, let content = git_blob_rawcontent(object) else { return [] }
        return Array(UnsafeRawBufferPointer(start: content, count: size))
    }
}

/// What a ``TreeWalk`` saw of its new tree's `.gitattributes` files: the directories it
/// entered, on either side, and in those the new tree holds, its `.gitattributes` when a
/// regular file (as ``AttributeLookup`` takes it). A directory entered on the old side only
/// is no directory of the new tree, so holds no attributes file there. Every directory on
/// the way to a path the walk found was entered, so a cold comparison's attributes files are
/// found from these notes with no tree read (``attributeFiles(along:)``).
struct TreeWalkNotes: Sendable {
    /// The new tree walked, once known.
    var tree: ObjectID?
    /// The directories entered (empty for the top), without a trailing `/`.
    private(set) var entered: Set<DirectoryName> = []
    /// The new tree's attributes files in the directories entered on the new side.
    private(set) var files: [[UInt8]: SideReader.Blob] = [:]

    /// Notes the directory `prefix` (ending in `/`, empty for the top) as entered, with the
    /// new tree's `.gitattributes` entry there (`mode`, `id`) when it has one.
    mutating func enter(_ prefix: [UInt8], attributesEntry: (mode: UInt32, id: ObjectID)?) {
        let directory = prefix.isEmpty ? prefix : Array(prefix.dropLast())
        entered.insert(DirectoryName(bytes: directory))
        guard let attributesEntry else { return }
        let mode = Self.normalized(attributesEntry.mode)
        if mode & 0o170000 == 0o100000 { files[directory] = SideReader.Blob(id: attributesEntry.id, mode: mode) }
    }

    /// Adds the notes of the other parts of the same walk.
    mutating func merge(_ others: [TreeWalkNotes]) {
        entered.reserveCapacity(others.reduce(entered.count) { $0 + $1.entered.count })
        for other in others {
            entered.formUnion(other.entered)
            files.merge(other.files) { mine, _ in mine }
        }
    }

    /// The new tree's attributes files in the directories of `paths` and above, in the order
    /// ``AttributeLookup/walkTrees(_:along:)`` finds them; `nil` when the walk did not enter
    /// one of those directories.
    func attributeFiles(along paths: [[UInt8]]) -> AttributeFiles? {
        guard entered.contains(DirectoryName(bytes: [])) else { return nil }
        var found = AttributeFiles()
        if let blob = files[[]] { found.files.append(.init(directory: [], blob: blob)) }
        var walk = DirectoryWalk(root: true)
        for path in paths {
            let complete = walk.value(of: path, upTo: RawPathParent.of(path).endIndex) { parent, path, piece in
                let directory = Array(path[..<piece.upperBound])
                guard parent, entered.contains(DirectoryName(bytes: directory)) else { return false }
                if let blob = files[directory] { found.files.append(.init(directory: directory, blob: blob)) }
                return true
            }
            if !complete { return nil }
        }
        return found
    }

    /// A directory's path as a set member, hashed as a whole: a tree nested thousands of
    /// levels deep enters as many paths, each as long as the depth.
    struct DirectoryName: Hashable, Sendable {
        let bytes: [UInt8]

        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// A tree entry's mode as libgit2 gives it (`git_tree_entry_filemode`).
    static func normalized(_ mode: UInt32) -> UInt32 {
        if mode & 0o170000 == 0o040000 { return 0o040000 }
        if mode & 0o111 != 0 { return 0o100755 }
        if mode & 0o170000 == 0o160000 || mode & 0o170000 == 0o120000 { return mode & 0o170000 }
        return 0o100644
    }
}
