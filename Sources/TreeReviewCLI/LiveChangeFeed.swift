import Browser
import Foundation
import GitAdapter
import Glibc
import ReviewState
import TreeModel

/// Live refresh for `-i` on working-tree and `--staged` comparisons: inotify watches on the
/// git directory (the index) and every directory of the working tree, or, when inotify
/// cannot be had or the tree has too many directories, polling once a second.
///
/// Each wake reads again only the paths inotify named (files and directories) and the paths
/// whose index entry changed (``LiveChangeReader``); an overflowing event queue, or polling,
/// reads everything.
final class LiveChangeFeed: ChangeFeed {
    /// The inotify descriptor, while the feed watches.
    var descriptor: Int32? { polling ? nil : inotify }
    private var inotify: Int32?
    private var polling = false
    let pollInterval = Duration.seconds(1)
    /// Each watched directory of the working tree, relative to its top (`""` for the top).
    private var watched: [Int32: [UInt8]] = [:]
    private var gitWatch: Int32?
    private let workdir: String?
    private let gitDirectory: String
    private let reader: LiveChangeReader
    private var pending = Pending()

    /// What the events since the last read named.
    private struct Pending {
        var paths = Set<[UInt8]>()
        var index = false
        var gitDirectory = false
        var everything = false

        mutating func merge(_ other: Pending) {
            paths.formUnion(other.paths)
            index = index || other.index
            gitDirectory = gitDirectory || other.gitDirectory
            everything = everything || other.everything
        }
    }

    /// More directories than this, and the feed polls.
    static let watchLimit = 20_000
    private static let events = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE
                                       | IN_ATTRIB | IN_DELETE_SELF)

    /// A feed over `workdir` and `gitDirectory` whose changes `reader` reads.
    init(workdir: String?, gitDirectory: String, reader: LiveChangeReader) {
        self.reader = reader
        self.gitDirectory = Self.trimmed(gitDirectory)
        self.workdir = workdir.map(Self.trimmed)
        let inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard inotify >= 0 else { return }
        self.inotify = inotify
        gitWatch = inotify_add_watch(inotify, self.gitDirectory, Self.events)
        var complete = gitWatch.map { $0 >= 0 } ?? false
        if self.workdir != nil { complete = complete && watchTree([]) }
        if !complete {
            close(inotify)
            self.inotify = nil
            watched = [:]
        }
    }

    deinit {
        if let inotify { close(inotify) }
    }

    func drain() {
        guard let descriptor = inotify else { return }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            var offset = 0
            while offset + 16 <= count {
                let (wd, mask, length) = buffer.withUnsafeBytes { raw in
                    (raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                     raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let name = Array(buffer[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 })
                take(wd: wd, mask: mask, name: name)
                offset += 16 + length
            }
        }
    }

    func changes() -> ChangeRefresh? {
        let wake = pending
        pending = Pending()
        let refresh: ChangeRefresh?
        if descriptor == nil || wake.everything {
            refresh = reader.readAll().map(ChangeRefresh.all)
        } else if wake.paths.isEmpty && !wake.index && !wake.gitDirectory {
            return nil
        } else {
            refresh = reader.read(paths: wake.paths.map(RawPath.init(bytes:)), indexChanged: wake.index)
        }
        if refresh == nil { pending.merge(wake) }
        return refresh
    }

    /// Notes what one event names, and follows directories made, moved and removed.
    private func take(wd: Int32, mask: UInt32, name: [UInt8]) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            pending.everything = true
            return
        }
        if mask & UInt32(IN_IGNORED) != 0 {
            watched[wd] = nil
            return
        }
        if wd == gitWatch {
            if name.elementsEqual("index".utf8) { pending.index = true } else { pending.gitDirectory = true }
            return
        }
        guard let directory = watched[wd], !name.isEmpty else { return }
        if directory.isEmpty && name.elementsEqual(".git".utf8) { return }
        let path = directory.isEmpty ? name : directory + [UInt8(ascii: "/")] + name
        pending.paths.insert(path)
        guard mask & UInt32(IN_ISDIR) != 0 else { return }
        if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 { unwatchTree(path) }
        if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, !watchTree(path) { startPolling() }
    }

    /// Past the limit: no more watches, and the session polls (``descriptor`` is `nil`).
    private func startPolling() {
        guard let descriptor = inotify else { return }
        for wd in watched.keys { inotify_rm_watch(descriptor, wd) }
        if let gitWatch { inotify_rm_watch(descriptor, gitWatch) }
        watched = [:]
        gitWatch = nil
        polling = true
    }

    /// Watches the working tree's `directory` and every directory below it but `.git`;
    /// false past the limit.
    private func watchTree(_ directory: [UInt8]) -> Bool {
        guard let descriptor = inotify, let workdir, watched.count < Self.watchLimit else { return false }
        let full = directory.isEmpty ? workdir : workdir + "/" + String(decoding: directory, as: UTF8.self)
        let wd = inotify_add_watch(descriptor, full, Self.events)
        guard wd >= 0 else { return true }
        watched[wd] = directory
        guard let stream = opendir(full) else { return true }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            guard entry.pointee.d_type == UInt8(DT_DIR) else { continue }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name.elementsEqual(".".utf8) || name.elementsEqual("..".utf8) || name.elementsEqual(".git".utf8) { continue }
            guard watchTree(directory.isEmpty ? name : directory + [UInt8(ascii: "/")] + name) else { return false }
        }
        return true
    }

    /// Stops watching `directory` and the directories below it (moved away or removed).
    private func unwatchTree(_ directory: [UInt8]) {
        guard let descriptor = inotify else { return }
        let prefix = directory + [UInt8(ascii: "/")]
        for (wd, path) in watched where path == directory || path.starts(with: prefix) {
            inotify_rm_watch(descriptor, wd)
            watched[wd] = nil
        }
    }

    private static func trimmed(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}

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
        var options = options
        if let words = input.words {
            (options.revisions, options.pathspecs, options.separated) = (words.revisions, words.pathspecs, true)
        }
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
        options.startingDirectory(io: io)
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
