import GitRules

/// The configuration that decides how git's diff treats some kinds of entries: sparse
/// checkouts, executable bits, submodules and partial clones.
extension RepositoryConfig {
    /// The keys read for this, lowercased.
    enum KindKeys {
        static let sparseCheckout = "core.sparsecheckout"
        static let expectFilesOutsideOfPatterns = "sparse.expectfilesoutsideofpatterns"
        static let fileMode = "core.filemode"
        static let ignoreSubmodules = "diff.ignoresubmodules"
        static let partialClone = "extensions.partialclone"
        static let names = [sparseCheckout, expectFilesOutsideOfPatterns, fileMode, ignoreSubmodules, partialClone]
        static func isKindKey(_ name: String) -> Bool {
            names.contains(name) || (name.hasPrefix("remote.") && name.hasSuffix(".promisor"))
        }
    }

    /// Whether a skip-worktree file found in the working tree is compared as git compares it
    /// there: `core.sparseCheckout` is on and `sparse.expectFilesOutsideOfPatterns` is not.
    func comparesPresentSparseFiles() throws -> Bool {
        try bool(KindKeys.sparseCheckout, default: false) && !bool(KindKeys.expectFilesOutsideOfPatterns, default: false)
    }

    /// `core.fileMode`: whether the executable bit of a working-tree file counts (default on).
    func trustsExecutableBit() throws -> Bool {
        try bool(KindKeys.fileMode, default: true)
    }

    /// `diff.ignoreSubmodules`, `nil` when unset; like git, a value it does not know is an error.
    func submoduleIgnore() throws -> SubmoduleIgnore? {
        guard let value = kindValues[KindKeys.ignoreSubmodules]?.last else { return nil }
        guard let value, let ignore = SubmoduleIgnore(rawValue: value) else {
            throw AdapterError.badSubmoduleIgnore(key: "diff.ignoreSubmodules", value: value ?? "")
        }
        return ignore
    }

    /// The promisor remote of a partial clone (`extensions.partialClone`, else the first remote
    /// with `remote.<name>.promisor` on), if this is one.
    var partialCloneRemote: String? {
        if let remote = kindValues[KindKeys.partialClone]?.last, let remote { return remote }
        let promisors = kindValues.filter { $0.key.hasPrefix("remote.") && $0.key.hasSuffix(".promisor") }
            .filter { GitConfigValue.bool($0.value.last ?? nil) == true }
            .map { String($0.key.dropFirst("remote.".count).dropLast(".promisor".count)) }
        return promisors.sorted().first
    }

    /// The last value of the boolean `key`, checked as git checks booleans.
    private func bool(_ key: String, default value: Bool) throws -> Bool {
        guard let values = kindValues[key], let last = values.last else { return value }
        guard let result = GitConfigValue.bool(last) else {
            throw AdapterError.badConfigValue(key: key, value: last ?? "", problem: .notABoolean)
        }
        return result
    }
}
