internal import CLibGit2
import Annotations
import Foundation

extension AttributeLookup {
    /// The `.gitattributes` files of `tree` in the directories of `paths` and above: from
    /// the result cache when a run before found them for the same tree and directories,
    /// else composed from those of the tree ``composedFrom`` names when a run before kept
    /// them, else from ``walkNotes`` when the comparison's walk entered all those
    /// directories, else by reading each of those subtrees once, on the way down; and how. Only
    /// paths in ``cachedFromDirectories`` directories or more are worth a record; fewer
    /// take a few tree reads.
    func treeAttributeFiles(_ tree: ObjectID, along paths: [[UInt8]]) throws -> (files: AttributeFiles, source: AttributeFilesSource) {
        guard usesCache else { return try notedOrWalked(tree, along: paths) }
        let (digest, directories) = Self.digest(ofDirectoriesOf: paths)
        guard directories >= cachedFromDirectories, let results = ResultCache(for: repository) else {
            return try notedOrWalked(tree, along: paths)
        }
        let key = CacheKey(.attributeFiles, tree, digest)
        let kept = withExtendedLifetime(results) { results.store.value(for: key).flatMap(AttributeFiles.init(encoded:)) }
        if let kept { return (kept, .cached) }
        let found: AttributeFiles
        let source: AttributeFilesSource
        let needed = AttributeCoverage.directories(of: paths)
        if let step = composedFrom,
           let composed = try composedAttributeFiles(tree, along: paths, in: needed, from: step, results: results) {
            (found, source) = (composed.files, .composed(walkedPaths: composed.walkedPaths))
        } else {
            (found, source) = try notedOrWalked(tree, along: paths)
        }
        results.add(value: found.encoded, for: key)
        let coverage = AttributeCoverage(directories: needed, files: found.unique)
        results.add(value: coverage.encoded, for: CacheKey(.attributeCoverage, tree))
        results.save()
        return (found, source)
    }

    /// The attributes files of `tree` along `paths` from ``walkNotes`` when they are that
    /// tree's and the walk entered every directory of the paths, else by ``walkTrees(_:along:)``.
    func notedOrWalked(_ tree: ObjectID, along paths: [[UInt8]]) throws -> (files: AttributeFiles, source: AttributeFilesSource) {
        if let notes = walkNotes, notes.tree == tree, let found = notes.attributeFiles(along: paths) { return (found, .foundByWalk) }
        return (try walkTrees(tree, along: paths), .walked)
    }

    /// A digest of the directories of `paths`, in the order they come (each once while
    /// paths in the same directory follow one another): two hashes of their bytes, and
    /// their number; and that number.
    static func digest(ofDirectoriesOf paths: [[UInt8]]) -> (ObjectID, Int) {
        var bytes: [UInt8] = []
        var previous = -1
        var count: UInt32 = 0
        for path in paths {
            let end = RawPathParent.of(path).endIndex
            let same = end == previous && (end == 0 || path.withUnsafeBufferPointer { directory in
                bytes.withUnsafeBufferPointer { stored in memcmp(directory.baseAddress!, stored.baseAddress! + stored.count - 1 - end, end) == 0 }
            })
            if same { continue }
            previous = end
            count &+= 1
            bytes.append(contentsOf: path[..<end])
            bytes.append(0)
        }
        let digest = bytes.withUnsafeBytes { buffer in
            ObjectID(high: CacheChecksum.hash(buffer, seed: 0x6174_7472_6962_7574),
                     middle: CacheChecksum.hash(buffer, seed: 0x6769_7461_7474_7273), low: count)
        }
        return (digest, Int(count))
    }

