internal import CLibGit2
import TreeModel

/// A comparison with its revisions looked up: the old tree and what the new side is.
struct ResolvedComparison {
    enum NewSide {
        case tree(TreeHandle)
        case index
        case workingTree
    }

    /// What is compared.
    let kind: ComparisonKind
    /// The arguments as written (`main...feature`).
    let spec: String
    /// The old side; `nil` is the empty tree.
    let oldTree: TreeHandle?
    /// The old side's commit (or tree) id in hex.
    let oldID: String?
    /// The new side.
    let newSide: NewSide
    /// The new side's commit (or tree) id in hex, when it is a revision.
    let newID: String?
    /// Warnings git would print (several merge bases).
    let warnings: [String]
}

extension Repository {
    /// Looks up what `request` compares.
    func resolve(_ request: ComparisonRequest) throws -> ResolvedComparison {
        let revisions = request.revisions
        if revisions.count > 2 {
            throw AdapterError.invalidComparison("too many revisions: '\(revisions.joined(separator: " "))' (give at most two)")
        }
        if revisions.count == 2 {
            if request.staged {
                throw AdapterError.invalidComparison("--staged compares one revision with the index, not '\(revisions.joined(separator: " "))'")
            }
            for revision in revisions where revision.contains("..") {
                throw AdapterError.invalidComparison("a range cannot be combined with another revision: '\(revision)'")
            }
            return try commits(old: revisions[0], new: revisions[1], spec: revisions.joined(separator: " "))
        }
        let range = try revisions.first.map(RevisionRange.parse) ?? .single("HEAD")
        switch range {
        case .single(let revision):
            guard !isBare else { throw AdapterError.bareRepository(displayPath) }
            let (tree, id) = try treeOrEmptyHead(revision)
            return ResolvedComparison(
                kind: request.staged ? .staged : .worktree, spec: revision, oldTree: tree, oldID: id,
                newSide: request.staged ? .index : .workingTree, newID: nil, warnings: [])
        case .twoDot(let a, let b):
            if request.staged { throw AdapterError.invalidComparison("--staged cannot be combined with a range: '\(revisions[0])'") }
            return try commits(old: a, new: b, spec: revisions[0])
        case .threeDot(let a, let b):
            if request.staged { throw AdapterError.invalidComparison("--staged cannot be combined with a range: '\(revisions[0])'") }
            return try mergeBase(a, b, spec: revisions[0])
        }
    }

    private func commits(old: String, new: String, spec: String) throws -> ResolvedComparison {
        let (oldTree, oldID) = try tree(of: old)
        let (newTree, newID) = try tree(of: new)
        return ResolvedComparison(kind: .commits, spec: spec, oldTree: oldTree, oldID: oldID,
                                  newSide: .tree(newTree), newID: newID, warnings: [])
    }

    private func mergeBase(_ a: String, _ b: String, spec: String) throws -> ResolvedComparison {
        let left = try commitID(of: a)
        let right = try commitID(of: b)
        var oids = git_oidarray()
        let code = withUnsafePointer(to: left) { l in
            withUnsafePointer(to: right) { r in git_merge_bases(&oids, handle, l, r) }
        }
        if code == GIT_ENOTFOUND.rawValue { throw AdapterError.noMergeBase(spec) }
        try LibGit2.check(code, "git_merge_bases")
        defer { git_oidarray_dispose(&oids) }
        guard oids.count > 0, var base = oids.ids?.pointee else { throw AdapterError.noMergeBase(spec) }
        var warnings: [String] = []
        if oids.count > 1 {
            var chosen = git_oid()
            let pick = withUnsafePointer(to: left) { l in
                withUnsafePointer(to: right) { r in git_merge_base(&chosen, handle, l, r) }
            }
            try LibGit2.check(pick, "git_merge_base")
            base = chosen
            warnings.append("warning: \(spec): multiple merge bases, using \(Self.hex(base))")
        }
        let baseTree = try tree(ofObject: base)
        let (newTree, newID) = try tree(of: b)
        return ResolvedComparison(kind: .mergeBase, spec: spec, oldTree: baseTree, oldID: Self.hex(base),
                                  newSide: .tree(newTree), newID: newID, warnings: warnings)
    }

    /// The tree of `revision`, or the empty tree when `revision` is HEAD on an unborn branch.
    private func treeOrEmptyHead(_ revision: String) throws -> (TreeHandle?, String?) {
        if revision == "HEAD" && isHeadUnborn { return (nil, nil) }
        return try tree(of: revision)
    }

    /// Resolves a revision to its tree, and the id of the commit (or tree) it named.
    func tree(of revision: String) throws -> (TreeHandle, String) {
        var object: OpaquePointer?
        let code = git_revparse_single(&object, handle, revision)
        guard code == 0, let object else {
            if code == GIT_ENOTFOUND.rawValue || code == GIT_EAMBIGUOUS.rawValue || code == GIT_EINVALIDSPEC.rawValue {
                throw AdapterError.unknownRevision(revision, emptyRepository: isHeadUnborn)
            }
            throw LibGit2.error(code, "git_revparse_single('\(revision)')")
        }
        defer { git_object_free(object) }
        var named: OpaquePointer?
        if git_object_peel(&named, object, GIT_OBJECT_COMMIT) != 0 {
            named = nil
        }
        defer { if let named { git_object_free(named) } }
        var treeObject: OpaquePointer?
        let peel = git_object_peel(&treeObject, object, GIT_OBJECT_TREE)
        guard peel == 0, let treeObject else {
            throw AdapterError.invalidComparison("'\(revision)' names neither a commit nor a tree")
        }
        let id = Self.hex(git_object_id(named ?? treeObject).pointee)
        return (TreeHandle(treeObject), id)
    }

    private func tree(ofObject oid: git_oid) throws -> TreeHandle {
        var commit: OpaquePointer?
        var id = oid
        try LibGit2.check(git_commit_lookup(&commit, handle, &id), "git_commit_lookup")
        defer { git_commit_free(commit) }
        var tree: OpaquePointer?
        try LibGit2.check(git_commit_tree(&tree, commit), "git_commit_tree")
        return TreeHandle(tree!)
    }

    private func commitID(of revision: String) throws -> git_oid {
        var object: OpaquePointer?
        let code = git_revparse_single(&object, handle, revision)
        guard code == 0, let object else {
            throw AdapterError.unknownRevision(revision, emptyRepository: isHeadUnborn)
        }
        defer { git_object_free(object) }
        var commit: OpaquePointer?
        guard git_object_peel(&commit, object, GIT_OBJECT_COMMIT) == 0, let commit else {
            throw AdapterError.invalidComparison("'\(revision)' is not a commit")
        }
        defer { git_object_free(commit) }
        return git_object_id(commit).pointee
    }

    static func hex(_ oid: git_oid) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(40)
        withUnsafeBytes(of: oid.id) { bytes in
            for byte in bytes {
                text.append(digits[Int(byte >> 4)])
                text.append(digits[Int(byte & 0xF)])
            }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
