import Packages

/// The manifests of a change set's new side, to be read on another thread than the one
/// that holds the repository: the reading opens a handle of its own.
public struct ManifestSource: Sendable {
    private let location: RepositoryLocation
    private let side: ComparedSide
    private let untracked: [[UInt8]]
    private let cache: Bool

    /// What ``Repository/manifests(of:cache:)`` would read for `changeSet` in `repository`.
    public init(_ repository: Repository, changeSet: ChangeSet, cache: Bool) {
        location = repository.location
        side = changeSet.newSide
        untracked = side == .workingTree ? changeSet.changes.filter { $0.status == .untracked }.map(\.path.bytes) : []
        self.cache = cache
    }

    /// Reads the manifests, on a handle opened for the calling thread.
    public func read() throws -> [ManifestFile] {
        try read(in: location.open())
    }

    /// Reads the manifests through `repository`, a handle on the same repository.
    func read(in repository: Repository) throws -> [ManifestFile] {
        try repository.manifests(of: side, untracked: untracked, cache: cache)
    }
}
