import Foundation
import TreeModel

/// What a comparison found: the changed files, sorted by path bytes, and what was compared.
public struct ChangeSet: Sendable {
    /// What was compared.
    public var kind: ComparisonKind
    /// The comparison as written (`main...feature`, `HEAD`).
    public var spec: String
    /// The old side's commit (or tree) id in hex; `nil` for the empty tree.
    public var oldID: String?
    /// The new side's commit (or tree) id in hex; `nil` for the index or working tree.
    public var newID: String?
    /// The changed files, sorted by path in byte order.
    public var changes: [FileChange]
    /// Warnings git would print on stderr for the same comparison, exact text.
    public var warnings: [String]
    /// How long each phase took, in order.
    public var trace: [TraceMark]
    /// The new side's object id of each change, parallel to ``changes``, when the request
    /// asked for ids (``ComparisonRequest/newObjects``; empty otherwise): the blob (or a
    /// submodule's commit) git would record, a working-tree file's as `git hash-object`
    /// gives it. `nil` where there is no new side (a deletion, an unmerged path), for a
    /// submodule with nothing checked out, and for a change not asked for.
    public var newObjects: [ObjectHash?] = []
    /// The old side's object id of each change, parallel to ``changes``, whenever
    /// ``newObjects`` is asked for (empty otherwise): the blob (or a submodule's commit) of
    /// the old tree or the index; `nil` where there is no old side (an addition, an untracked file).
    public var oldObjects: [ObjectHash?] = []
    /// Under `--staged`, the number of untracked files the commit leaves out, as
    /// `git ls-files --others --exclude-standard` counts them against the index read (limited
    /// by the pathspec); `nil` for other comparisons and when untracked files are not listed.
    public var untrackedLeftOut: Int? = nil
    /// The new side's tree, for commit comparisons (annotations are read as of it).
    var newTree: ObjectID? = nil
    /// The base revision, whose CODEOWNERS GitHub reads: `A` of `A...B`, else the old side;
    /// `nil` for the empty tree.
    var baseRevision: BaseRevision? = nil
    /// How ``newTree`` was reached from a tree compared before, when the comparison was
    /// composed from that one's (its `.gitattributes` files are composed likewise).
    var newTreeStep: TreeStep? = nil
    /// What the comparison's walk saw of ``newTree``'s `.gitattributes` files, when it walked
    /// the whole comparison (not composed, not from the cache).
    var newTreeNotes: TreeWalkNotes? = nil
    /// Under ``ComparisonRequest/hunks``, the hunks of every change whose lines were counted,
    /// by path (a binary file's are empty); `nil` otherwise.
    public var changedLines: ChangedLines? = nil
    /// The results cache's save, still under way when the comparison returned; `nil` when
    /// the cache is not used. Wait for it before the process exits. Under
    /// ``ComparisonRequest/countsLater``, `nil`: ``pendingCounts`` saves the cache once every
    /// count is made (``PendingLineCounts/finishSaving()``).
    public var pendingSave: PendingCacheSave? = nil
    /// Under ``ComparisonRequest/countsLater``, the line counts of ``changes``, to be made on
    /// other threads once started (``changes`` have none until then); `nil` otherwise.
    public var pendingCounts: PendingLineCounts? = nil
}

/// One side of a changed path as git's diff machinery sees it: a path, a mode and a blob id.
struct FileSide: Sendable {
    /// The path, exact bytes.
    var path: [UInt8]
    /// The git mode (`0o100644`, `0o100755`, `0o120000`, `0o160000`).
    var mode: UInt32
    /// The blob (or commit, for a submodule) id; zero when not known yet (a working-tree file).
    var id: ObjectID
    /// Whether the content lives in the working tree rather than the object database.
    var inWorkingTree: Bool = false

    var isRegularFile: Bool { mode & 0o170000 == 0o100000 }
    var isSymlink: Bool { mode & 0o170000 == 0o120000 }
    var isSubmodule: Bool { mode & 0o170000 == 0o160000 }

    /// The text after the last `/`.
    var basename: ArraySlice<UInt8> {
        if let slash = path.lastIndex(of: UInt8(ascii: "/")) { return path[(slash + 1)...] }
        return path[...]
    }
}

/// One entry of the diff before rename detection: git's filepair with renames off.
struct ChangeEntry: Sendable {
    enum Kind: Sendable {
        case added, deleted, modified, typeChanged, unmodified, untracked, unmerged
    }

    var kind: Kind
    /// The old side (`nil` for additions and untracked files).
    var old: FileSide? = nil
    /// The new side (`nil` for deletions).
    var new: FileSide? = nil

    /// The path the entry sorts under: the new path, or the old one for a deletion.
    var path: [UInt8] { new?.path ?? old?.path ?? [] }
}

/// What live refresh read of a few paths of a comparison
/// (``Repository/changes(at:for:config:oldID:pairableBefore:)``).
public struct ScopedChanges: Sendable {
    /// The paths read (files or directories), none below another, in byte order: every
    /// change at or below them is in ``changes``.
    public var paths: [RawPath]
    /// The changes at or below ``paths``, sorted by path in byte order.
    public var changes: [FileChange]
    /// The new side's object id of each change, parallel to ``changes`` (empty when the
    /// request asked for none), as ``ChangeSet/newObjects``.
    public var newObjects: [ObjectHash?]
}

/// One phase of a comparison and when it ended, for timing a run (`TREEREVIEW_TRACE`).
public struct TraceMark: Sendable, Equatable {
    /// Seconds since the comparison started.
    public var seconds: Double
    /// What was done (`resolved`, `renames 12`, ...).
    public var phase: String
}

/// Records phase timings as values; whoever runs the comparison decides whether to show them.
struct Trace {
    private let start = Date()
    private(set) var marks: [TraceMark] = []

    mutating func mark(_ phase: String) {
        marks.append(TraceMark(seconds: Date().timeIntervalSince(start), phase: phase))
    }
}

extension FileChange {
    /// The change with the commits of its submodule sides (mode `160000`), if any.
    func withSubmoduleCommits(old: FileSide?, new: FileSide?) -> FileChange {
        var change = self
        if let old, old.isSubmodule, !old.id.isZero { change.oldCommit = old.id.hash }
        if let new, new.isSubmodule, !new.id.isZero { change.newCommit = new.id.hash }
        return change
    }

    /// Sets the counts `git diff --numstat` gives an unmerged path: 0 and 0, not binary.
    mutating func countAsUnmerged() {
        binary = false
        insertions = 0
        deletions = 0
    }
}

extension Array where Element == FileChange {
    /// The indices of the changes whose lines are counted (not untracked, not unmerged);
    /// unmerged ones get their counts here, as `git diff --numstat` gives them.
    mutating func indicesToCount() -> [Int] {
        var counted: [Int] = []
        for index in indices where self[index].status != .untracked {
            if self[index].status == .unmerged {
                self[index].countAsUnmerged()
            } else {
                counted.append(index)
            }
        }
        return counted
    }

    /// Sets the line counts of the changes at `indices` (a binary change has none).
    mutating func setCounts(_ counts: [LineCounter.Count], at indices: [Int]) {
        for (index, count) in zip(indices, counts) {
            self[index].binary = count.binary
            self[index].insertions = count.binary ? nil : count.insertions
            self[index].deletions = count.binary ? nil : count.deletions
        }
    }
}
