extension Repository {
    /// `error`, reworded where the repository explains it: an object missing from a partial
    /// clone was never fetched (git would fetch it), which is not damage.
    func explained(_ error: AdapterError, config: RepositoryConfig) -> AdapterError {
        guard case .missingObject(let id, let isTree, let path) = error, let remote = config.partialCloneRemote else {
            return error
        }
        return .missingFromPartialClone(id: id, isTree: isTree, path: path, remote: remote)
    }
}
