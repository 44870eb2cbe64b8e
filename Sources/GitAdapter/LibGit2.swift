import Foundation
internal import CLibGit2

/// libgit2 initialization and error capture.
enum LibGit2 {
    private static let initialized: Bool = {
        git_libgit2_init()
        // Reading must not cost more than git's: git does not re-hash objects it reads.
        _ = treereview_git_set_strict_hash_verification(0)
        // Ownership is checked as git checks it (RepositoryOwnership), not as libgit2 does.
        _ = treereview_git_set_owner_validation(0)
        return true
    }()

    /// Initializes libgit2 once per process.
    static func ensureInitialized() {
        _ = initialized
    }

    /// What libgit2 recorded for a failed call on this thread.
    struct Failure {
        /// The call's return code (`GIT_ENOTFOUND`, ...).
        var code: Int32
        /// The error class (`GIT_ERROR_ODB`, ...), 0 when none was recorded.
        var errorClass: Int32
        /// libgit2's message.
        var message: String

        /// Whether the failure is about the object database (a missing or unreadable object).
        var isObjectDatabase: Bool {
            [GIT_ERROR_ODB, GIT_ERROR_ZLIB, GIT_ERROR_OBJECT].map { Int32($0.rawValue) }.contains(errorClass)
        }
    }

    /// The failure of a call that returned `code`, read right away (it is thread-local).
    static func failure(_ code: Int32) -> Failure {
        guard let last = git_error_last(), let text = last.pointee.message else {
            return Failure(code: code, errorClass: 0, message: "unknown error")
        }
        return Failure(code: code, errorClass: last.pointee.klass, message: String(cString: text))
    }

    /// Throws libgit2's message (``AdapterError/repository(_:)``) when `code` is negative.
    static func check(_ code: Int32) throws {
        guard code < 0 else { return }
        throw AdapterError.repository(failure(code).message)
    }

    /// Throws for a repository that libgit2 failed to open with `code` from `start`, in git's
    /// words where its configuration is the cause: a line of one of `files`, of the repository's
    /// own file or of a file they include that git refuses (``ConfigIncludes``), or a
    /// `core.bare` that is no boolean (the one boolean libgit2 reads while opening).
    static func checkOpening(_ code: Int32, files: ConfigFiles, from start: String) throws {
        guard code < 0 else { return }
        let failure = failure(code)
        guard failure.errorClass == Int32(GIT_ERROR_CONFIG.rawValue) else { throw AdapterError.repository(failure.message) }
        let boolean = "failed to parse '"
        // libgit2 1.5 and 1.7 end the message "as a boolean value", 1.9 "as a boolean".
        if failure.message.hasPrefix(boolean),
           let notBoolean = ["' as a boolean value", "' as a boolean"].first(where: failure.message.hasSuffix) {
            let value = String(failure.message.dropFirst(boolean.count).dropLast(notBoolean.count))
            throw AdapterError.badConfigValue(key: "core.bare", value: value, problem: .notABoolean)
        }
        var discovered = git_buf()
        defer { git_buf_dispose(&discovered) }
        let gitDirectory = git_repository_discover(&discovered, start, 0, nil) == 0 ? discovered.ptr.map { String(cString: $0) } : nil
        let top = gitDirectory.flatMap { $0.hasSuffix("/.git/") ? String($0.dropLast(".git/".count)) : nil }
        let includes = ConfigIncludes(gitDirectory: gitDirectory ?? "/", home: files.home) { path in
            top.flatMap { path.hasPrefix($0) ? String(path.dropFirst($0.count)) : nil } ?? path
        }
        for path in [files.system, files.xdg, files.global, gitDirectory.map { $0 + "config" }] {
            guard let path, access(path, R_OK) == 0 else { continue }
            _ = try includes.entries(of: path)
        }
        throw AdapterError.repository(failure.message)
    }

