/// A changed file as a filters file sees it: its path, its status, and for a rename or a
/// copy the path it came from.
public struct FilterChange: Sendable, Hashable {
    /// The path (the new one for a rename), `/`-separated, as bytes.
    public var path: [UInt8]
    /// The status.
    public var status: FilterStatus
    /// A rename's or copy's old path; `nil` otherwise.
    public var oldPath: [UInt8]?

    public init(path: [UInt8], status: FilterStatus, oldPath: [UInt8]? = nil) {
        self.path = path
        self.status = status
        self.oldPath = oldPath
    }

    /// The paths a group's rules are tried on, each with the statuses a rule must name to
    /// speak of it. paths-filter reads changes with `git diff --no-renames` (and turns the
    /// GitHub API's renames into the same), so a rename is a deletion of the old path and an
    /// addition of the new one there: here a rename's new path is seen as `renamed` and
    /// `added`, its old path as `renamed` and `deleted`; a copy's new path as `copied` and
    /// `added` (its source did not change). Any other file is its path, with its status.
    var sides: [(path: [UInt8], statuses: FilterStatusSet, isOldPath: Bool)] {
        var sides: [(path: [UInt8], statuses: FilterStatusSet, isOldPath: Bool)] = []
        forEachSide { sides.append(($0, $1, sides.count == 1)) }
        return sides
    }

    /// Calls `body` with each of ``sides``' paths and statuses, making no array.
    @inline(__always)
    func forEachSide(_ body: ([UInt8], FilterStatusSet) -> Void) {
        switch status {
        case .renamed:
            body(path, FilterStatusSet(.renamed, .added))
            if let oldPath { body(oldPath, FilterStatusSet(.renamed, .deleted)) }
        case .copied:
            body(path, FilterStatusSet(.copied, .added))
        default:
            body(path, FilterStatusSet(status))
        }
    }
}

/// How a group's patterns decide (paths-filter's `predicate-quantifier`).
public enum PredicateQuantifier: String, Sendable, CaseIterable {
    /// A file is in the group when some pattern matches it and no `!pattern` does.
    case some
    /// A file is in the group when every pattern matches it (a `!pattern` matches what its
    /// glob does not).
    case every
}
