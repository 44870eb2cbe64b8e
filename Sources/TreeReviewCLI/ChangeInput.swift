import ChangeList
import Foundation
import GitAdapter
import Render
import ReviewState
import TreeModel

/// Where the changes come from: a repository comparison, or a change list on stdin.
struct ChangeInput {
    var changes: [FileChange]
    /// A bare path list, in place of ``changes``.
    var paths: PathList? = nil
    var label: ComparisonLabel
    var linesCounted: Bool
    var warnings: [String]
    /// How long each phase of the comparison took (none for stdin).
    var trace: [TraceMark] = []
    /// The `treereview` git config section, when there is a repository.
    var config: [String: [String]]
    /// `core.pager`, the last value, when there is a repository and it is set.
    var corePager: String? = nil
    /// Whether the changes are bare paths, which may not name a path both as a file and a directory.
    var isBarePaths = false
    /// Under `--staged`, how many untracked files the commit leaves out.
    var untrackedLeftOut: Int? = nil
    /// For `-i`, each change's new-side and old-side object ids and the comparison (for
    /// marking it viewed), and where the marks are.
    var marking: (newObjects: [ObjectHash?], oldObjects: [ObjectHash?], comparison: ReviewedComparison?,
                  commonGitDirectory: String)? = nil
    /// For `-i` on the working tree or the index: what live refresh watches.
    var watching: (workdir: String?, gitDirectory: String)? = nil
    /// The repository compared and what the comparison found, for reading annotations
    /// (none for stdin).
    var comparison: (repository: Repository, changeSet: ChangeSet, config: RepositoryConfig)? = nil
    /// The words given without `--`, told apart into revisions and pathspecs (`nil` when `--`
    /// was given), so that a later read (live refresh) compares the same.
    var words: RevisionsAndPaths? = nil
    /// Under `--since-review` or `--since`: the indices of ``changes`` changed since the
    /// review (the label's `sinceReview` says which); the report keeps only those.
    var changedSinceReview: [Int]? = nil
    /// For `-i` without `--since-review`: how the browser's `R` compares with the last
    /// review recorded (the indices of ``changes`` changed since), or why it cannot.
    var sinceReviewOnRequest: Result<() throws -> (note: SinceReviewNote, kept: [Int]), UsageError>? = nil

    /// `changes` (indexed as ``changes``) and their `files`, only those changed since the
    /// review when there is one.
    func sinceReviewSelection(_ changes: [FileChange], _ files: FileAnnotations?) -> ([FileChange], FileAnnotations?) {
        guard let kept = changedSinceReview else { return (changes, files) }
        return (kept.map { changes[$0] }, files?.selecting(kept))
    }

    /// The changes `options` ask for; with `countsLater`, a repository comparison returns
    /// before its line counts (``ComparisonRequest/countsLater``: the browser's first frame).
    static func read(_ options: Options, environment: [String: String], io: IO, countsLater: Bool = false) throws -> ChangeInput {
        let directory = options.startingDirectory(io: io)
        if options.stdin {
            let opening = StdinRepository.open(at: directory, environment: environment)
            var list: ChangeListReader.ChangeList
            do {
                list = try ChangeListReader.read(try io.readStandardInput(), nulSeparated: options.nulTerminated, form: options.stdinForm)
            } catch let error as ChangeListReader.InputError {
                throw UsageError("stdin: \(error.description)")
            }
            let opened = opening.wait()
            let repository = opened.repository, repositoryConfig = opened.config
            if !options.pathspecs.isEmpty {
                list = try limit(list, to: options.pathspecs, repository: repository, directory: directory,
                                 environment: environment)
            }
            let label = ComparisonLabel(kind: .stdin, spec: "stdin", old: nil, new: nil, title: "stdin")
            return ChangeInput(changes: list.changes, paths: list.paths, label: label, linesCounted: false, warnings: [],
                               config: repositoryConfig?.section ?? [:], corePager: repositoryConfig?.corePager,
                               isBarePaths: list.isBarePaths)
        }
        let repository = try Repository.open(at: directory, environment: environment)
        let config = try repository.readConfig(section: "treereview")
        var request = options.request
        request.pathspecBase = directory
        request.countsLater = countsLater
        var words: RevisionsAndPaths?
        if !options.separated && !options.revisions.isEmpty {
            let separated = try repository.separate(options.revisions, in: directory)
            (request.revisions, request.pathspecs) = (separated.revisions, separated.pathspecs)
            words = separated
        }
        let viewed = ViewedMarksStore(commonGitDirectory: repository.commonGitDirectory).read()
        if !viewed.marks.isEmpty { request.newObjects = .paths(Set(viewed.marks.byPath.keys)) }
        if options.interactive || options.since != nil { request.newObjects = .all }
        let changeSet = try repository.changes(for: request, config: config)
        var label = ComparisonLabel(kind: changeSet.kind, spec: changeSet.spec, old: changeSet.oldID,
                                    new: changeSet.newID, title: title(of: changeSet))
        var warnings = (viewed.warning.map { [TerminalText.escaped($0)] } ?? []) + changeSet.warnings
        var changedSinceReview: [Int]?
        if let since = options.since {
            let found = try SinceReviewFilter.select(since, in: changeSet, marks: viewed.marks, repository: repository,
                                                     request: request, config: config)
            label.sinceReview = found.note
            changedSinceReview = found.kept
            warnings += found.warnings
        }
        var onRequest: Result<() throws -> (note: SinceReviewNote, kept: [Int]), UsageError>?
        if options.interactive && options.since == nil {
            onRequest = SinceReviewFilter.onRequest(in: changeSet, marks: viewed.marks, repository: repository,
                                                    request: request, config: config)
        }
        return ChangeInput(changes: marked(changeSet, with: viewed.marks), label: label, linesCounted: options.countLines,
                           warnings: warnings, trace: changeSet.trace,
                           config: config.section, corePager: config.corePager, untrackedLeftOut: changeSet.untrackedLeftOut,
                           marking: options.interactive ? (changeSet.newObjects, changeSet.oldObjects, changeSet.reviewedComparison,
                                                            repository.commonGitDirectory) : nil,
                           watching: options.interactive && (changeSet.kind == .worktree || changeSet.kind == .staged)
                               ? (repository.workdir, repository.gitDirectory) : nil,
                           comparison: (repository, changeSet, config), words: words, changedSinceReview: changedSinceReview,
                           sinceReviewOnRequest: onRequest)
    }

