internal import CLibGit2
import TreeModel

extension Repository {
    /// For `--staged`: marks the changes whose working-tree file differs from the index the
    /// comparison reads (the paths `git diff --name-only` lists, with the same index: in a
    /// hook, the one git prepared), and returns how many untracked files the commit leaves out
    /// (`git ls-files --others --exclude-standard`; `nil` when untracked files are not listed).
    /// Both are limited by `pathspec`, as the comparison is.
    func markPartiallyStaged(_ changes: inout [FileChange], request: ComparisonRequest, resolved: ResolvedComparison,
                             config: RepositoryConfig, pathspec: Pathspec?) throws -> Int? {
        let submodules = try submoduleIgnores(config: config)
        var builder = DiffOptionsBuilder(request: request, includeUnmodified: false)
        builder.submoduleIgnore = submodules.libgit2Level
        builder.directories = pathspec?.enclosingDirectories ?? []
        let exceptions = try indexExceptions(for: resolved, config: config)
        var diff: OpaquePointer?
        let code = builder.withDiffOptions(workingTree: true) { options in
            git_diff_index_to_workdir(&diff, handle, nil, &options)
        }
        guard code == 0, let diff else { throw diffError(code) }
        var entries = submodules.filter(DiffEntries.read(DiffHandle(diff), workingTree: true), repository: self)
        if let pathspec {
            entries = try PathspecFilter(pathspec: pathspec, repository: self).keep(entries)
        }
        var unstaged = Set<[UInt8]>()
        var untracked = 0
        for entry in entries {
            let path = entry.path
            if entry.kind == .untracked {
                untracked += 1
            } else if !exceptions.indexStandsForFile.contains(path) && exceptions.conflicted[path] == nil {
                unstaged.insert(path)
            }
        }
        if !unstaged.isEmpty {
            for index in changes.indices where changes[index].status != .unmerged && unstaged.contains(changes[index].path.bytes) {
                changes[index].partiallyStaged = true
            }
        }
        return request.includeUntracked ? untracked : nil
    }
}