    /// Reads the subtrees on the way to every path's directory, each once while paths in
    /// the same directory follow one another, and notes those holding a `.gitattributes`
    /// blob. Many paths are split into runs walked on several threads, each with its own
    /// handle (the trees on the way to where a run starts are read by both).
    func walkTrees(_ tree: ObjectID, along paths: [[UInt8]]) throws -> AttributeFiles {
        let runs = paths.count < pathsPerThread ? 1 : min(repository.workers, paths.count / pathsPerThread)
        if runs <= 1 { return try Self.walkTrees(tree, along: paths[...], in: repository) }
        let location = repository.location
        let found = try Parallel.map(count: runs, chunk: 1, workers: runs, context: { try location.open() }) { handle, run in
            try Self.walkTrees(tree, along: paths[paths.count * run / runs..<paths.count * (run + 1) / runs], in: handle)
        }
        return AttributeFiles(files: found.flatMap(\.files)).unique
    }

    private static func walkTrees(_ tree: ObjectID, along paths: ArraySlice<[UInt8]>, in repository: Repository) throws -> AttributeFiles {
        var oid = tree.oid
        var root: OpaquePointer?
        try LibGit2.check(git_tree_lookup(&root, repository.handle, &oid))
        var found = AttributeFiles()
        let top = AttributeTreeLevel(root)
        if let blob = top.attributesBlob { found.files.append(.init(directory: [], blob: blob)) }
        var walk = DirectoryWalk(root: top)
        for path in paths {
            walk.value(of: path, upTo: RawPathParent.of(path).endIndex) { parent, path, piece in
                let child = AttributeTreeLevel(parent.subtree(named: path[piece], in: repository))
                if let blob = child.attributesBlob { found.files.append(.init(directory: Array(path[..<piece.upperBound]), blob: blob)) }
                return child
            }
        }
        return found
    }
}

/// How a tree's `.gitattributes` files were found, for the trace.
enum AttributeFilesSource: Equatable {
    /// Not a tree's: read from the index or the working tree.
    case read
    /// By reading the tree.
    case walked
    /// From what the comparison's own walk of the tree saw (``TreeWalkNotes``).
    case foundByWalk
    /// From the result cache's record for the same tree and directories.
    case cached
    /// From those of the tree one step before, the paths in directories not found then walked.
    case composed(walkedPaths: Int)

    /// How, in words (empty when read).
    var note: String {
        switch self {
        case .read: ""
        case .walked: " (walked)"
        case .foundByWalk: " (found by the walk)"
        case .cached: " (cached)"
        case .composed(let walked): " (composed, \(walked) paths walked)"
        }
    }
}

/// A tree read on the way down (or none, where the side has no such directory), freed
/// when no longer needed.
private final class AttributeTreeLevel {
    let tree: OpaquePointer?

    init(_ tree: OpaquePointer?) { self.tree = tree }

    deinit { git_tree_free(tree) }

    /// The subtree `name` of this tree, looked up; `nil` when there is none.
    func subtree(named name: ArraySlice<UInt8>, in repository: Repository) -> OpaquePointer? {
        guard tree != nil, let entry = entry(named: name), git_tree_entry_type(entry) == GIT_OBJECT_TREE else { return nil }
        var child: OpaquePointer?
        return git_tree_lookup(&child, repository.handle, git_tree_entry_id(entry)) == 0 ? child : nil
    }

    /// The tree's `.gitattributes` when it is a regular file.
    var attributesBlob: SideReader.Blob? {
        guard tree != nil, let entry = entry(named: AttributeLookup.fileName[...]) else { return nil }
        let mode = UInt32(git_tree_entry_filemode(entry).rawValue)
        guard mode & 0o170000 == 0o100000 else { return nil }
        return SideReader.Blob(id: ObjectID(git_tree_entry_id(entry).pointee), mode: mode)
    }

    private func entry(named name: ArraySlice<UInt8>) -> OpaquePointer? {
        guard let tree else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: name.count + 1) { buffer in
            for (offset, byte) in name.enumerated() { buffer[offset] = CChar(bitPattern: byte) }
            buffer[name.count] = 0
            return git_tree_entry_byname(tree, buffer.baseAddress)
        }
    }
}