    /// The changes with their view state: viewed when marked with the new side they have now.
    private static func marked(_ changeSet: ChangeSet, with marks: ViewedMarks) -> [FileChange] {
        guard !marks.isEmpty else { return changeSet.changes }
        var changes = changeSet.changes
        for index in changes.indices {
            changes[index].viewState = marks.state(of: changes[index].path, newObject: changeSet.newObjects[index])
        }
        return changes
    }

    /// How a header names the comparison of `changeSet` (`HEAD → working tree`, `main...feature`).
    static func title(of changeSet: ChangeSet) -> String {
        switch changeSet.kind {
        case .staged: "\(changeSet.spec) → index"
        case .worktree: "\(changeSet.spec) → working tree"
        case .commits, .mergeBase, .stdin: changeSet.spec
        }
    }
}

extension ChangeInput {
    /// The change list limited to `pathspecs`, matched as `git diff` matches them: relative to
    /// `directory` inside `repository` (whose attributes `attr:` reads), else from the list's
    /// top. As git limits its diff before pairing renames, a rename or copy whose source lies
    /// outside becomes an addition, and a rename whose destination lies outside a deletion.
    static func limit(
        _ list: ChangeListReader.ChangeList, to pathspecs: [String], repository: Repository?, directory: String,
        environment: [String: String]
    ) throws -> ChangeListReader.ChangeList {
        let pathspec = try repository?.pathspec(pathspecs, from: directory) ?? Pathspec(pathspecs, environment: environment)
        var attributes: PathspecAttributeLookup?
        if let repository {
            attributes = { path, names in try repository.pathspecAttributes(of: path, names: names) }
        } else if let item = pathspec.items.first(where: { !$0.attributes.isEmpty }) {
            throw PathspecError.unsupported(element: item.original, magic: "attr", reason: "without a repository")
        }
        func matches(_ path: RawPath, _ mode: FileMode?) throws -> Bool {
            try pathspec.matches(path.bytes, isGitlink: mode == .submodule, attributes: attributes)
        }
        if let paths = list.paths {
            let ranges = try paths.ranges.filter { try pathspec.matches(Array(paths.bytes[$0]), attributes: attributes) }
            return ChangeListReader.ChangeList(changes: [], paths: PathList(bytes: paths.bytes, ranges: ranges),
                                               isBarePaths: list.isBarePaths)
        }
        var changes: [FileChange] = []
        for change in list.changes {
            let destination = try matches(change.path, change.newMode)
            guard let oldPath = change.oldPath, change.status == .renamed || change.status == .copied else {
                if destination { changes.append(change) }
                continue
            }
            let source = try matches(oldPath, change.oldMode)
            if source && destination {
                changes.append(change)
            } else if destination {
                changes.append(FileChange(status: .added, path: change.path, newMode: change.newMode))
            } else if source && change.status == .renamed {
                changes.append(FileChange(status: .deleted, path: oldPath, oldMode: change.oldMode))
            }
        }
        return ChangeListReader.ChangeList(changes: changes, paths: nil, isBarePaths: list.isBarePaths)
    }
}
