import Annotations
import Foundation
internal import CLibGit2

/// Looks up gitattributes as of one side of a comparison, giving what `git check-attr`
/// gives there: with `--source=<tree>` for a tree, `--cached` for the index, plainly (the
/// working tree's files, else the index's) for the working tree.
///
/// Only paths an attributes file can reach are looked up: those below a directory that
/// holds a `.gitattributes` on that side, or every path when a file from outside the tree
/// applies (`$GIT_DIR/info/attributes`, `core.attributesFile`, the user's or the system's
/// attributes), and none at all when no attributes file names the attributes asked about
/// (``anyFile(_:mentions:)``). Each directory of the paths is looked at once (a tree's subtrees read once,
/// on the way down), and which of a tree's directories hold one is kept in the result
/// cache, so a comparison run again reads no tree, nor one whose new tree is a commit on
/// (``composedFrom``: only directories not looked at before are read), nor a comparison
/// whose own walk just read those directories (``walkNotes``). A tree is read
/// through a second handle whose in-memory index holds just the tree's `.gitattributes`
/// files on the way to the paths asked about; the working tree likewise, its index
/// holding the index's files only where the working tree has none.
struct AttributeLookup {
    let repository: Repository
    let side: ComparedSide
    let config: RepositoryConfig
    /// Whether a tree's attributes files may be kept in the result cache between runs.
    var usesCache = false
    /// The fewest directories of the paths asked about for which a tree's attributes files
    /// are kept: finding them again in fewer costs less than a record.
    var cachedFromDirectories = 256
    /// The fewest paths worth a thread of their own when a tree is walked.
    var pathsPerThread = 4096
    /// How this side's tree was reached from a tree compared before, when it was: its
    /// `.gitattributes` files are then composed from that tree's (see ``AttributeCoverage``).
    var composedFrom: TreeStep?
    /// What the comparison's own walk saw of this side's tree: its `.gitattributes` files
    /// are then taken from these notes, with no tree read, wherever the walk entered every
    /// directory of the paths (see ``TreeWalkNotes``).
    var walkNotes: TreeWalkNotes?

    /// The states of the attributes `names` for each of `paths`; `nil` for a path no
    /// attributes file can reach (every attribute unspecified).
    func states(of paths: [[UInt8]], names: [String]) throws -> [[AttributeState]?] {
        try statesAndSource(of: paths, names: names).states
    }

    /// ``states(of:names:)``, and how the attributes files were found.
    func statesAndSource(of paths: [[UInt8]], names: [String]) throws -> (states: [[AttributeState]?], source: AttributeFilesSource) {
        let everywhere = outsideFilesExist()
        let (found, source) = try attributeFilesAndSource(along: paths)
        guard everywhere || anyFile(found, mentions: names) else { return (paths.map { _ in nil }, source) }
        let wanted = everywhere ? paths.map { _ in true } : found.reach(paths)
        guard wanted.contains(true) else { return (paths.map { _ in nil }, source) }
        let (queried, flags) = try handle(with: found.files.compactMap { file in file.blob.map { (AttributeFiles.path(in: file.directory), $0) } })
        let states = try zip(paths, wanted).map { path, wanted in
            wanted ? try queried.attributeStates(of: path, names: names, flags: flags) : nil
        }
        return (states, source)
    }

    /// The attributes files on this side in the directories of `paths` and above them.
    func attributeFiles(along paths: [[UInt8]]) throws -> AttributeFiles {
        try attributeFilesAndSource(along: paths).files
    }

    /// ``attributeFiles(along:)``, and how they were found.
    func attributeFilesAndSource(along paths: [[UInt8]]) throws -> (files: AttributeFiles, source: AttributeFilesSource) {
        if case .tree(let tree) = side { return try treeAttributeFiles(tree, along: paths) }
        let reader = try SideReader(repository: repository, side: side)
        var found = AttributeFiles()
        func look(in directory: [UInt8]) {
            let file = AttributeFiles.path(in: directory)
            guard reader.hasFile(at: file) else { return }
            found.files.append(.init(directory: directory, blob: Self.indexEntry(for: file, on: side, reader: reader)))
        }
        look(in: [])
        var walk = DirectoryWalk(root: ())
        for path in paths {
            walk.value(of: path, upTo: RawPathParent.of(path).endIndex) { _, path, piece in look(in: Array(path[..<piece.upperBound])) }
        }
        return (found.unique, .read)
    }

