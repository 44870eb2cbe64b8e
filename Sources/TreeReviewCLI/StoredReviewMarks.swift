import Browser
import Dispatch
import Foundation
import GitAdapter
import Render
import ReviewState
import Locking
import TreeModel

/// The browser's `v` writing the repository's viewed marks (`<common git dir>/treereview`),
/// as `treereview viewed` and `unviewed` do: each file marked with its new side's id now
/// (and, in a comparison of commits, that comparison and its old side).
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
    /// The old sides, in a comparison of commits (the marks record them with it).
    private let oldObjects: NewObjectsByPath?
    private let comparison: ReviewedComparison?
    private let writes = DispatchQueue(label: "treereview.viewed-marks")
    private let requests = Locked<[Request]>([])
    private let failure = Locked<String?>(nil)
    /// What the last write wrote; used on `writes` only.
    private var written: WrittenMarks?
    /// How many times the file was updated (on `writes`; read after ``finishWriting()``).
    private(set) var updatesMade = 0

    /// The marks of the repository whose common git directory is `commonGitDirectory`, for
    /// `changes` whose new sides are `newObjects` and old sides `oldObjects` (in the same
    /// order), in `comparison` (`nil`: the index or the working tree).
    init(commonGitDirectory: String, changes: [FileChange], newObjects: [ObjectHash?], oldObjects: [ObjectHash?] = [],
         comparison: ReviewedComparison? = nil) {
        store = ViewedMarksStore(commonGitDirectory: commonGitDirectory)
        self.newObjects = NewObjectsByPath(changes: changes, objects: newObjects)
        self.comparison = oldObjects.count == changes.count ? comparison : nil
        self.oldObjects = self.comparison == nil ? nil : NewObjectsByPath(changes: changes, objects: oldObjects)
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

    func newObject(at path: RawPath) -> ObjectHash? {
        newObjects.object(at: path)
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
            var oldObjects = oldObjects
            var next = 0, nextOld = 0
            for change in request.changes {
                edits.append(request.viewed
                    ? .viewed(change.path, newObject: newObjects.object(at: change.path, next: &next),
                              oldObject: oldObjects?.object(at: change.path, next: &nextOld), in: comparison)
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

/// What `treereview viewed` and `unviewed` do: find the changed files the paths name in the
/// comparison given, and mark them with their new side's object id, or remove their marks.
struct ViewedMarking {
    /// `viewed` (true) or `unviewed` (false).
    let viewed: Bool

    var command: String { viewed ? "viewed" : "unviewed" }

    /// The options that choose the comparison; rename detection is off, so that both paths of
    /// a rename are files of their own (a mark is a path and its new side, whatever the status).
    static let comparisonOptions: Set<OptionKey> = [.staged, .directory, .noUntracked]

    /// With `--`, the words before it are the comparison; without it, the leading words that
    /// are revisions (and not also files, as git tells them apart) are, and the rest are paths,
    /// which need not exist (a deleted file is marked too). `viewed`: a path that matches no
    /// changed file is an error naming the comparison, and nothing is marked. `unviewed`:
    /// the marks the paths match go, whatever the comparison changes; a path that matches no
    /// mark is an error, and nothing is removed.
    func run(_ arguments: [String], environment: [String: String], io: IO) throws -> Int32 {
        var options = try ArgumentParser.parse(arguments, restriction: .init(keys: Self.comparisonOptions, command: command))
        let directory = options.startingDirectory(io: io)
        let needsPaths = UsageError("\(command) needs the paths to mark: treereview \(command) [<comparison> --] <path>...")
        if options.separated {
            guard !options.pathspecs.isEmpty else { throw needsPaths }
        } else if options.revisions.isEmpty {
            throw needsPaths
        }
        let repository = try Repository.open(at: directory, environment: environment)
        if !options.separated {
            let words = try repository.separate(options.revisions, in: directory, pathsMayBeMissing: true)
            (options.revisions, options.pathspecs) = (words.revisions, words.pathspecs)
            guard !options.pathspecs.isEmpty else { throw needsPaths }
        }
        var request = options.request
        request.pathspecBase = directory
        request.renames = .off
        request.countLines = false
        request.newObjects = .all
        let store = ViewedMarksStore(commonGitDirectory: repository.commonGitDirectory)
        let warning: String?
        if viewed {
            let changeSet = try repository.changes(for: request)
            let changed = changeSet.changes.map { (path: $0.path, isGitlink: $0.isSubmodule) }
            try expectEveryPath(options.pathspecs, matchesOneOf: changed, repository: repository, directory: directory) { path in
                "pathspec '\(path)' did not match any file changed in \(ChangeInput.title(of: changeSet)); "
                    + "name the comparison: treereview viewed <comparison> -- <path>..."
            }
            warning = try store.update { marks in
                for (index, change) in changeSet.changes.enumerated() {
                    marks.markViewed(change.path, newObject: changeSet.newObjects[index], oldObject: changeSet.oldObjects[index],
                                     in: changeSet.reviewedComparison)
                }
            }
        } else {
            if !options.revisions.isEmpty || options.staged {
                request.newObjects = .none
                _ = try repository.changes(for: request)
            }
            let matching = { (marks: ViewedMarks) throws -> [RawPath] in
                try expectEveryPath(options.pathspecs, matchesOneOf: marks.paths.map { (path: $0, isGitlink: false) },
                                    repository: repository, directory: directory) { "pathspec '\($0)' did not match any file marked viewed" }
            }
            let current = store.read()
            if current.warning == nil { _ = try matching(current.marks) }
            warning = try store.update { marks in
                for path in try matching(marks) { _ = marks.unmark(path) }
            }
        }
        if let warning { try? io.standardError.write(Array((TerminalText.escaped(warning) + "\n").utf8)) }
        return 0
    }

    /// The `files` that the pathspecs `paths` match; refuses a path that matches none of them
    /// (as `git add` refuses one that names no file), with the line `failure` makes of it.
    @discardableResult
    private func expectEveryPath(_ paths: [String], matchesOneOf files: [(path: RawPath, isGitlink: Bool)],
                                 repository: Repository, directory: String,
                                 failure: (String) -> String) throws -> [RawPath] {
        let attributes: PathspecAttributeLookup = { path, names in try repository.pathspecAttributes(of: path, names: names) }
        var matched: [RawPath] = []
        for path in paths {
            let pathspec = try repository.pathspec([path], from: directory)
            let matches = try files.filter { file in
                try pathspec.matches(file.path.bytes, isGitlink: file.isGitlink, attributes: attributes)
            }
            guard !matches.isEmpty else { throw UsageError(failure(path)) }
            matched += matches.map(\.path)
        }
        return matched
    }
}

/// Each changed file's new-side id, by path, for the browser's `v`: found by binary search
/// when the changes come in byte order of their paths (as git lists them), so that nothing
/// is built for the files before a mark is set; else by a table made at the first lookup.
/// Ids recorded later (live refresh) take precedence.
struct NewObjectsByPath {
    private let changes: [FileChange]
    private let objects: [ObjectHash?]
    private let isSorted: Bool
    private var table: [RawPath: ObjectHash?]?
    private var recorded: [RawPath: ObjectHash?] = [:]

    /// The ids `objects` of `changes`' new sides, in the same order.
    init(changes: [FileChange], objects: [ObjectHash?]) {
        self.changes = changes
        self.objects = objects
        isSorted = changes.count == objects.count && changes.indices.dropFirst().allSatisfy { changes[$0 - 1].path < changes[$0].path }
    }

    /// The new-side id of the file at `path`; `nil` when it has none or is unknown.
    mutating func object(at path: RawPath) -> ObjectHash? {
        if let object = recorded[path] { return object }
        if isSorted { return position(of: path).flatMap { objects[$0] } }
        if table == nil {
            var made: [RawPath: ObjectHash?] = [:]
            made.reserveCapacity(changes.count)
            for (change, object) in zip(changes, objects) { made[change.path] = object }
            table = made
        }
        return table?[path] ?? nil
    }

    /// The new-side id of the file at `path`, as ``object(at:)`` finds it, looking first at
    /// position `next` (a directory's files come one after the other); `next` becomes the
    /// position after the file's.
    mutating func object(at path: RawPath, next: inout Int) -> ObjectHash? {
        guard isSorted else { return object(at: path) }
        let found = next < changes.count && changes[next].path == path ? next : position(of: path)
        if let found { next = found + 1 }
        if !recorded.isEmpty, let object = recorded[path] { return object }
        return found.flatMap { objects[$0] }
    }

    /// Records `object` as the new-side id of the file at `path`.
    mutating func record(_ object: ObjectHash?, at path: RawPath) {
        recorded[path] = object
    }

    private func position(of path: RawPath) -> Int? {
        var low = 0, high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle].path == path { return middle }
            if changes[middle].path < path { low = middle + 1 } else { high = middle }
        }
        return nil
    }
}
