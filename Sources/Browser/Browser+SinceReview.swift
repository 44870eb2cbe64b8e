import Render
import TreeModel

/// How the browser's `R` knows which files changed since the last review
/// (Docs/Browser.md, Changes since your review).
public enum SinceReviewSupply {
    /// Compared already (`-i --since-review`, `--since <rev>`): the changes carry
    /// ``FileChange/changedSinceReview``, and the browser starts showing only those.
    case compared(SinceReviewNote)
    /// Compared on the first `R`: the paths whose change differs from the one at the review,
    /// with the note naming it; what it throws is said in the footer.
    case onRequest(() throws -> (note: SinceReviewNote, paths: Set<RawPath>))
    /// Nothing to compare with: why, as a sentence for the footer.
    case unavailable(String)
}

/// `R`: only the files whose change differs from the one at the last review, or every file
/// again. The comparison is made once, on the first `R`, and kept in each change's
/// ``FileChange/changedSinceReview``; showing and hiding is then a projection, as `f` and
/// `u` are.
extension Browser {
    /// `R`: shows only the files changed since the last review, or every file again.
    mutating func toggleChangedSinceReview() {
        if showsChangedSinceReview {
            showsChangedSinceReview = false
            showFilteredFiles()
            message = "every file shown (R: only those changed since the review)"
            return
        }
        guard let note = compareWithReview() else { return }
        showsChangedSinceReview = true
        if changesMarkedSinceReview {
            showFilteredFiles()
        } else {
            changesMarkedSinceReview = true
            showChanges()
        }
        message = note.changed == 0 ? "no file changed since the review at \(note.abbreviatedHead) (R: every file)"
            : "only the \(note.changed) of \(note.files) files changed since the review at \(note.abbreviatedHead) (R: every file)"
    }

    /// The review compared with, comparing on the first call; `nil` (with the footer saying
    /// why) when there is none or the comparison failed.
    private mutating func compareWithReview() -> SinceReviewNote? {
        if let sinceReviewNote { return sinceReviewNote }
        switch configuration.sinceReview {
        case .compared(let note)?:
            sinceReviewNote = note
            changesMarkedSinceReview = true
        case .onRequest(let compare)?:
            do {
                let found = try compare()
                for index in allChanges.indices where found.paths.contains(allChanges[index].path) {
                    allChanges[index].changedSinceReview = true
                }
                sinceReviewNote = found.note
            } catch {
                message = "cannot compare with the last review: \(error)"
            }
        case .unavailable(let reason)?:
            message = reason
        case nil:
            message = "no review to compare with here"
        }
        return sinceReviewNote
    }

    /// The command line's filters, with the review compared with first while only the files
    /// changed since are shown: what the header names.
    var headerFilters: ActiveFilters {
        guard showsChangedSinceReview, let sinceReviewNote else { return configuration.filters }
        var filters = configuration.filters
        filters.filters.insert(.sinceReview(sinceReviewNote), at: 0)
        return filters
    }
}
