internal import CLibGit2

/// The object database backend that serves packed objects from a ``PackedObjectReader``,
/// ahead of libgit2's own pack backend; whatever it does not answer (``PackedObjectReader``)
/// goes on to libgit2's backends. `TREEREVIEW_PACK_READER=libgit2` in the environment leaves
/// every read to libgit2.
enum PackedObjectBackend {
    /// Ahead of libgit2's packs (2) and the loose objects (``LooseObjectGuard``, 1 and 2).
    static let priority: Int32 = 3

    /// Adds a backend reading the packs of `repository`'s object directories, when it has any.
    static func install(on repository: Repository) throws {
        guard repository.environment["TREEREVIEW_PACK_READER"] != "libgit2" else { return }
        let directories = LooseObjectGuard.directories(objects: repository.objectsDirectory, environment: repository.environment)
        guard let reader = PackedObjectReader(packs: PackRegistry.packs(in: directories)) else { return }
        var odb: OpaquePointer?
        try LibGit2.check(git_repository_odb(&odb, repository.handle))
        defer { git_odb_free(odb) }
        let backend = UnsafeMutablePointer<treereview_odb_backend>.allocate(capacity: 1)
        backend.initialize(to: treereview_odb_backend())
        backend.pointee.context = Unmanaged.passRetained(reader).toOpaque()
        fill(&backend.pointee.parent)
        let code = withUnsafeMutablePointer(to: &backend.pointee.parent) { git_odb_add_backend(odb, $0, priority) }
        guard code == 0 else {
            release(backend)
            throw AdapterError.repository(LibGit2.failure(code).message)
        }
    }

    /// Where a `git_oid`'s id bytes start.
    private static let idOffset = MemoryLayout<git_oid>.offset(of: \git_oid.id)!

    private static func reader(_ backend: UnsafeMutablePointer<git_odb_backend>?) -> PackedObjectReader {
        let context = UnsafeMutableRawPointer(backend!).assumingMemoryBound(to: treereview_odb_backend.self).pointee.context!
        return Unmanaged<PackedObjectReader>.fromOpaque(context).takeUnretainedValue()
    }

    private static func fill(_ backend: UnsafeMutablePointer<git_odb_backend>) {
        git_odb_init_backend(backend, UInt32(GIT_ODB_BACKEND_VERSION))
        backend.pointee.read = { data, length, type, backend, oid in
            guard let data, let length, let type, let backend, let oid else { return -1 }
            let id = UnsafeRawPointer(oid) + PackedObjectBackend.idOffset
            guard let (header, content) = PackedObjectBackend.reader(backend).read(
                id, allocate: { git_odb_backend_data_alloc(backend, $0) }, release: { git_odb_backend_data_free(backend, $0) })
            else { return GIT_ENOTFOUND.rawValue }
            data.pointee = content
            length.pointee = header.size
            type.pointee = git_object_t(Int32(header.kind))
            return 0
        }
        backend.pointee.read_header = { length, type, backend, oid in
            guard let length, let type, let backend, let oid else { return -1 }
            guard let header = PackedObjectBackend.reader(backend).header(of: UnsafeRawPointer(oid) + PackedObjectBackend.idOffset)
            else { return GIT_ENOTFOUND.rawValue }
            length.pointee = header.size
            type.pointee = git_object_t(Int32(header.kind))
            return 0
        }
        backend.pointee.exists = { backend, oid in
            guard let backend, let oid else { return 0 }
            return PackedObjectBackend.reader(backend).contains(UnsafeRawPointer(oid) + PackedObjectBackend.idOffset) ? 1 : 0
        }
        backend.pointee.foreach = { _, _, _ in 0 }
        backend.pointee.free = { backend in
            guard let backend else { return }
            PackedObjectBackend.release(UnsafeMutableRawPointer(backend).assumingMemoryBound(to: treereview_odb_backend.self))
        }
    }

    private static func release(_ backend: UnsafeMutablePointer<treereview_odb_backend>) {
        if let context = backend.pointee.context { Unmanaged<PackedObjectReader>.fromOpaque(context).release() }
        backend.deinitialize(count: 1)
        backend.deallocate()
    }
}
