internal import CLibGit2
import Foundation
import TreeModel

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
        return builder.writer.text
    }

    /// A side's content as the patch compares it: a submodule's is its `Subproject commit`
    /// line (`-dirty` when its working tree is); binary by the `diff` attribute, else by a
    /// NUL in the first 8,000 bytes (or a size over git's 512 MiB big-file threshold).
    private func loadPatchSide(_ file: FileSide, dirty: Bool, reader: BlobReader) throws -> PatchSide {
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
