import TreeModel
internal import CLibGit2

/// The review a comparison is compared with (`--since-review`, `--since`).
public enum ReviewReference: Sendable, Equatable {
    /// A review recorded with the viewed marks: the head reviewed and the comparison's old
    /// side then (`nil`: not known, found as for ``revision(_:)``).
    case recorded(head: ObjectHash, base: ObjectHash?)
    /// `--since <rev>`: the head reviewed, named; the old side then is the merge base of the
    /// comparison's old side now with it.
    case revision(String)
}

/// A file's two sides in a comparison, by object id (`nil`: no such side).
public struct BlobPair: Hashable, Sendable {
    /// The old side's id.
    public var old: ObjectHash?
    /// The new side's id.
    public var new: ObjectHash?

    /// The pair of `old` and `new`.
    public init(old: ObjectHash?, new: ObjectHash?) {
        self.old = old
        self.new = new
    }
}

/// Which files of a comparison changed since a review, and what the review was.
public struct SinceReview: Sendable {
    /// For each change of the comparison (in its order), whether its change differs from the
    /// one at the review.
    public var changed: [Bool]
    /// The head reviewed: forty hex digits.
    public var head: String
    /// The head reviewed as git abbreviates it.
    public var abbreviatedHead: String
    /// The comparison's old side at the review (forty hex digits); `nil` when it could not
    /// be read.
    public var base: String?
    /// What treereview says on standard error (the review's objects are gone).
    public var warnings: [String]
}

extension Repository {
    /// Which changes of `changeSet` (read for `request` with ``ComparisonRequest/newObjects``
    /// `.all`, a comparison of two commits or trees) changed since `review`. The comparison
    /// as it was then (its old side then to the head reviewed, with the same pathspecs and
    /// rename options) is read, and each file compared by its path: unchanged when its old
    /// and new sides (ids and modes) are the ones it had then, or, failing that, when its
    /// patch is the same but for the hunks' line numbers (a rebase that moved the lines), at
    /// its path or at a path the comparison then had and has no more (a rebase onto a main
    /// that moved the file); changed when it is new to the comparison. When the review's objects are gone (a
    /// force push, then gc), each file is compared with `recorded`, the sides its viewed
    /// mark recorded at that review, and a file without one counts as changed, with a warning.
    public func sinceReview(_ review: ReviewReference, of changeSet: ChangeSet, request: ComparisonRequest,
                            config: RepositoryConfig, recorded: [RawPath: BlobPair] = [:]) throws -> SinceReview {
        guard changeSet.kind == .commits || changeSet.kind == .mergeBase,
              changeSet.oldObjects.count == changeSet.changes.count, changeSet.newObjects.count == changeSet.changes.count
        else { throw AdapterError.repository("--since-review and --since compare two commits, not the index or the working tree") }
        let head: ObjectHash
        var base: ObjectHash?
        switch review {
        case .recorded(let recordedHead, let recordedBase):
            (head, base) = (recordedHead, recordedBase)
        case .revision(let revision):
            let found = try lookUp(revision)
            head = (found.commitID ?? found.tree.id).hash
        }
        let abbreviated = abbreviation(of: head, config: config)
        var result = SinceReview(changed: [], head: head.hex, abbreviatedHead: abbreviated, base: nil, warnings: [])
        let then: ChangeSet
        do {
            _ = try lookUp(head.hex)
            if base == nil, let old = changeSet.oldID {
                base = try ObjectHash(hex: resolve(ComparisonRequest(revisions: ["\(old)...\(head.hex)"])).oldID ?? "")
            }
            guard let base else { throw AdapterError.repository("the review's old side is the empty tree") }
            var thenRequest = request
            thenRequest.revisions = [base.hex, head.hex]
            thenRequest.mergeBase = false
            thenRequest.staged = false
            thenRequest.countLines = false
            thenRequest.newObjects = .all
            then = try changes(for: thenRequest, config: config)
            result.base = base.hex
        } catch {
            result.warnings.append("treereview: warning: the reviewed head \(abbreviated) cannot be read (gone after a force push?): "
                                   + "each file is compared with its viewed mark; a file not marked then counts as changed")
            result.changed = changeSet.changes.indices.map { index in
                recorded[changeSet.changes[index].path]
                    != BlobPair(old: changeSet.oldObjects[index], new: changeSet.newObjects[index])
            }
            return result
        }
        result.changed = try changedFiles(changeSet, since: then, config: config)
        return result
    }