    /// `.gitattributes`.
    static let fileName = Array(".gitattributes".utf8)

    /// The attributes file at `file` that the second handle's index is to hold: a tree's
    /// file; for the working tree, the index's file where the working tree has none (git
    /// reads the index's only then, where libgit2 would read both).
    private static func indexEntry(for file: [UInt8], on side: ComparedSide, reader: SideReader) -> SideReader.Blob? {
        switch side {
        case .tree: reader.blob(at: file)
        case .workingTree: reader.workingTreeFileExists(file) ? nil : reader.blob(at: file)
        case .index: nil
        }
    }

    /// The repository to query and the flags to query it with: for a tree or the working
    /// tree, a second handle whose in-memory index holds the attribute files to read from
    /// the index (see ``indexEntry(for:on:reader:)``).
    private func handle(with attributeFiles: [([UInt8], SideReader.Blob)]) throws -> (Repository, UInt32) {
        switch side {
        case .index:
            return (repository, UInt32(GIT_ATTR_CHECK_INDEX_ONLY))
        case .tree, .workingTree:
            let second = try repository.location.open()
            var index: OpaquePointer?
            try LibGit2.check(git_index_new(&index))
            defer { git_index_free(index) }
            for file in attributeFiles {
                var entry = git_index_entry()
                entry.mode = file.1.mode
                entry.id = file.1.id.oid
                let code = file.0.withCString { path in
                    entry.path = path
                    return git_index_add(index, &entry)
                }
                try LibGit2.check(code)
            }
            try LibGit2.check(git_repository_set_index(second.handle, index))
            let flags = side == .workingTree ? GIT_ATTR_CHECK_FILE_THEN_INDEX : GIT_ATTR_CHECK_INDEX_ONLY
            return (second, UInt32(flags))
        }
    }

    /// Whether an attributes file from outside the tree exists: `$GIT_DIR/info/attributes`
    /// (of the common directory too, for a linked worktree), `core.attributesFile`, the
    /// user's `$XDG_CONFIG_HOME/git/attributes` or the system's `/etc/gitattributes`.
    private func outsideFilesExist() -> Bool {
        if config.setsAttributesFile { return true }
        var candidates = [repository.gitDirectory + "info/attributes",
                          String(cString: git_repository_commondir(repository.handle)) + "info/attributes"]
        if repository.configFiles.readsSystemAttributes { candidates.append("/etc/gitattributes") }
        if let xdg = repository.configFiles.xdgGitDirectory { candidates.append(xdg + "/attributes") }
        return candidates.contains { FileManager.default.fileExists(atPath: $0) }
    }
}

/// The directory part of a path's bytes.
enum RawPathParent {
    /// Everything before the last `/`, or nothing at the top level.
    static func of(_ path: [UInt8]) -> ArraySlice<UInt8> {
        path.lastIndex(of: UInt8(ascii: "/")).map { path[..<$0] } ?? []
    }
}

extension Repository {
    /// The states of the attributes `names` of `path`, looked up with libgit2's `flags`.
    func attributeStates(of path: [UInt8], names: [String], flags: UInt32) throws -> [AttributeState] {
        let copies = names.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var namePointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) }
        var values = [UnsafePointer<CChar>?](repeating: nil, count: names.count)
        let code = path.withCString { cPath in
            git_attr_get_many(&values, handle, flags, cPath, names.count, &namePointers)
        }
        try LibGit2.check(code)
        return values.map { value in
            switch git_attr_value(value) {
            case GIT_ATTR_VALUE_TRUE: .set
            case GIT_ATTR_VALUE_FALSE: .unset
            case GIT_ATTR_VALUE_STRING: .value(String(cString: value!))
            default: .unspecified
            }
        }
    }
}

