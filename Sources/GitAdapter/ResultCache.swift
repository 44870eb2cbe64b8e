import Background
import Dispatch
import Foundation

/// Results that cost reading objects and never change, kept between runs in the user's
/// cache directory, one directory per repository (its worktrees share it): similarity
/// fingerprints by blob id, line counts by blob pair, tree comparisons by tree pair. Every
/// record's key holds all the result depends on (the ids, how the `diff` attribute judged
/// the blobs), so a run after a new commit computes only what the new objects need.
///
/// Reads are safe from any thread; ``add(_:for:)``, ``noteUsed(_:)`` and ``save()`` are
/// for the thread that runs the comparison.
final class ResultCache: @unchecked Sendable {
    let store: CacheStore
    private var added: [CacheRecord] = []
    private var used: [CacheKey] = []

    /// The cache of `directory`, or `nil` when it cannot be used.
    init?(directory: String, budget: Int = CacheStore.defaultBudget) {
        guard let store = CacheStore(directory: directory, budget: budget) else { return nil }
        self.store = store
    }

    /// The cache of `repository` (see ``directory(environment:commonDirectory:)``), which
    /// names the repository in a file `repository`; `nil` when there is none to use.
    convenience init?(for repository: Repository) {
        let common = repository.commonGitDirectory
        guard let directory = Self.directory(environment: repository.environment, commonDirectory: common) else { return nil }
        self.init(directory: directory, budget: Self.budget(environment: repository.environment))
        let marker = directory + "/" + Self.markerName
        if access(marker, F_OK) != 0 {
            let temporary = marker + "-\(getpid())"
            if (try? Data(common.utf8).write(to: URL(fileURLWithPath: temporary))) != nil { rename(temporary, marker) }
        }
    }

    /// The bound on a repository's cache: `TREEREVIEW_CACHE_BUDGET` bytes when it is a
    /// positive number (for tests and benchmarks), else ``CacheStore/defaultBudget``.
    static func budget(environment: [String: String]) -> Int {
        guard let text = environment["TREEREVIEW_CACHE_BUDGET"], let bytes = Int(text), bytes > 0 else {
            return CacheStore.defaultBudget
        }
        return min(bytes, Int(UInt32.max))
    }

    /// The file of a repository's cache directory that names the repository's git directory.
    static let markerName = "repository"

