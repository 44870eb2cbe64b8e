import Foundation
internal import CLibGit2

/// An object database backend that reads loose objects in place of libgit2's own loose
/// backends, checking each file as git does (``LooseObjectFile``): libgit2 1.5 loops forever
/// on a truncated loose object and corrupts its heap on one whose header states a smaller size
/// than its content. It is added to every handle's object database just after the packs
/// (the same priority, added later), so packed objects never reach it and every loose one
/// does — trees, commits and blobs, read by the walk, libgit2's diffs, line counts and patches.
/// A damaged file fails the read with git's words, `loose object <id> (stored in <file>) is
/// corrupt`; a file that is not there passes the read on.
final class LooseObjectGuard {
    /// The object directories whose loose objects it reads, each ending in `/`.
    let directories: [String]

    init(directories: [String]) { self.directories = directories }

    /// libgit2's priority for packs: the guard comes after them and before the loose backends.
    static let priority: Int32 = 2

    /// Adds a guard for `repository`'s object directory and its alternates to its database.
    static func install(on repository: Repository) throws {
        var odb: OpaquePointer?
        try LibGit2.check(git_repository_odb(&odb, repository.handle))
        defer { git_odb_free(odb) }
        let owner = LooseObjectGuard(directories: directories(objects: repository.objectsDirectory,
                                                              environment: repository.environment))
        let backend = UnsafeMutablePointer<treereview_odb_backend>.allocate(capacity: 1)
        backend.initialize(to: treereview_odb_backend())
        backend.pointee.context = Unmanaged.passRetained(owner).toOpaque()
        LooseObjectCallbacks.fill(&backend.pointee.parent)
        let code = withUnsafeMutablePointer(to: &backend.pointee.parent) { git_odb_add_backend(odb, $0, priority) }
        guard code == 0 else {
            LooseObjectCallbacks.release(backend)
            throw AdapterError.repository(LibGit2.failure(code).message)
        }
    }

    /// The guard a backend pointer of ours belongs to.
    static func of(_ backend: UnsafeMutablePointer<git_odb_backend>) -> LooseObjectGuard {
        let context = UnsafeMutableRawPointer(backend).assumingMemoryBound(to: treereview_odb_backend.self).pointee.context!
        return Unmanaged<LooseObjectGuard>.fromOpaque(context).takeUnretainedValue()
    }

    /// The header of `id`'s loose object; `nil` when there is none.
    func header(of id: ObjectID) throws(LooseObjectError) -> LooseObjectFile.Header? {
        try withFile(of: id) { file throws(LooseObjectFile.Failure) in try file.header() }
    }

    /// `id`'s loose object read whole and checked (see ``LooseObjectFile/read(allocate:release:)``);
    /// `nil` when there is none.
    func read(_ id: ObjectID, allocate: (Int) -> UnsafeMutableRawPointer?, release: (UnsafeMutableRawPointer) -> Void)
        throws(LooseObjectError) -> (header: LooseObjectFile.Header, content: UnsafeMutableRawPointer)? {
        try withFile(of: id) { file throws(LooseObjectFile.Failure) in try file.read(allocate: allocate, release: release) }
    }

    /// `body` on the first file of `id` in ``directories`` that exists; `nil` when none does.
    private func withFile<T>(of id: ObjectID, _ body: (LooseObjectFile) throws(LooseObjectFile.Failure) -> T)
        throws(LooseObjectError) -> T? {
        let hex = id.hex
        let name = String(hex.prefix(2)) + "/" + String(hex.dropFirst(2))
        for directory in directories {
            let path = directory + name
            do {
                guard let file = try LooseObjectFile.open(path) else { continue }
                return try body(file)
            } catch {
                throw LooseObjectError(id: hex, path: path, failure: error)
            }
        }
        return nil
    }

    /// The loose files whose names start with the first `length` hex digits of `id`.
    func candidates(of id: ObjectID, length: Int) -> [(id: ObjectID, path: String)] {
        let hex = Array(id.hex.utf8.prefix(length))
        guard hex.count >= 2 else { return [] }
        let fanOut = String(decoding: hex[..<2], as: UTF8.self)
        let rest = hex[2...]
        var found: [(ObjectID, String)] = []
        for directory in directories {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory + fanOut)) ?? []
            for name in names where name.utf8.count == 38 && name.utf8.starts(with: rest) {
                guard let full = ObjectID(hex: fanOut + name) else { continue }
                found.append((full, directory + fanOut + "/" + name))
            }
        }
        return found
    }

    /// The object directories libgit2 reads for `objects` (ending in `/`): it, the
    /// alternates its `info/alternates` names (libgit2's rules: five levels deep, a path
    /// starting with `.` relative to the first directory only), and those of
    /// `GIT_ALTERNATE_OBJECT_DIRECTORIES`.
    static func directories(objects: String, environment: [String: String]) -> [String] {
        var result: [String] = []
        func add(_ directory: String, depth: Int) {
            let path = directory.hasSuffix("/") ? directory : directory + "/"
            guard depth <= 5, !result.contains(path) else { return }
            result.append(path)
            guard let text = try? String(contentsOfFile: path + "info/alternates", encoding: .utf8) else { return }
            for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) where !line.hasPrefix("#") {
                let alternate = line.hasPrefix(".") && depth == 0 ? path + line : String(line)
                add(alternate, depth: depth + 1)
            }
        }
        add(objects, depth: 0)
        for alternate in (environment["GIT_ALTERNATE_OBJECT_DIRECTORIES"] ?? "").split(separator: ":") {
            add(String(alternate), depth: 1)
        }
        return result
    }
}

/// A loose object that cannot be read, and the message libgit2 is given for it.
struct LooseObjectError: Error {
    let id: String
    let path: String
    let failure: LooseObjectFile.Failure

    /// git's words (`read_object_file_extended`).
    var message: String { "loose object \(id) (stored in \(path)) is corrupt" }

    /// The loose file named by a message of this form about `id`, if `message` is one.
    static func file(in message: String, id: String) -> String? {
        let head = "loose object \(id) (stored in ", tail = ") is corrupt"
        guard message.hasPrefix(head), message.hasSuffix(tail), message.count > head.count + tail.count else { return nil }
        return String(message.dropFirst(head.count).dropLast(tail.count))
    }
}
