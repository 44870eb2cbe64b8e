import Annotations
import GitAdapter
import Render
import TreeModel

/// What a run reads and shows of generated and vendored files and of code owners, decided
/// once from the options and the formats written (see `Docs/Annotations.md`): what any of
/// them needs is read once, for all.
struct AnnotationPlan {
    /// Whether files are classified: the formats that count files (tree, JSON) leave
    /// generated and vendored ones out of their totals.
    var readsKinds: Bool
    /// Whether CODEOWNERS is read: JSON always carries owners, `--owners` shows them,
    /// `--owner` keeps files by them.
    var readsOwners: Bool
    /// `--include-generated`.
    var includesGenerated: Bool
    /// `--owners`.
    var showsOwners: Bool
    /// The `--owner` values, lowercased; empty keeps every file.
    var ownerFilter: Set<String>
    /// `--owners-from`: whose CODEOWNERS is read; `nil` for the comparison's default.
    var ownersFrom: CodeOwnersSide?
    /// Whether the result cache may keep what was found (not `--no-cache`).
    var usesCache: Bool

    init(options: Options, formats: [OutputFormat]) {
        readsKinds = formats.contains { $0 != .plain }
        readsOwners = formats.contains { Self.readsOwners(options, format: $0) }
        includesGenerated = options.includeGenerated
        showsOwners = options.showOwners
        ownerFilter = Set(options.owners.map { $0.lowercased() })
        ownersFrom = options.ownersFrom
        usesCache = options.useCache
    }

    /// Whether a run writing `format` alone reads CODEOWNERS.
    static func readsOwners(_ options: Options, format: OutputFormat) -> Bool {
        format == .json || options.showOwners || !options.owners.isEmpty || options.groupByOwner
    }

    /// Reads what the plan needs: kinds as of the comparison's new side, owners as of the
    /// side `--owners-from` names (by default the base of a comparison of revisions); `nil`
    /// for a change list from stdin, or when nothing is to be read.
    func read(_ input: ChangeInput) throws -> ChangeAnnotations? {
        guard let comparison = input.comparison, readsKinds || readsOwners else { return nil }
        return try comparison.repository.annotations(of: comparison.changeSet, kinds: readsKinds, owners: readsOwners,
                                                     ownersFrom: ownersFrom, config: comparison.config, cache: usesCache)
    }

    /// Whether `--owner` keeps a file with `owners` (`nil`: no CODEOWNERS file was read).
    func keeps(_ owners: [String]?) -> Bool {
        guard !ownerFilter.isEmpty else { return true }
        return owners?.contains { ownerFilter.contains($0.lowercased()) } ?? false
    }

    /// Warnings about the CODEOWNERS file, each a line for standard error naming the file and
    /// the side it was read from: its lines that were skipped, a file too large for GitHub,
    /// and no file at all when owners were asked for.
    func warnings(_ annotations: ChangeAnnotations?) -> [String] {
        let prefix = "treereview: warning: "
        let unused = !ownerFilter.isEmpty ? "--owner keeps no file" : "no file has owners"
        let side = annotations?.codeOwnersSource.map { " of " + $0.sideDescription } ?? ""
        switch annotations?.codeOwners {
        case .loaded(let path, let codeOwners)?:
            return codeOwners.errors.map { prefix + TerminalText.escaped("\(path)\(side) \($0)") }
        case .tooLarge(let path, let size)?:
            return [prefix + "\(path)\(side) has \(size) bytes; GitHub ignores a CODEOWNERS file of 3 MiB or more, so \(unused)"]
        case .notFound? where showsOwners || !ownerFilter.isEmpty:
            return [prefix + "no CODEOWNERS file in .github/, at the top or in docs/\(side); \(unused)"]
        case .notFound?, nil:
            return []
        }
    }

    /// The changes kept by `--status` and `--owner`, with their annotations.
    func filter(_ changes: [FileChange], _ files: FileAnnotations?,
                status: StatusFilter?) -> (changes: [FileChange], files: FileAnnotations?) {
        guard status != nil || !ownerFilter.isEmpty else { return (changes, files) }
        let kept = changes.indices.filter { index in
            (status?.includes(changes[index].status) ?? true) && keeps(files?.owners(ofEntry: index))
        }
        return (kept.map { changes[$0] }, files?.selecting(kept))
    }

    /// What the report shows of `files` over `view`.
    func reportAnnotations(_ files: FileAnnotations?, view: TreeView) -> ReportAnnotations? {
        files.map { ReportAnnotations(view: view, files: $0, includesGenerated: includesGenerated, showsOwners: showsOwners) }
    }
}
