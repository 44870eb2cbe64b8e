internal import CLibGit2

/// A repository's object database handle, for one thread.
final class ObjectDatabase {
    let pointer: OpaquePointer

    init(_ repository: Repository) throws {
        var odb: OpaquePointer?
        try LibGit2.check(git_repository_odb(&odb, repository.handle))
        pointer = odb!
    }

    deinit { git_odb_free(pointer) }
}
