internal import CLibGit2

/// One revision looked up once: the object it names, the commit it peels to (if any), and
/// the tree to compare.
struct ResolvedRevision {
    /// The revision as written.
    let name: String
    /// The object the revision names (an annotated tag, a commit, a tree).
    let objectID: ObjectID
    /// The commit the revision peels to; `nil` for a tree (or a tag of one).
    let commitID: ObjectID?
    /// The commit's parents, in order (empty for a tree).
    let parentIDs: [ObjectID]
    /// The tree to compare.
    let tree: TreeHandle

    /// The id reported for this side: the commit's, else the tree's.
    var reportedID: String { (commitID ?? tree.id).hex }
}

extension Repository {
    /// Looks `revision` up once: parsed by libgit2's revision syntax, peeled to a commit when
    /// it is one (through annotated tags), and to its tree.
    func lookUp(_ revision: String) throws -> ResolvedRevision {
        if let walked = try lookUpInShallowHistory(revision) { return walked }
        var object: OpaquePointer?
        let code = git_revparse_single(&object, handle, revision)
        guard code == 0, let object else {
            // A shallow clone's history ends where git sees no parents: not a damaged repository.
            if LibGit2.failure(code).isObjectDatabase && code != GIT_EINVALIDSPEC.rawValue && shallowCommits.isEmpty {
                throw AdapterError.badObject(revision)
            }
            throw AdapterError.unknownRevision(revision, emptyRepository: isHeadUnborn)
        }
        defer { git_object_free(object) }
        var commit: OpaquePointer?
        let peeled = git_object_peel(&commit, object, GIT_OBJECT_COMMIT)
        if peeled == 0, let commit {
            defer { git_object_free(commit) }
            return try resolved(commit: commit, name: revision, objectID: ObjectID(git_object_id(object).pointee))
        }
        if peeled == GIT_ENOTFOUND.rawValue { throw AdapterError.badObject(revision) }
        var tree: OpaquePointer?
        let treePeel = git_object_peel(&tree, object, GIT_OBJECT_TREE)
        if treePeel == GIT_ENOTFOUND.rawValue { throw AdapterError.badObject(revision) }
        guard treePeel == 0, let tree else { throw AdapterError.notATree(revision) }
        return ResolvedRevision(name: revision, objectID: ObjectID(git_object_id(object).pointee), commitID: nil,
                                parentIDs: [], tree: TreeHandle(tree))
    }

    /// Looks up the commit `id` (a parent, a merge base).
    func lookUpCommit(_ id: ObjectID, name: String) throws -> ResolvedRevision {
        var oid = id.oid
        var commit: OpaquePointer?
        let code = git_commit_lookup(&commit, handle, &oid)
        guard code == 0, let commit else {
            throw LibGit2.objectError(code, id: id, isTree: false, path: nil, objectsDirectory: objectsDirectory)
        }
        defer { git_commit_free(commit) }
        return try resolved(commit: commit, name: name, objectID: id)
    }

    private func resolved(commit: OpaquePointer, name: String, objectID: ObjectID) throws -> ResolvedRevision {
        let treeID = ObjectID(git_commit_tree_id(commit).pointee)
        var tree: OpaquePointer?
        let code = git_commit_tree(&tree, commit)
        guard code == 0, let tree else {
            throw LibGit2.objectError(code, id: treeID, isTree: true, path: nil, objectsDirectory: objectsDirectory)
        }
        let id = ObjectID(git_commit_id(commit).pointee)
        let parents = shallowCommits.contains(id) ? []
            : (0..<git_commit_parentcount(commit)).map { ObjectID(git_commit_parent_id(commit, $0).pointee) }
        return ResolvedRevision(name: name, objectID: objectID, commitID: id,
                                parentIDs: parents, tree: TreeHandle(tree))
    }
}