/// A tree one step from a tree whose `.gitattributes` files were found before (a branch
/// that grew by a commit) has the same files in the directories found then, except where
/// the step adds, deletes or changes one; only directories not found then are read.
extension AttributeLookup {
    /// The `.gitattributes` files of `tree` in the directories of `paths` (`needed`, as
    /// ``AttributeCoverage/directories(of:)`` gives them) and above them,
    /// composed from the files of `step`'s previous tree kept in `results` (its
    /// ``AttributeCoverage``) and `step`'s `.gitattributes` entries; the paths whose
    /// directory that coverage lacks are walked in `tree`. The top's first, then in byte
    /// order of their directories followed by `/` (the order a walk of paths in byte order
    /// finds them);
    /// with the number of paths walked. `nil` when no usable coverage is kept.
    func composedAttributeFiles(_ tree: ObjectID, along paths: [[UInt8]], in needed: [[UInt8]], from step: TreeStep,
                                results: ResultCache) throws -> (files: AttributeFiles, walkedPaths: Int)? {
        let key = CacheKey(.attributeCoverage, step.previous)
        let stored = withExtendedLifetime(results) { results.store.value(for: key).flatMap(AttributeCoverage.init(encoded:)) }
        guard let base = stored, base.coversItsFiles(), base.files.files.allSatisfy({ $0.blob != nil }) else { return nil }
        let uncoveredDirectories = Set(needed.filter { !AttributeCoverage.covers($0, in: base.directories) })
        let uncovered = uncoveredDirectories.isEmpty ? [] : paths.filter { uncoveredDirectories.contains(Array(RawPathParent.of($0))) }
        var files: [[UInt8]: SideReader.Blob] = [:]
        if !uncovered.isEmpty {
            for file in try walkTrees(tree, along: uncovered).files where !AttributeCoverage.covers(file.directory, in: base.directories) {
                files[file.directory] = file.blob
            }
        }
        let changes = step.attributeFileChanges
        for file in base.files.files where changes[file.directory] == nil {
            files[file.directory] = file.blob
        }
        for (directory, blob) in changes where AttributeCoverage.covers(directory, in: base.directories) {
            files[directory] = blob
        }
        let found = files.filter { AttributeCoverage.covers($0.key, in: needed) }
            .map { AttributeFiles.File(directory: $0.key, blob: $0.value) }
            .sorted { a, b in
                a.directory.isEmpty || b.directory.isEmpty ? a.directory.isEmpty && !b.directory.isEmpty
                    : AttributeCoverage.precedes(a.directory + [UInt8(ascii: "/")], b.directory + [UInt8(ascii: "/")])
            }
        return (AttributeFiles(files: found), uncovered.count)
    }
}

/// An attribute that no attributes file names, on any line (a pattern's attributes or a
/// macro's definition), is unspecified for every path: then no path needs looking up. Most
/// repositories' `.gitattributes` set `text`, `eol` or `diff` and never name linguist's
/// attributes, and asking libgit2 costs some 40 µs a path (it checks each file again).
extension AttributeLookup {
    /// Whether one of `files` (as this side holds them: the tree's blob, the index's, or the
    /// working tree's file and the index's) contains one of `names`; `true` when one cannot
    /// be read, so that the paths are then looked up.
    func anyFile(_ files: AttributeFiles, mentions names: [String]) -> Bool {
        let needles = names.map { Array($0.utf8) }
        let reader = side == .index ? try? SideReader(repository: repository, side: side) : nil
        for file in files.files {
            let path = AttributeFiles.path(in: file.directory)
            var contents: [[UInt8]?] = []
            switch side {
            case .tree:
                contents.append(file.blob.flatMap { try? repository.blobBytes($0.id) })
            case .index:
                contents.append(reader?.blob(at: path).flatMap { try? repository.blobBytes($0.id) })
            case .workingTree:
                if let workdir = repository.workdir {
                    let full = workdir + String(decoding: path, as: UTF8.self)
                    if FileManager.default.fileExists(atPath: full) {
                        contents.append(FileManager.default.contents(atPath: full).map(Array.init))
                    }
                }
                if let blob = file.blob { contents.append(try? repository.blobBytes(blob.id)) }
            }
            for content in contents {
                guard let content else { return true }
                if needles.contains(where: { content.firstRange(of: $0) != nil }) { return true }
            }
        }
        return false
    }
}
