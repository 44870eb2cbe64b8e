import Browser
import Dispatch
import ReviewState
import Synchronization
import TreeModel

/// The browser's `v` writing the repository's viewed marks (`<common git dir>/treereview`),
/// as `treereview viewed` and `unviewed` do: each file marked with its new side's id now.
/// The file is written on a queue of its own, in order, so that a key does not wait for
/// the disk; the marks set while a write runs are written together by the next one, and a
/// write takes the marks it wrote last instead of reading the file again while no one else
/// replaced it. ``finishWriting()`` waits for the writes begun.
final class StoredReviewMarks: ReviewMarks, @unchecked Sendable {
    /// Marks set and not yet written: whether viewed, the changes, their new sides then.
    private struct Request: Sendable {
        let viewed: Bool
        let changes: [FileChange]
        let newObjects: NewObjectsByPath
    }

    private let store: ViewedMarksStore
    private var newObjects: NewObjectsByPath
    private let writes = DispatchQueue(label: "treereview.viewed-marks")
    private let requests = Mutex<[Request]>([])
    private let failure = Mutex<String?>(nil)
    /// What the last write wrote; used on `writes` only.
    private var written: WrittenMarks?
    /// How many times the file was updated (on `writes`; read after ``finishWriting()``).
    private(set) var updatesMade = 0

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
        let request = Request(viewed: viewed, changes: changes, newObjects: newObjects)
        requests.withLock { $0.append(request) }
        writes.async { [self] in writeRequests() }
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

    /// Writes every request made so far in one update (nothing when an earlier call took them).
    private func writeRequests() {
        let taken = requests.withLock { requests in
            let taken = requests
            requests = []
            return taken
        }
        guard !taken.isEmpty else { return }
        var edits: [ViewedMarkEdit] = []
        edits.reserveCapacity(taken.reduce(0) { $0 + $1.changes.count })
        for request in taken {
            var newObjects = request.newObjects
            var next = 0
            for change in request.changes {
                edits.append(request.viewed
                    ? .viewed(change.path, newObject: newObjects.object(at: change.path, next: &next))
                    : .unviewed(change.path))
            }
        }
        updatesMade += 1
        do {
            try store.update(remembering: &written, applying: edits)
        } catch {
            failure.withLock { $0 = "\(error)" }
        }
    }
}
