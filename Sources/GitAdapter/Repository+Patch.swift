import Foundation
import TreeModel
internal import CLibGit2

extension Repository {
    /// The patch of `change`, one of the files `changes` lists, as `git diff` with the same
    /// comparison prints it for that file (`git diff -M <comparison> -- <old> <new>`, without
    /// color): headers (renames, copies, modes, `index`), hunks with the configured context,
    /// `Binary files … differ`, `Subproject commit` lines, a type change as a deletion and a
    /// creation, an untracked file as `git diff --no-index /dev/null <file>` shows it, and
    /// `* Unmerged path` for a conflicted path of a comparison with the index.
    ///
    /// The comparison is looked up again from the change set's ids; the index and the working
    /// tree are read as they are now. `config` is the configuration read for this run (read
    /// here when `nil`): `diff.context`, `diff.interHunkContext`, `diff.indentHeuristic`,
    /// `diff.algorithm`, `diff.noprefix`, `diff.mnemonicPrefix`, `diff.suppressBlankEmpty`,
    /// `core.quotePath`, `core.abbrev`, `core.whitespace`, `diff.wsErrorHighlight`, and
    /// `GIT_DIFF_OPTS` from the environment the repository was opened with.
    public func patch(for change: FileChange, in changes: ChangeSet, config: RepositoryConfig? = nil) throws -> PatchText {
        let config = try config ?? readConfig()
        let comparison = try patchComparison(changes)
        let options = config.patchOptions(environment: environment)
        let newName = change.path.bytes
        let oldName = change.oldPath?.bytes ?? newName
        let reader = try BlobReader(self)
        var pair = PatchBuilder.Pair(oldName: oldName, newName: newName, status: change.status, similarity: change.similarity)
        if change.status != .unmerged {
            if change.status != .untracked, let old = treeSide(oldName, in: comparison.oldTree) {
                pair.old = try loadPatchSide(old, dirty: false, reader: reader)
            }
            if let new = try newPatchSide(newName, in: comparison, config: config, reader: reader) {
                pair.new = try loadPatchSide(new.file, dirty: new.dirty, reader: reader)
            }
        }
        let whitespace = WhitespaceParsing.rule(attribute: attribute("whitespace", of: pair.new == nil ? oldName : newName),
                                                configured: options.whitespace)
        var odb: OpaquePointer?
        try LibGit2.check(git_repository_odb(&odb, handle))
        defer { git_odb_free(odb) }
        let abbreviation = ObjectAbbreviation(repository: self, configured: options.abbreviation)
        let database = odb!
        var builder = PatchBuilder(
            options: options, hunks: PatchHunks(options: options, repository: self),
            prefixes: Self.patchPrefixes(options.prefixes, kind: comparison.kind, untracked: change.status == .untracked),
            whitespace: whitespace,
            abbreviate: { id in
                id.isZero ? String(repeating: "0", count: min(abbreviation.minimumLength, 40))
                    : abbreviation.abbreviate(id, in: database)
            })
        try builder.write(pair)
        var text = builder.writer.text
        text.newObject = pair.new.flatMap { $0.file.id.isZero ? nil : $0.file.id.hash }
        return text
    }

    /// A side's content as the patch compares it: a submodule's is its `Subproject commit`
    /// line (`-dirty` when its working tree is); binary by the `diff` attribute, else by a
    /// NUL in the first 8,000 bytes (or a size over git's 512 MiB big-file threshold).
    func loadPatchSide(_ file: FileSide, dirty: Bool, reader: BlobReader) throws -> PatchSide {
        if file.isSubmodule {
            return PatchSide(file: file, content: Array("Subproject commit \(file.id.hex)\(dirty ? "-dirty" : "")\n".utf8),
                             binary: false)
        }
        let content = try reader.withContent(of: file) { Array($0) }
        let binary = reader.diffAttributeSaysBinary(file.path) ?? (content.count > 512 << 20 || Similarity.isBinary(content))
        return PatchSide(file: file, content: content, binary: binary)
    }

    /// The state of the attribute `name` for `path`.
    private func attribute(_ name: String, of path: [UInt8]) -> WhitespaceParsing.AttributeValue {
        var value: UnsafePointer<CChar>?
        guard path.withCString({ git_attr_get(&value, handle, 0, $0, name) }) == 0 else { return .unspecified }
        switch git_attr_value(value) {
        case GIT_ATTR_VALUE_TRUE: return .set
        case GIT_ATTR_VALUE_FALSE: return .unset
        case GIT_ATTR_VALUE_STRING: return value.map { .value(String(cString: $0)) } ?? .unspecified
        default: return .unspecified
        }
    }

