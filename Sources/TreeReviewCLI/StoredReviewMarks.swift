import Browser
import ReviewState
import TreeModel

/// The browser's `v` writing the repository's viewed marks (`<common git dir>/treereview`),
/// as `treereview viewed` and `unviewed` do: each file marked with its new side's id now.
final class StoredReviewMarks: ReviewMarks {
    private let store: ViewedMarksStore
    private var newObjects: NewObjectsByPath

    /// The marks of the repository whose common git directory is `commonGitDirectory`, for
    /// `changes` whose new sides are `newObjects` (in the same order).
    init(commonGitDirectory: String, changes: [FileChange], newObjects: [ObjectHash?]) {
        store = ViewedMarksStore(commonGitDirectory: commonGitDirectory)
        self.newObjects = NewObjectsByPath(changes: changes, objects: newObjects)
    }

    /// Takes the new sides live refresh read again: `changes` whose new sides are
    /// `newObjects` (in the same order), so `v` marks a file as it is now.
    func record(_ changes: [FileChange], newObjects: [ObjectHash?]) {
        for (change, object) in zip(changes, newObjects) { self.newObjects.record(object, at: change.path) }
    }

    func setViewed(_ viewed: Bool, for changes: [FileChange]) throws {
        let objects = viewed ? changes.map { newObjects.object(at: $0.path) } : []
        try store.update { marks in
            for (index, change) in changes.enumerated() {
                if viewed {
                    marks.markViewed(change.path, newObject: objects[index])
                } else {
                    marks.unmark(change.path)
                }
            }
        }
    }
}
