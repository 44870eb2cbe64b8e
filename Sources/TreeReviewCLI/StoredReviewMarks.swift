import Browser
import Dispatch
import ReviewState
import Synchronization
import TreeModel

/// The browser's `v` writing the repository's viewed marks (`<common git dir>/treereview`),
/// as `treereview viewed` and `unviewed` do: each file marked with its new side's id now.
/// The file is written on a queue of its own, in order, so that a key does not wait for
/// the disk (the whole file is rewritten and synced each time); ``finishWriting()`` waits
/// for the writes begun.
final class StoredReviewMarks: ReviewMarks, @unchecked Sendable {
    private let store: ViewedMarksStore
    private var newObjects: NewObjectsByPath
    private let writes = DispatchQueue(label: "treereview.viewed-marks")
    private let failure = Mutex<String?>(nil)

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
        let paths = changes.map(\.path)
        writes.async { [self, newObjects] in
            var newObjects = newObjects
            let objects = viewed ? paths.map { newObjects.object(at: $0) } : []
            do {
                try store.update { marks in
                    for (index, path) in paths.enumerated() {
                        if viewed { marks.markViewed(path, newObject: objects[index]) } else { marks.unmark(path) }
                    }
                }
            } catch {
                failure.withLock { $0 = "\(error)" }
            }
        }
    }

    func takeWriteFailure() -> String? {
        failure.withLock { failure in
            defer { failure = nil }
            return failure
        }
    }

    /// Waits until every mark begun is written.
    func finishWriting() {
        writes.sync {}
    }
}
