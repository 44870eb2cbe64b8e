internal import CLibGit2

/// Limits the entries of a comparison (renames off) to a pathspec, as git limits its
/// filepairs before it pairs renames: a pair whose source lies outside is an addition.
struct PathspecFilter {
    let pathspec: Pathspec
    let repository: Repository

    /// The entries whose path matches, in their order. Untracked files are also left out when
    /// git would not go into an untracked directory on their way (its `treat_directory`).
    func keep(_ entries: [ChangeEntry]) throws -> [ChangeEntry] {
        let attributes: PathspecAttributeLookup? = pathspec.usesAttributes
            ? { [repository] path, names in try repository.pathspecAttributes(of: path, names: names) } : nil
        var directories = UntrackedDirectories(repository: repository)
        defer { directories.close() }
        var kept: [ChangeEntry] = []
        kept.reserveCapacity(entries.count)
        for entry in entries {
            let isGitlink = entry.new?.isSubmodule == true || entry.old?.isSubmodule == true
            guard try pathspec.matches(entry.path, isGitlink: isGitlink, attributes: attributes) else { continue }
            if entry.kind == .untracked && pathspec.checksUntrackedDirectories {
                guard try directories.admit(entry.path, pathspec: pathspec, attributes: attributes) else { continue }
            }
            kept.append(entry)
        }
        return kept
    }
}

/// The untracked directories above untracked files, each asked of the pathspec once.
private struct UntrackedDirectories {
    let repository: Repository
    private var index: OpaquePointer?
    private var answers: [[UInt8]: Bool] = [:]

    init(repository: Repository) {
        self.repository = repository
    }

    mutating func close() {
        if let index { git_index_free(index) }
        index = nil
    }

    /// Whether every directory above `path` that the index does not know admits it.
    mutating func admit(_ path: [UInt8], pathspec: Pathspec, attributes: PathspecAttributeLookup?) throws -> Bool {
        for (position, byte) in path.enumerated() where byte == UInt8(ascii: "/") {
            let directory = Array(path[...position])
            if let answer = answers[directory] {
                if !answer { return false }
                continue
            }
            let answer = try isTracked(directory)
                || pathspec.admitsUntrackedDirectory(directory, attributes: attributes)
            answers[directory] = answer
            if !answer { return false }
        }
        return true
    }

    /// Whether the index holds a path inside `directory` (ending in `/`).
    private mutating func isTracked(_ directory: [UInt8]) throws -> Bool {
        if index == nil {
            try LibGit2.check(git_repository_index(&index, repository.handle))
        }
        return directory.withCString { git_index_find_prefix(nil, index, $0) } == 0
    }
}
