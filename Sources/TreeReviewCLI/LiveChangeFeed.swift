import Browser
import Glibc
import TreeModel

/// Live refresh for `-i` on working-tree and `--staged` comparisons: inotify watches on the
/// git directory (the index) and every directory of the working tree, or, when inotify
/// cannot be had or the tree has too many directories, polling once a second. Each wake
/// reads the changes again as the browser first read them.
final class LiveChangeFeed: ChangeFeed {
    private(set) var descriptor: Int32?
    let pollInterval = Duration.seconds(1)
    private var watched: [Int32: String] = [:]
    private let gitDirectory: String
    private let read: () -> [FileChange]?

    /// More directories than this, and the feed polls.
    static let watchLimit = 20_000
    private static let events = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE
                                       | IN_ATTRIB | IN_DELETE_SELF)

    /// A feed over `workdir` and `gitDirectory` whose changes come from `read`.
    init(workdir: String?, gitDirectory: String, read: @escaping () -> [FileChange]?) {
        self.read = read
        self.gitDirectory = Self.trimmed(gitDirectory)
        let inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard inotify >= 0 else { return }
        descriptor = inotify
        var complete = watch(self.gitDirectory)
        if let workdir { complete = complete && watchTree(Self.trimmed(workdir)) }
        if !complete {
            close(inotify)
            descriptor = nil
            watched = [:]
        }
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    func drain() {
        guard let descriptor else { return }
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
                let nameBytes = buffer[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
                if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0,
                   let parent = watched[wd], parent != gitDirectory {
                    _ = watchTree(parent + "/" + String(decoding: nameBytes, as: UTF8.self))
                }
                offset += 16 + length
            }
        }
    }

    func changes() -> [FileChange]? { read() }

    /// Watches `directory` and every directory below it but `.git`; false past the limit.
    private func watchTree(_ directory: String) -> Bool {
        guard watch(directory) else { return false }
        guard let stream = opendir(directory) else { return true }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            guard entry.pointee.d_type == UInt8(DT_DIR) else { continue }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." || name == ".git" { continue }
            guard watchTree(directory + "/" + name) else { return false }
        }
        return true
    }

    private func watch(_ directory: String) -> Bool {
        guard let descriptor, watched.count < Self.watchLimit else { return false }
        let wd = inotify_add_watch(descriptor, directory, Self.events)
        if wd >= 0 { watched[wd] = directory }
        return true
    }

    private static func trimmed(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}
