import Browser
import ReviewState
import TreeModel

/// The browser's `v` writing the repository's viewed marks (`<common git dir>/treereview`),
/// as `treereview viewed` and `unviewed` do: each file marked with its new side's id now.
final class StoredReviewMarks: ReviewMarks {
    private let store: ViewedMarksStore
    private var newObjects: [RawPath: ObjectHash?]

    /// The marks of the repository whose common git directory is `commonGitDirectory`, for
    /// `changes` whose new sides are `newObjects` (in the same order).
    init(commonGitDirectory: String, changes: [FileChange], newObjects: [ObjectHash?]) {
        store = ViewedMarksStore(commonGitDirectory: commonGitDirectory)
        var byPath: [RawPath: ObjectHash?] = [:]
        for (change, object) in zip(changes, newObjects) { byPath[change.path] = object }
        self.newObjects = byPath
    }

    /// Takes the new sides live refresh read again: `changes` whose new sides are
    /// `newObjects` (in the same order), so `v` marks a file as it is now.
    func record(_ changes: [FileChange], newObjects: [ObjectHash?]) {
        for (change, object) in zip(changes, newObjects) { self.newObjects[change.path] = object }
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
