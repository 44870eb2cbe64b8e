import Foundation
import TreeModel
internal import CLibGit2

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
    /// For a merge-base comparison, the first revision (`A` of `A...B`), whose CODEOWNERS
    /// GitHub reads; `nil` where that is the old side (``baseRevision``).
    var mergeBaseOf: BaseRevision? = nil

    /// The base revision: the one a pull request would merge into, `A` of `A...B` (not the
    /// merge base) and the old side otherwise; `nil` for the empty tree.
    var baseRevision: BaseRevision? {
        mergeBaseOf ?? oldTree.map { BaseRevision(tree: $0.id, id: oldID ?? $0.id.hex) }
    }
}

extension Repository {
    /// Looks up what `request` compares: each argument parsed once, each revision looked up once.
    func resolve(_ request: ComparisonRequest) throws -> ResolvedComparison {
        let revisions = request.revisions
        if request.mergeBase { return try resolveMergeBase(request) }
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

    /// `git diff --merge-base`: `A B` as `A...B` but refusing several merge bases, as git does;
    /// `A` from the merge base of A and HEAD to the working tree or the index.
    private func resolveMergeBase(_ request: ComparisonRequest) throws -> ResolvedComparison {
        let revisions = request.revisions
        guard !revisions.isEmpty else { throw AdapterError.repository("--merge-base needs a revision: --merge-base <a> [<b>]") }
        if try revisions.contains(where: { try RevisionArgument.parse($0).isRange }) {
            throw AdapterError.repository("--merge-base does not work with ranges")
        }
        if revisions.count > 2 { throw AdapterError.tooManyRevisions(revisions) }
        if revisions.count == 2 && request.staged { throw AdapterError.indexWithRevisions(revisions.joined(separator: " ")) }
        let a = try lookUp(revisions[0])
        let b = try revisions.count == 2 ? lookUp(revisions[1]) : lookUp("HEAD")
        let spec = revisions.count == 2 ? "\(revisions[0])...\(revisions[1])" : "\(revisions[0])...HEAD"
        let found = try mergeBase(a, b, spec: spec)
        if !found.warnings.isEmpty { throw AdapterError.repository("multiple merge bases found") }
        if revisions.count == 2 { return found }
        guard !isBare else { throw AdapterError.bareRepository(displayPath) }
        try loadIndex()
        return ResolvedComparison(kind: request.staged ? .staged : .worktree, spec: spec, oldTree: found.oldTree,
                                  oldID: found.oldID, newSide: request.staged ? .index : .workingTree,
                                  newID: nil, warnings: [], mergeBaseOf: found.mergeBaseOf)
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
                                      newSide: .tree(b.tree), newID: b.reportedID, warnings: shallow.warnings,
                                      mergeBaseOf: BaseRevision(a))
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
                                  newSide: .tree(b.tree), newID: b.reportedID, warnings: warnings,
                                  mergeBaseOf: BaseRevision(a))
    }
}

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
        let expanded = try expandingReflogForms(revision)
        if let walked = try lookUpInShallowHistory(expanded) {
            return ResolvedRevision(name: revision, objectID: walked.objectID, commitID: walked.commitID,
                                    parentIDs: walked.parentIDs, tree: walked.tree)
        }
        var object: OpaquePointer?
        let code = git_revparse_single(&object, handle, expanded)
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

/// One revision argument, split into the forms `git diff` takes, before anything is looked up.
enum RevisionArgument: Equatable {
    /// One revision (`HEAD~3`, a tag, an id).
    case single(String)
    /// `A..B`: the tree of A against the tree of B.
    case twoDot(String, String)
    /// `A...B`: the merge base of A and B against B.
    case threeDot(String, String)
    /// `X^!`: X against its parent (a root commit: against the index or working tree, as git).
    case commitAlone(String)
    /// `X^-<n>`: X against its n-th parent (`X^<n>..X`); `X^-` is `X^-1`.
    case againstParent(String, Int)
    /// `X^@`: X's parents, as revisions of their own.
    case parents(String)

    /// Whether the argument names more than one revision (a range or a parents form).
    var isRange: Bool {
        if case .single = self { return false }
        return true
    }

    /// Splits `text` as git's revision parser does. An empty side of a range means HEAD.
    /// Throws on a malformed range (`..`, `a....b`) and on `X^-<n>` whose `<n>` is not a
    /// number of at least 1 (git's words for it: an unknown revision).
    static func parse(_ text: String) throws -> RevisionArgument {
        if text.contains("..") { return try parseRange(text) }
        if let base = text.beforeTrailing("^@") { return .parents(base) }
        if let base = text.beforeTrailing("^!") { return .commitAlone(base) }
        if let marker = text.range(of: "^-") {
            let base = String(text[..<marker.lowerBound])
            let number = String(text[marker.upperBound...])
            if number.isEmpty { return .againstParent(base, 1) }
            guard let parent = Self.cInteger(number), parent >= 1 else {
                throw AdapterError.unknownRevision(text, emptyRepository: false)
            }
            return .againstParent(base, parent)
        }
        return .single(text)
    }

    private static func parseRange(_ text: String) throws -> RevisionArgument {
        let separator = text.contains("...") ? "..." : ".."
        guard let range = text.range(of: separator) else { return .single(text) }
        let left = String(text[..<range.lowerBound])
        let right = String(text[range.upperBound...])
        let malformed = (left.isEmpty && right.isEmpty)
            || right.hasPrefix(".") || left.hasSuffix(".") || right.contains("..")
        if malformed { throw AdapterError.malformedRange(text) }
        let a = left.isEmpty ? "HEAD" : left
        let b = right.isEmpty ? "HEAD" : right
        return separator == "..." ? .threeDot(a, b) : .twoDot(a, b)
    }

    /// git's `strtol_i`: the whole text is one base-10 `int` (leading blanks and a sign allowed).
    private static func cInteger(_ text: String) -> Int? {
        text.withCString { start -> Int? in
            var end: UnsafeMutablePointer<CChar>?
            errno = 0
            let value = strtol(start, &end, 10)
            guard errno == 0, let end, end != UnsafeMutablePointer(mutating: start), end.pointee == 0,
                  value >= Int(Int32.min), value <= Int(Int32.max) else { return nil }
            return value
        }
    }
}

private extension String {
    /// The text before the first `marker`, when that first occurrence ends the text.
    func beforeTrailing(_ marker: String) -> String? {
        guard let found = range(of: marker), found.upperBound == endIndex else { return nil }
        return String(self[..<found.lowerBound])
    }
}

/// The parent steps at the end of a revision (`main~2^2`): `~<n>` follows first parents n
/// times, `^<n>` takes the nth parent (`^0` the commit itself).
enum ParentSteps {
    struct Step: Equatable {
        var firstParent: Bool
        var count: Int
    }

    /// The revision's base and its trailing steps in order; `nil` when it ends in none.
    static func split(_ revision: String) -> (base: String, steps: [Step])? {
        var characters = Array(revision)
        var steps: [Step] = []
        while true {
            var digits = ""
            while let last = characters.last, last.isASCII, last.isNumber {
                digits = String(last) + digits
                characters.removeLast()
            }
            guard let marker = characters.last, marker == "~" || marker == "^", characters.count > 1 else {
                characters += digits
                break
            }
            characters.removeLast()
            guard let count = digits.isEmpty ? 1 : Int(digits) else { return nil }
            steps.insert(Step(firstParent: marker == "~", count: count), at: 0)
        }
        return steps.isEmpty ? nil : (String(characters), steps)
    }
}
