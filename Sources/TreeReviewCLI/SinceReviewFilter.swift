import GitAdapter
import Render
import ReviewState
import TreeModel

/// `--since-review` or `--since <rev>`.
enum SinceReviewOption: Equatable {
    /// `--since-review`: the latest review recorded among the comparison's files' marks.
    case lastReview
    /// `--since <rev>`: `<rev>` is the head reviewed.
    case revision(String)
}

/// Limits a comparison to the files changed since a review (``Repository/sinceReview``),
/// and says what it compared with.
enum SinceReviewFilter {
    /// The files of `changeSet` (read for `request` with every side's id) whose change
    /// differs from the one at the review `option` names (their indices, in order), with the
    /// headers' note and the warnings for standard error. The report keeps only those, as
    /// it applies its other filters (``ReportFilters``).
    static func select(_ option: SinceReviewOption, in changeSet: ChangeSet, marks: ViewedMarks, repository: Repository,
                       request: ComparisonRequest, config: RepositoryConfig)
        throws -> (note: SinceReviewNote, kept: [Int], warnings: [String]) {
        guard changeSet.kind == .commits || changeSet.kind == .mergeBase else {
            throw UsageError("\(name(of: option)) compares two commits, such as main...feature, not the index or the working tree")
        }
        let reference: ReviewReference
        var recorded: [RawPath: BlobPair] = [:]
        switch option {
        case .revision(let revision):
            reference = .revision(revision)
        case .lastReview:
            guard let review = marks.lastReview(among: changeSet.changes.map(\.path)) else {
                throw UsageError("no review of these files is recorded: mark them viewed in a comparison of commits "
                                 + "(treereview viewed, or v in treereview -i), or name the head reviewed with --since <rev>")
            }
            reference = .recorded(head: review.head, base: review.base)
            for (path, mark) in marks.marks where mark.comparison?.head == review.head {
                recorded[path] = BlobPair(old: side(mark.oldObject), new: side(mark.newObject))
            }
        }
        let since = try repository.sinceReview(reference, of: changeSet, request: request, config: config, recorded: recorded)
        let files = changeSet.changes.count
        let kept = changeSet.changes.indices.filter { since.changed[$0] }
        let revision: String? = if case .revision(let name) = option { name } else { nil }
        let note = SinceReviewNote(head: since.head, abbreviatedHead: since.abbreviatedHead, base: since.base,
                                   revision: revision, changed: kept.count, files: files)
        return (note, kept, since.warnings)
    }

    /// For the browser's `R`: the comparison with the last review recorded among the files'
    /// marks, made when called; or why there is none to make (not two commits, no review).
    static func onRequest(in changeSet: ChangeSet, marks: ViewedMarks, repository: Repository, request: ComparisonRequest,
                          config: RepositoryConfig) -> Result<() throws -> (note: SinceReviewNote, kept: [Int]), UsageError> {
        guard changeSet.kind == .commits || changeSet.kind == .mergeBase else {
            return .failure(UsageError("R compares two commits, such as main...feature, with your last review; not the index or the working tree"))
        }
        guard marks.lastReview(among: changeSet.changes.map(\.path)) != nil else {
            return .failure(UsageError("no review of these files is recorded yet: v marks them, and R then compares with that review"))
        }
        return .success {
            let found = try select(.lastReview, in: changeSet, marks: marks, repository: repository, request: request, config: config)
            return (found.note, found.kept)
        }
    }

    /// The marks' form of a missing side (``ViewedMarks/deletion``) as `nil`.
    private static func side(_ id: ObjectHash?) -> ObjectHash? {
        id == ViewedMarks.deletion ? nil : id
    }

    private static func name(of option: SinceReviewOption) -> String {
        if case .revision = option { "--since" } else { "--since-review" }
    }
}

extension ChangeSet {
    /// The comparison this change set's files were viewed in, as a mark records it: its new
    /// side and old side, for a comparison of two commits (or trees); `nil` otherwise.
    var reviewedComparison: ReviewedComparison? {
        guard kind == .commits || kind == .mergeBase, let head = newID.flatMap(ObjectHash.init(hex:)) else { return nil }
        return ReviewedComparison(head: head, base: oldID.flatMap(ObjectHash.init(hex:)))
    }
}
