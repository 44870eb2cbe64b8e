import Browser
import ReviewState
import TreeModel

/// The browser's `v` writing the repository's viewed marks (`<common git dir>/treereview`),
/// as `treereview viewed` and `unviewed` do: each file marked with its new side's id now.
final class StoredReviewMarks: ReviewMarks {
    private let store: ViewedMarksStore
    private let newObjects: [RawPath: ObjectHash?]

    /// The marks of the repository whose common git directory is `commonGitDirectory`, for
    /// `changes` whose new sides are `newObjects` (in the same order).
    init(commonGitDirectory: String, changes: [FileChange], newObjects: [ObjectHash?]) {
        store = ViewedMarksStore(commonGitDirectory: commonGitDirectory)
        var byPath: [RawPath: ObjectHash?] = [:]
        for (change, object) in zip(changes, newObjects) { byPath[change.path] = object }
        self.newObjects = byPath
    }

    func setViewed(_ viewed: Bool, for changes: [FileChange]) throws {
        try store.update { marks in
            for change in changes {
                if viewed {
                    marks.markViewed(change.path, newObject: newObjects[change.path] ?? nil)
                } else {
                    marks.unmark(change.path)
                }
            }
        }
    }
}