    /// The prefixes of the two names: `a/` and `b/`, none (`diff.noprefix`), or what each side
    /// is (`diff.mnemonicPrefix`: `c/` a commit, `i/` the index, `w/` the working tree; `1/`
    /// and `2/` for an untracked file, as `git diff --no-index` names its two files).
    static func patchPrefixes(_ prefixes: PatchOptions.Prefixes, kind: ComparisonKind,
                              untracked: Bool) -> (old: [UInt8], new: [UInt8]) {
        switch prefixes {
        case .none: return ([], [])
        case .standard: return (Array("a/".utf8), Array("b/".utf8))
        case .mnemonic:
            if untracked { return (Array("1/".utf8), Array("2/".utf8)) }
            switch kind {
            case .staged: return (Array("c/".utf8), Array("i/".utf8))
            case .worktree: return (Array("c/".utf8), Array("w/".utf8))
            case .commits, .mergeBase, .stdin: return (Array("a/".utf8), Array("b/".utf8))
            }
        }
    }
}

/// The hunks of a text patch, from libgit2's xdiff (git's own): each hunk's header as xdiff
/// writes it (with the function name its diff driver finds) and its lines.
struct PatchHunks {
    /// One hunk.
    struct Hunk {
        /// `@@ -1,3 +1,4 @@ name`, without its LF.
        var header: [UInt8]
        /// The lines, each its origin (`+`, `-`, space) and content (with its LF, if it has one).
        var lines: [(origin: UInt8, content: [UInt8])]
    }

    let options: PatchOptions
    let repository: Repository

    /// The hunks between `old` and `new` (`nil` for none), compared as text. The old side is
    /// handed to libgit2 as a blob when it is one, so that the path's diff driver (its
    /// `xfuncname`) finds the function names.
    func hunks(old: PatchSide?, new: PatchSide?, oldPath: [UInt8], newPath: [UInt8]) throws -> [Hunk] {
        var diffOptions = git_diff_options()
        git_diff_options_init(&diffOptions, UInt32(GIT_DIFF_OPTIONS_VERSION))
        diffOptions.context_lines = UInt32(clamping: options.context)
        diffOptions.interhunk_lines = UInt32(clamping: options.interhunkContext)
        diffOptions.flags |= GIT_DIFF_FORCE_TEXT.rawValue
        diffOptions.flags |= options.algorithmFlags
        var patch: OpaquePointer?
        let newContent = new?.content ?? []
        let code: Int32
        if let old, let blob = try lookUpBlob(old) {
            defer { git_blob_free(blob) }
            code = oldPath.withCString { oldName in
                newPath.withCString { newName in
                    newContent.withUnsafeBytes { newBytes in
                        git_patch_from_blob_and_buffer(&patch, blob, oldName, newBytes.baseAddress, newBytes.count,
                                                       newName, &diffOptions)
                    }
                }
            }
        } else {
            let oldContent = old?.content ?? []
            code = oldPath.withCString { oldName in
                newPath.withCString { newName in
                    oldContent.withUnsafeBytes { oldBytes in
                        newContent.withUnsafeBytes { newBytes in
                            git_patch_from_buffers(&patch, oldBytes.baseAddress, oldBytes.count, oldName,
                                                   newBytes.baseAddress, newBytes.count, newName, &diffOptions)
                        }
                    }
                }
            }
        }
        guard code == 0, let patch else {
            throw PatchError.diffFailed(path: String(decoding: newPath, as: UTF8.self), message: LibGit2.failure(code).message)
        }
        defer { git_patch_free(patch) }
        return (0..<git_patch_num_hunks(patch)).map { Self.hunk($0, of: patch) }
    }

    private static func hunk(_ index: Int, of patch: OpaquePointer) -> Hunk {
        var hunkPointer: UnsafePointer<git_diff_hunk>?
        var lineCount = 0
        git_patch_get_hunk(&hunkPointer, &lineCount, patch, index)
        guard let hunk = hunkPointer?.pointee else { return Hunk(header: [], lines: []) }
        var header = withUnsafeBytes(of: hunk.header) { Array($0.prefix(hunk.header_len)) }
        while header.last == UInt8(ascii: "\n") { header.removeLast() }
        var result = Hunk(header: header, lines: [])
        for lineIndex in 0..<lineCount {
            var linePointer: UnsafePointer<git_diff_line>?
            guard git_patch_get_line_in_hunk(&linePointer, patch, index, lineIndex) == 0,
                  let line = linePointer?.pointee else { continue }
            let origin = UInt8(bitPattern: line.origin)
            guard origin == UInt8(ascii: "+") || origin == UInt8(ascii: "-") || origin == UInt8(ascii: " ") else { continue }
            let content = line.content.map {
                Array(UnsafeRawBufferPointer(start: UnsafeRawPointer($0), count: line.content_len))
            } ?? []
            result.lines.append((origin, content))
        }
        return result
    }

    /// The old side's blob, when it is a blob in the object database.
    private func lookUpBlob(_ side: PatchSide) throws -> OpaquePointer? {
        guard !side.file.isSubmodule, !side.file.inWorkingTree, !side.file.id.isZero else { return nil }
        var oid = side.file.id.oid
        var blob: OpaquePointer?
        guard git_blob_lookup(&blob, repository.handle, &oid) == 0 else { return nil }
        return blob
    }
}
