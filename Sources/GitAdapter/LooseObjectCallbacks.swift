internal import CLibGit2

/// The C functions of ``LooseObjectGuard``'s backend: reading an object and its header
/// (served from the checked file, or passed on when there is none), checking the loose
/// candidates of an abbreviated id before libgit2's loose backend reads them, and freeing.
enum LooseObjectCallbacks {
    /// Sets the backend's version and functions.
    static func fill(_ backend: UnsafeMutablePointer<git_odb_backend>) {
        git_odb_init_backend(backend, UInt32(GIT_ODB_BACKEND_VERSION))
        backend.pointee.read = { data, length, type, backend, oid in
            guard let data, let length, let type, let backend, let oid else { return -1 }
            return LooseObjectCallbacks.read(ObjectID(oid.pointee), backend) { header, content in
                data.pointee = content
                length.pointee = header.size
                type.pointee = git_object_t(header.kind.rawValue)
            }
        }
        backend.pointee.read_header = { length, type, backend, oid in
            guard let length, let type, let backend, let oid else { return -1 }
            return LooseObjectCallbacks.report { () throws(LooseObjectError) in
                guard let header = try LooseObjectGuard.of(backend).header(of: ObjectID(oid.pointee)) else {
                    return GIT_ENOTFOUND.rawValue
                }
                length.pointee = header.size
                type.pointee = git_object_t(header.kind.rawValue)
                return 0
            }
        }
        backend.pointee.read_prefix = { _, _, _, _, backend, oid, length in
            guard let backend, let oid else { return -1 }
            return LooseObjectCallbacks.check(prefix: ObjectID(oid.pointee), length: length, backend)
        }
        backend.pointee.free = { backend in
            guard let backend else { return }
            LooseObjectCallbacks.release(UnsafeMutableRawPointer(backend).assumingMemoryBound(to: treereview_odb_backend.self))
        }
    }

    /// Frees a backend made by ``LooseObjectGuard/install(on:)`` and its guard.
    static func release(_ backend: UnsafeMutablePointer<treereview_odb_backend>) {
        if let context = backend.pointee.context { Unmanaged<LooseObjectGuard>.fromOpaque(context).release() }
        backend.deinitialize(count: 1)
        backend.deallocate()
    }

    /// Reads `id`'s loose object into a buffer libgit2 will free, and hands it to `store`.
    private static func read(_ id: ObjectID, _ backend: UnsafeMutablePointer<git_odb_backend>,
                             store: (LooseObjectFile.Header, UnsafeMutableRawPointer) -> Void) -> Int32 {
        report { () throws(LooseObjectError) in
            guard let (header, content) = try LooseObjectGuard.of(backend).read(
                id, allocate: { git_odb_backend_data_alloc(backend, $0) }, release: { git_odb_backend_data_free(backend, $0) })
            else { return GIT_ENOTFOUND.rawValue }
            store(header, content)
            return 0
        }
    }

    /// Checks every loose object an abbreviated id may name; libgit2's own backends then read it.
    private static func check(prefix id: ObjectID, length: Int, _ backend: UnsafeMutablePointer<git_odb_backend>) -> Int32 {
        for candidate in LooseObjectGuard.of(backend).candidates(of: id, length: length) {
            let code = read(candidate.id, backend) { _, content in git_odb_backend_data_free(backend, content) }
            if code < 0 && code != GIT_ENOTFOUND.rawValue { return code }
        }
        return GIT_PASSTHROUGH.rawValue
    }

    /// `body`'s code, or libgit2's error for the loose object it could not read.
    private static func report(_ body: () throws(LooseObjectError) -> Int32) -> Int32 {
        do {
            return try body()
        } catch {
            if error.failure == .outOfMemory {
                git_error_set_oom()
            } else {
                git_error_set_str(Int32(GIT_ERROR_ODB.rawValue), error.message)
            }
            return GIT_ERROR.rawValue
        }
    }
}
