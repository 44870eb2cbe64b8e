import Browser
import Foundation
import GitAdapter
import ReviewState
import TreeModel

/// How live refresh reads a comparison with the index or the working tree again: only the
/// paths that changed (``Repository/changes(at:for:config:oldID:pairableBefore:)``), with
/// the index's changed entries worked out from a snapshot of it, or everything when only a
/// whole read is right (see `Docs/Browser.md`, Live refresh).
final class LiveChangeReader {
    private let options: Options
    private let environment: [String: String]
    private let io: IO
    /// The old side's id the changes were read against.
    private var oldID: String?
    /// The index when last read (what the kept handle's index holds), for telling which of its
    /// entries a write changed: taken at the first wake (not before the first frame) and at
    /// every whole read; an index change with none to compare reads everything.
    private var index: IndexSnapshot?
    /// The paths of the added, deleted, renamed and copied files (both names), in byte order:
    /// with rename detection on, a wake touching one reads everything.
    private var pairable: [[UInt8]] = []
    /// The repository handle of the last whole read, kept: opening one reads the index
    /// again (most of a second for 100,000 files), and it is read again only when it changed.
    private var repository: Repository?
    /// Where `v` writes, told each file's new side as it is read again.
    private let marks: StoredReviewMarks?

    /// A reader for the comparison `options` asks for, first read as `input`; `marks` learn
    /// the new sides read again.
    init(options: Options, environment: [String: String], io: IO, input: ChangeInput, marks: StoredReviewMarks? = nil) {
        self.marks = marks
        self.options = options
        self.environment = environment
        self.io = io
        oldID = input.comparison?.changeSet.oldID
        repository = input.comparison?.repository
        pairable = Self.pairablePaths(of: input.changes)
    }

    /// Every change, read as the browser first read them (statuses, line counts, viewed marks).
    func readAll() -> [FileChange]? {
        guard let input = try? ChangeInput.read(options, environment: environment, io: io) else { return nil }
        oldID = input.comparison?.changeSet.oldID
        repository = input.comparison?.repository
        index = try? repository?.indexSnapshot()
        pairable = Self.pairablePaths(of: input.changes)
        if let marking = input.marking { marks?.record(input.changes, newObjects: marking.newObjects) }
        return filtered(input.changes)
    }

    /// The changes at or below `paths`, and at the paths whose index entry changed when
    /// `indexChanged`; everything when only a whole read is right. `nil` when nothing can
    /// be read now.
    func read(paths: [RawPath], indexChanged: Bool) -> ChangeRefresh? {
        if let update = try? readPaths(paths, indexChanged: indexChanged) { return update }
        return readAll().map(ChangeRefresh.all)
    }

    /// The changes of `paths` (and the index's changed entries), or `nil` for a whole read.
    private func readPaths(_ paths: [RawPath], indexChanged: Bool) throws -> ChangeRefresh? {
        let repository = try self.repository ?? Repository.open(at: directory, environment: environment)
        self.repository = repository
        let config = try repository.readConfig(section: "treereview")
        var paths = paths
        var snapshot = index
        if indexChanged {
            guard let before = index else { return nil }
            let (now, changed) = try repository.refreshIndex(since: before)
            paths += changed
            snapshot = now
        } else if index == nil {
            snapshot = try repository.indexSnapshot()
        }
        var request = options.request
        request.pathspecBase = directory
        request.newObjects = .all
        let pairable = pairable
        guard let read = try repository.changes(at: paths, for: request, config: config, oldID: oldID, pairableBefore: { scope in
            scope.contains { path in Self.holds(path, in: pairable) }
        }) else { return nil }
        index = snapshot
        let stored = ViewedMarksStore(commonGitDirectory: repository.commonGitDirectory).read().marks
        var changes = read.changes
        if !stored.isEmpty {
            for position in changes.indices {
                changes[position].viewState = stored.state(of: changes[position].path, newObject: read.newObjects[position])
            }
        }
        marks?.record(changes, newObjects: read.newObjects)
        let scope = read.paths
        self.pairable = (pairable.filter { path in !scope.contains { Self.path(path, isWithin: $0.bytes) } }
            + Self.pairablePaths(of: changes)).sorted { $0.lexicographicallyPrecedes($1) }
        return .within(paths: scope, changes: filtered(changes))
    }

    /// The directory the command runs in (`-C` applied), as ``ChangeInput`` takes it.
    private var directory: String {
        options.directory.map {
            $0.hasPrefix("/") ? $0 : URL(fileURLWithPath: io.currentDirectory).appendingPathComponent($0).path
        } ?? io.currentDirectory
    }

    /// `changes` as `--status` (given with `-i`) lets the browser show them.
    private func filtered(_ changes: [FileChange]) -> [FileChange] {
        options.statusFilter.map { filter in changes.filter { filter.includes($0.status) } } ?? changes
    }

    private static func pairablePaths(of changes: [FileChange]) -> [[UInt8]] {
        var paths: [[UInt8]] = []
        for change in changes {
            switch change.status {
            case .added, .deleted: paths.append(change.path.bytes)
            case .renamed, .copied:
                paths.append(change.path.bytes)
                if let old = change.oldPath { paths.append(old.bytes) }
            default: break
            }
        }
        return paths.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Whether `sorted` holds `path` or a path below it.
    private static func holds(_ path: RawPath, in sorted: [[UInt8]]) -> Bool {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle].lexicographicallyPrecedes(path.bytes) { low = middle + 1 } else { high = middle }
        }
        if low < sorted.count, sorted[low] == path.bytes { return true }
        let prefix = path.bytes + [UInt8(ascii: "/")]
        low = 0
        high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle].lexicographicallyPrecedes(prefix) { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low].starts(with: prefix)
    }

    private static func path(_ path: [UInt8], isWithin scope: [UInt8]) -> Bool {
        path.starts(with: scope) && (path.count == scope.count || path[scope.count] == UInt8(ascii: "/"))
    }
}