    /// For each change of `now`, whether it differs from the change at its path in `then`.
    /// A file at a path `then` does not have is compared with the files of `then` at paths
    /// `now` does not have (main moved the file, and the branch was rebased onto it): the
    /// same patch of an existing file at another path is the change reviewed (a file the
    /// branch adds is not matched so: its name is part of its change).
    private func changedFiles(_ now: ChangeSet, since then: ChangeSet, config: RepositoryConfig) throws -> [Bool] {
        var thenIndex: [RawPath: Int] = [:]
        thenIndex.reserveCapacity(then.changes.count)
        for (index, change) in then.changes.enumerated() { thenIndex[change.path] = index }
        let patches = ReviewPatches(repository: self, options: config.patchOptions(environment: environment))
        var unmatched: [Int] = []
        var changed = try now.changes.indices.map { index in
            guard let earlier = thenIndex[now.changes[index].path] else {
                unmatched.append(index)
                return true
            }
            let sidesNow = ReviewedSides(now, index)
            let sidesThen = ReviewedSides(then, earlier)
            if sidesNow == sidesThen { return false }
            guard let keyNow = try patches.key(of: sidesNow) else { return true }
            return try keyNow != patches.key(of: sidesThen)
        }
        guard !unmatched.isEmpty else { return changed }
        let paths = Set(now.changes.map(\.path))
        var moved: [[UInt8]: Int] = [:]
        for index in then.changes.indices where !paths.contains(then.changes[index].path) && then.changes[index].oldMode != nil {
            if let key = try patches.key(of: ReviewedSides(then, index)) { moved[key, default: 0] += 1 }
        }
        for index in unmatched where now.changes[index].oldMode != nil {
            guard let key = try patches.key(of: ReviewedSides(now, index)), let count = moved[key], count > 0 else { continue }
            moved[key] = count - 1
            changed[index] = false
        }
        return changed
    }

    /// `id` as git abbreviates it (`core.abbrev`, else by the number of objects).
    private func abbreviation(of id: ObjectHash, config: RepositoryConfig) -> String {
        var odb: OpaquePointer?
        guard git_repository_odb(&odb, handle) == 0, let odb, let objectID = ObjectID(hex: id.hex) else {
            return String(id.hex.prefix(7))
        }
        defer { git_odb_free(odb) }
        let configured = config.patchOptions(environment: environment).abbreviation
        return ObjectAbbreviation(repository: self, configured: configured).abbreviate(objectID, in: odb)
    }
}

/// One file's sides in a comparison, as `--since-review` compares them: paths, modes and ids.
struct ReviewedSides: Equatable {
    var oldPath: RawPath
    var path: RawPath
    var oldMode: FileMode?
    var newMode: FileMode?
    var old: ObjectHash?
    var new: ObjectHash?
    var isSubmodule: Bool

    /// The sides of `changeSet`'s change at `index`.
    init(_ changeSet: ChangeSet, _ index: Int) {
        let change = changeSet.changes[index]
        path = change.path
        oldPath = change.oldPath ?? change.path
        oldMode = change.oldMode
        newMode = change.newMode
        old = changeSet.oldObjects[index]
        new = changeSet.newObjects[index]
        isSubmodule = change.isSubmodule
    }

    static func == (a: ReviewedSides, b: ReviewedSides) -> Bool {
        a.old == b.old && a.new == b.new && a.oldMode == b.oldMode && a.newMode == b.newMode
    }
}

/// A file's patch with its hunks' line numbers left out, as `git range-diff` compares
/// patches: equal keys are the same change made at other lines.
struct ReviewPatches {
    let repository: Repository
    let options: PatchOptions

    /// The key of the patch between `sides`: the modes, then each hunk as `@@` and its lines;
    /// `nil` for a binary file, a submodule, or a side that cannot be read.
    func key(of sides: ReviewedSides) throws -> [UInt8]? {
        guard !sides.isSubmodule, let reader = try? BlobReader(repository) else { return nil }
        func side(_ path: RawPath, _ mode: FileMode?, _ id: ObjectHash?) -> PatchSide?? {
            guard let mode, let id, let objectID = ObjectID(hex: id.hex) else { return .some(nil) }
            let file = FileSide(path: path.bytes, mode: mode.rawValue, id: objectID)
            guard let loaded = try? repository.loadPatchSide(file, dirty: false, reader: reader), !loaded.binary else { return nil }
            return loaded
        }
        guard let old = side(sides.oldPath, sides.oldMode, sides.old), let new = side(sides.path, sides.newMode, sides.new) else {
            return nil
        }
        let hunks = try PatchHunks(options: options, repository: repository)
            .hunks(old: old, new: new, oldPath: sides.oldPath.bytes, newPath: sides.path.bytes)
        var key = Array("\(sides.oldMode?.rawValue ?? 0) \(sides.newMode?.rawValue ?? 0)\n".utf8)
        for hunk in hunks {
            key += Array("@@\n".utf8)
            for line in hunk.lines {
                key.append(line.origin)
                key += line.content
            }
        }
        return key
    }
}