    /// The error for reading object `id` that failed with `code`: missing, or corrupt (a loose
    /// object when ``LooseObjectGuard`` named its file or the file is in `objectsDirectory`),
    /// naming the path it was read for.
    static func objectError(_ code: Int32, id: ObjectID, isTree: Bool, path: [UInt8]?,
                            objectsDirectory: String) -> AdapterError {
        let failure = failure(code)
        let pathText = path.map { String(decoding: $0, as: UTF8.self) }
        if code == GIT_ENOTFOUND.rawValue {
            return .missingObject(id: id.hex, isTree: isTree, path: pathText)
        }
        guard failure.isObjectDatabase || code == GIT_EINVALID.rawValue else {
            return .repository(failure.message)
        }
        let hex = id.hex
        if let file = LooseObjectError.file(in: failure.message, id: hex) {
            // git's words: a tree's reader dies naming the file, a blob's content "unable to read".
            guard !isTree else { return .corruptObject(id: hex, looseFile: file, path: pathText) }
            return .repository((pathText.map { "'\($0)': " } ?? "") + "unable to read \(hex) (corrupt loose object \(file))")
        }
        let loose = objectsDirectory + String(hex.prefix(2)) + "/" + String(hex.dropFirst(2))
        let isLoose = access(loose, F_OK) == 0
        return .corruptObject(id: hex, looseFile: isLoose ? loose : nil, path: pathText)
    }
}

/// A repository's object database handle, for one thread.
final class ObjectDatabase {
    let pointer: OpaquePointer

    init(_ repository: Repository) throws {
        var odb: OpaquePointer?
        try LibGit2.check(git_repository_odb(&odb, repository.handle))
        pointer = odb!
    }

    deinit { git_odb_free(pointer) }

    /// Object `id` read whole: git's type number (1 commit, 2 tree, 3 blob, 4 tag) and content.
    func read(_ id: ObjectID) throws -> (kind: UInt8, bytes: [UInt8]) {
        var oid = id.oid
        var object: OpaquePointer?
        try LibGit2.check(git_odb_read(&object, pointer, &oid))
        defer { git_odb_object_free(object) }
        let size = git_odb_object_size(object)
        let bytes = size == 0 ? [] : Array(UnsafeRawBufferPointer(start: git_odb_object_data(object), count: size))
        return (UInt8(git_odb_object_type(object).rawValue), bytes)
    }
}

/// Owns a `git_tree`.
final class TreeHandle {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
    deinit { git_tree_free(pointer) }

    /// The tree's id.
    var id: ObjectID { ObjectID(git_tree_id(pointer).pointee) }
}

/// Owns a `git_diff`.
final class DiffHandle {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
    deinit { git_diff_free(pointer) }
}

/// git's reading of UTF-8 where it cuts text at the first byte that does not decode
/// (`pick_one_utf8_char`, used by `sane_truncate_line` on hunk headers).
enum GitUTF8 {
    /// The longest prefix of `bytes` that decodes.
    static func validPrefix(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        var index = 0
        while index < bytes.count {
            guard let length = sequenceLength(bytes, at: index) else { break }
            index += length
        }
        return bytes[..<index]
    }

    /// The length of the character at `index`, `nil` when it does not decode.
    private static func sequenceLength(_ s: [UInt8], at index: Int) -> Int? {
        let remainder = s.count - index
        let lead = s[index]
        func continuation(_ offset: Int) -> Bool { s[index + offset] & 0xC0 == 0x80 }
        if lead < 0x80 { return 1 }
        if lead & 0xE0 == 0xC0 {
            guard remainder >= 2, continuation(1), lead & 0xFE != 0xC0 else { return nil }
            return 2
        }
        if lead & 0xF0 == 0xE0 {
            guard remainder >= 3, continuation(1), continuation(2) else { return nil }
            let second = s[index + 1]
            if lead == 0xE0 && second & 0xE0 == 0x80 { return nil }
            if lead == 0xED && second & 0xE0 == 0xA0 { return nil }
            if lead == 0xEF && second == 0xBF && s[index + 2] & 0xFE == 0xBE { return nil }
            return 3
        }
        if lead & 0xF8 == 0xF0 {
            guard remainder >= 4, continuation(1), continuation(2), continuation(3) else { return nil }
            let second = s[index + 1]
            if lead == 0xF0 && second & 0xF0 == 0x80 { return nil }
            if (lead == 0xF4 && second > 0x8F) || lead > 0xF4 { return nil }
            return 4
        }
        return nil
    }
}
