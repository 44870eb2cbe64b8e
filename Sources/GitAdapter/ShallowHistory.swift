internal import CLibGit2

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
