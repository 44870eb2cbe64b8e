import Browser
import Glibc
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
