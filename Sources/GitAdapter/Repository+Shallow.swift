import Foundation
internal import CLibGit2

extension Repository {
    /// The commits whose parents a shallow clone cut off (the `shallow` file of the common git
    /// directory): git treats them as having none. Empty for a complete repository.
    var shallowCommits: Set<ObjectID> {
        let file = String(cString: git_repository_commondir(handle)) + "shallow"
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [] }
        var commits = Set<ObjectID>()
        for line in text.split(whereSeparator: \.isNewline) {
            var oid = git_oid()
            if line.count == 40, git_oid_fromstr(&oid, String(line)) == 0 { commits.insert(ObjectID(oid)) }
        }
        return commits
    }

    /// `revision` looked up in a shallow clone when it ends in parent steps (`~<n>`, `^<n>`):
    /// its base by libgit2, the steps by a walk that stops at the shallow commits, as git's
    /// does (libgit2 would go on to parents git does not see); `nil` in a complete repository
    /// or for a revision without steps. A step past the end is ``AdapterError/unknownRevision(_:emptyRepository:)``.
    func lookUpInShallowHistory(_ revision: String) throws -> ResolvedRevision? {
        let shallow = shallowCommits
        guard !shallow.isEmpty, let (base, steps) = ParentSteps.split(revision) else { return nil }
        guard let start = try lookUp(base).commitID else { return nil }
        var history = ShallowHistory(repository: self, shallow: shallow)
        var commit = start
        for step in steps {
            for _ in 0..<(step.firstParent ? step.count : min(step.count, 1)) {
                let parents = try history.parentsOf(commit)
                let index = step.firstParent ? 0 : step.count - 1
                guard index < parents.count else { throw AdapterError.unknownRevision(revision, emptyRepository: false) }
                commit = parents[index]
            }
        }
        return try lookUpCommit(commit, name: revision)
    }

    /// The merge base git uses for `left...right` in a shallow clone, where history ends at the
    /// shallow commits (libgit2 would look for their parents and fail); `nil` in a complete
    /// repository. Like git: the common ancestors no other common ancestor descends from, the
    /// newest first (with a warning when there are several); none is ``AdapterError/noMergeBase(_:)``.
    func shallowMergeBase(_ left: ObjectID, _ right: ObjectID, spec: String) throws -> (id: ObjectID, warnings: [String])? {
        let shallow = shallowCommits
        if shallow.isEmpty { return nil }
        var history = ShallowHistory(repository: self, shallow: shallow)
        let fromLeft = try history.ancestors(of: left)
        let common = try history.ancestors(of: right).intersection(fromLeft)
        var redundant = Set<ObjectID>()
        var queue = common.flatMap { history.parents[$0] ?? [] }
        while let commit = queue.popLast() {
            if redundant.insert(commit).inserted { queue += history.parents[commit] ?? [] }
        }
        let bases = common.subtracting(redundant).sorted {
            (history.times[$0] ?? 0, $0.hex) > (history.times[$1] ?? 0, $1.hex)
        }
        guard let base = bases.first else { throw AdapterError.noMergeBase(spec) }
        let warnings = bases.count > 1 ? ["warning: \(spec): multiple merge bases, using \(base.hex)"] : []
        return (base, warnings)
    }
}

/// Commits read for a walk of a shallow clone's history: parents (none for a shallow commit)
/// and committer times.
struct ShallowHistory {
    let repository: Repository
    let shallow: Set<ObjectID>
    private(set) var parents: [ObjectID: [ObjectID]] = [:]
    private(set) var times: [ObjectID: Int64] = [:]

    init(repository: Repository, shallow: Set<ObjectID>) {
        self.repository = repository
        self.shallow = shallow
    }

    /// `start` and every commit it descends from.
    mutating func ancestors(of start: ObjectID) throws -> Set<ObjectID> {
        var seen: Set<ObjectID> = [start]
        var queue = [start]
        while let commit = queue.popLast() {
            for parent in try parentsOf(commit) where seen.insert(parent).inserted {
                queue.append(parent)
            }
        }
        return seen
    }

    /// The parents of commit `id` as git sees them here.
    mutating func parentsOf(_ id: ObjectID) throws -> [ObjectID] {
        if let known = parents[id] { return known }
        var oid = id.oid
        var commit: OpaquePointer?
        let code = git_commit_lookup(&commit, repository.handle, &oid)
        guard code == 0, let commit else {
            throw LibGit2.objectError(code, id: id, isTree: false, path: nil, objectsDirectory: repository.objectsDirectory)
        }
        defer { git_commit_free(commit) }
        let found = shallow.contains(id) ? [] : (0..<git_commit_parentcount(commit)).map {
            ObjectID(git_commit_parent_id(commit, $0).pointee)
        }
        parents[id] = found
        times[id] = git_commit_time(commit)
        return found
    }
}