    /// `$XDG_CACHE_HOME/treereview/v1`, else `$HOME/.cache/treereview/v1`: where every
    /// repository's cache directory is; `nil` when neither variable holds an absolute path.
    static func root(environment: [String: String]) -> String? {
        let version = "/treereview/v\(CacheStore.version)"
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") { return base + version }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache" + version }
        return nil
    }

    /// The cache directory of the repository whose common git directory is `commonDirectory`:
    /// under ``root(environment:)``, named after the repository's directory and a hash of
    /// the git directory's real path.
    static func directory(environment: [String: String], commonDirectory: String) -> String? {
        guard let root = root(environment: environment) else { return nil }
        let real = URL(fileURLWithPath: commonDirectory).resolvingSymlinksInPath().path
        var name = URL(fileURLWithPath: real).lastPathComponent
        if name == ".git" { name = URL(fileURLWithPath: real).deletingLastPathComponent().lastPathComponent }
        let readable = String(name.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || "0123456789._-".unicodeScalars.contains($0)) }.prefix(40))
        let hash = Array(real.utf8).withUnsafeBytes { CacheChecksum.hash($0) }
        return root + "/" + (readable.isEmpty ? "repository" : readable) + "-" + String(hash, radix: 16)
    }

    // MARK: Reading

    /// The fingerprint stored for `key`, if any.
    func fingerprint(_ key: CacheKey) -> Fingerprint? {
        guard let value = store.value(for: key), value.count >= 12 else { return nil }
        let size = Int(value.loadUnaligned(as: UInt64.self).littleEndian)
        let count = Int(value.loadUnaligned(fromByteOffset: 8, as: UInt32.self).littleEndian)
        guard value.count == 12 + 8 * count, size >= 0 else { return nil }
        func words(at offset: Int) -> [UInt32] {
            guard count > 0 else { return [] }
            let stored = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: value[offset..<offset + 4 * count]))
                initialized = count
            }
            return UInt32(1).littleEndian == 1 ? stored : stored.map { UInt32(littleEndian: $0) }
        }
        return Fingerprint(size: size, keys: words(at: 12), counts: words(at: 12 + 4 * count))
    }

    /// The line count stored for `key`, if any.
    func count(_ key: CacheKey) -> LineCounter.Count? {
        guard let value = store.value(for: key), value.count == 17 else { return nil }
        let insertions = Int(truncatingIfNeeded: value.loadUnaligned(as: UInt64.self).littleEndian)
        let deletions = Int(truncatingIfNeeded: value.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian)
        guard insertions >= 0, deletions >= 0, value[16] <= 1 else { return nil }
        return LineCounter.Count(insertions: insertions, deletions: deletions, binary: value[16] == 1)
    }

    // MARK: Recording

    /// Marks a record this run found as used now.
    func noteUsed(_ key: CacheKey) {
        used.append(key)
    }

    /// Records a value this run computed.
    func add(value: [UInt8], for key: CacheKey) {
        added.append(CacheRecord(key: key, generation: store.generation, value: value))
    }

    /// Records a fingerprint this run computed.
    func add(_ print: Fingerprint, for key: CacheKey) {
        var value: [UInt8] = []
        value.reserveCapacity(12 + 8 * print.keys.count)
        value.appendLittleEndian(UInt64(print.size))
        value.appendLittleEndian(UInt32(print.keys.count))
        for word in print.keys { value.appendLittleEndian(word) }
        for word in print.counts { value.appendLittleEndian(word) }
        added.append(CacheRecord(key: key, generation: store.generation, value: value))
    }

    /// Records a line count this run computed.
    func add(_ count: LineCounter.Count, for key: CacheKey) {
        var value: [UInt8] = []
        value.reserveCapacity(17)
        value.appendLittleEndian(UInt64(count.insertions))
        value.appendLittleEndian(UInt64(count.deletions))
        value.append(count.binary ? 1 : 0)
        added.append(CacheRecord(key: key, generation: store.generation, value: value))
    }

    /// Writes what this run added (see ``CacheStore/write(_:used:)``). After a merge, the
    /// caches of repositories that are gone are deleted too.
    func save() {
        if store.write(added, used: used) { Self.removeCachesOfRemovedRepositories(besides: store.directory) }
        added = []
    }

    /// Deletes the sibling cache directories whose `repository` file names a git directory
    /// that no longer exists.
    static func removeCachesOfRemovedRepositories(besides directory: String) {
        let root = (directory as NSString).deletingLastPathComponent
        let manager = FileManager.default
        for name in (try? manager.contentsOfDirectory(atPath: root)) ?? [] where root + "/" + name != directory {
            let sibling = root + "/" + name
            guard let bytes = Self.readMarker(sibling + "/" + markerName), let path = String(validating: bytes, as: UTF8.self),
                  path.hasPrefix("/"), !manager.fileExists(atPath: path) else { continue }
            try? manager.removeItem(atPath: sibling)
        }
    }
}

extension ResultCache {
    /// The bytes of a cache directory's `repository` file: `nil` unless it is a regular file
    /// of at most 64 KiB (opened without blocking: a FIFO there does not hang the run).
    static func readMarker(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= 1 << 16 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count == bytes.count ? bytes : nil
    }
}

/// The results cache's save that a comparison started on another thread (``ChangeSet/pendingSave``),
/// so that the report is built and written meanwhile. ``wait()`` before the process exits;
/// the last reference going away waits too, so a save is never cut off half-way.
public final class PendingCacheSave: Sendable {
    private let group = DispatchGroup()

    /// Starts `save` on a low-priority thread of its own (``BackgroundThread``), so that an
    /// interactive browser's keys come first.
    init(_ save: @escaping @Sendable () -> Void) {
        group.enter()
        BackgroundThread.start { [group] in
            save()
            group.leave()
        }
    }

    /// Returns once the save has finished.
    public func wait() {
        group.wait()
    }

    deinit {
        group.wait()
    }
}
