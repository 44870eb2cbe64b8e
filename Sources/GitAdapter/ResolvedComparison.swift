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
    /// Looks up what `request` compares: each argument parsed once, each revision looked up once.
    func resolve(_ request: ComparisonRequest) throws -> ResolvedComparison {
        let revisions = request.revisions
        if revisions.count > 2 { throw AdapterError.tooManyRevisions(revisions) }
        if revisions.count == 2 {
            for revision in revisions where try RevisionArgument.parse(revision).isRange {
                throw AdapterError.rangeWithAnotherRevision(revision)
            }
            if request.staged { throw AdapterError.indexWithRevisions(revisions.joined(separator: " ")) }
            return try commits(old: lookUp(revisions[0]), new: lookUp(revisions[1]), spec: revisions.joined(separator: " "))
        }
        guard let text = revisions.first else { return try againstIndexOrWorkingTree("HEAD", request) }
        switch try RevisionArgument.parse(text) {
        case .single(let revision):
            return try againstIndexOrWorkingTree(revision, request)
        case .twoDot(let a, let b):
            if request.staged { throw AdapterError.indexWithRevisions(text) }
            return try commits(old: lookUp(a), new: lookUp(b), spec: text)
        case .threeDot(let a, let b):
            if request.staged { throw AdapterError.indexWithRevisions(text) }
            return try mergeBase(lookUp(a), lookUp(b), spec: text)
        case .commitAlone(let base):
            let commit = try lookUpCommitForm(base, as: text)
            switch commit.parentIDs.count {
            case 0:
                return try againstIndexOrWorkingTree(commit, spec: text, request)
            case 1:
                if request.staged { throw AdapterError.indexWithRevisions(text) }
                return try commits(old: lookUpCommit(commit.parentIDs[0], name: text), new: commit, spec: text)
            default:
                throw AdapterError.mergeCommit(base: base, parents: commit.parentIDs.count)
            }
        case .againstParent(let base, let number):
            let commit = try lookUpCommitForm(base, as: text)
            guard number <= commit.parentIDs.count else {
                throw AdapterError.unknownRevision(text, emptyRepository: false)
            }
            if request.staged { throw AdapterError.indexWithRevisions(text) }
            return try commits(old: lookUpCommit(commit.parentIDs[number - 1], name: text), new: commit, spec: text)
        case .parents(let base):
            let commit = try lookUpCommitForm(base, as: text)
            switch commit.parentIDs.count {
            case 1:
                return try againstIndexOrWorkingTree(lookUpCommit(commit.parentIDs[0], name: text), spec: text, request)
            case 2:
                if request.staged { throw AdapterError.indexWithRevisions(text) }
                return try commits(old: lookUpCommit(commit.parentIDs[0], name: text),
                                   new: lookUpCommit(commit.parentIDs[1], name: text), spec: text)
            default:
                throw AdapterError.parentsNotComparable(text, parents: commit.parentIDs.count)
            }
        }
    }

    /// The commit that `base` of a parents form (`X^!`, `X^-<n>`, `X^@`) names; like git, an
    /// unknown revision named by the whole argument when it names no commit.
    private func lookUpCommitForm(_ base: String, as text: String) throws -> ResolvedRevision {
        let revision: ResolvedRevision
        do {
            revision = try lookUp(base)
        } catch AdapterError.unknownRevision, AdapterError.notATree {
            throw AdapterError.unknownRevision(text, emptyRepository: isHeadUnborn)
        }
        guard revision.commitID != nil else { throw AdapterError.unknownRevision(text, emptyRepository: false) }
        return revision
    }

    /// A single revision (HEAD when none; the empty tree when HEAD is unborn) against the index
    /// or the working tree.
    private func againstIndexOrWorkingTree(_ revision: String, _ request: ComparisonRequest) throws -> ResolvedComparison {
        guard !isBare else { throw AdapterError.bareRepository(displayPath) }
        if revision == "HEAD" && isHeadUnborn {
            try loadIndex()
            return ResolvedComparison(kind: request.staged ? .staged : .worktree, spec: revision, oldTree: nil, oldID: nil,
                                      newSide: request.staged ? .index : .workingTree, newID: nil, warnings: [])
        }
        return try againstIndexOrWorkingTree(lookUp(revision), spec: revision, request)
    }

    private func againstIndexOrWorkingTree(_ old: ResolvedRevision, spec: String, _ request: ComparisonRequest) throws -> ResolvedComparison {
        guard !isBare else { throw AdapterError.bareRepository(displayPath) }
        try loadIndex()
        return ResolvedComparison(kind: request.staged ? .staged : .worktree, spec: spec, oldTree: old.tree,
                                  oldID: old.reportedID, newSide: request.staged ? .index : .workingTree,
                                  newID: nil, warnings: [])
    }

    private func commits(old: ResolvedRevision, new: ResolvedRevision, spec: String) -> ResolvedComparison {
        ResolvedComparison(kind: .commits, spec: spec, oldTree: old.tree, oldID: old.reportedID,
                           newSide: .tree(new.tree), newID: new.reportedID, warnings: [])
    }

    private func mergeBase(_ a: ResolvedRevision, _ b: ResolvedRevision, spec: String) throws -> ResolvedComparison {
        guard let left = a.commitID?.oid else { throw AdapterError.notACommit(a.name) }
        guard let right = b.commitID?.oid else { throw AdapterError.notACommit(b.name) }
        if let shallow = try shallowMergeBase(ObjectID(left), ObjectID(right), spec: spec) {
            let baseCommit = try lookUpCommit(shallow.id, name: spec)
            return ResolvedComparison(kind: .mergeBase, spec: spec, oldTree: baseCommit.tree, oldID: baseCommit.reportedID,
                                      newSide: .tree(b.tree), newID: b.reportedID, warnings: shallow.warnings)
        }
        var oids = git_oidarray()
        let code = withUnsafePointer(to: left) { l in
            withUnsafePointer(to: right) { r in git_merge_bases(&oids, handle, l, r) }
        }
        if code == GIT_ENOTFOUND.rawValue { throw AdapterError.noMergeBase(spec) }
        try LibGit2.check(code)
        defer { git_oidarray_dispose(&oids) }
        guard oids.count > 0, var base = oids.ids?.pointee else { throw AdapterError.noMergeBase(spec) }
        var warnings: [String] = []
        if oids.count > 1 {
            var chosen = git_oid()
            let pick = withUnsafePointer(to: left) { l in
                withUnsafePointer(to: right) { r in git_merge_base(&chosen, handle, l, r) }
            }
            try LibGit2.check(pick)
            base = chosen
            warnings.append("warning: \(spec): multiple merge bases, using \(ObjectID(base).hex)")
        }
        let baseCommit = try lookUpCommit(ObjectID(base), name: spec)
        return ResolvedComparison(kind: .mergeBase, spec: spec, oldTree: baseCommit.tree, oldID: baseCommit.reportedID,
                                  newSide: .tree(b.tree), newID: b.reportedID, warnings: warnings)
    }
}
