/// A change's status as a filters file names it (dorny/paths-filter's words): the keys of
/// `added|modified: glob`.
public enum FilterStatus: String, Sendable, CaseIterable, Hashable {
    case added, modified, deleted, renamed, copied, unmerged

    /// One bit per status, for ``FilterStatusSet``.
    var bit: UInt8 { 1 << UInt8(Self.allCases.firstIndex(of: self)!) }
}

/// A set of ``FilterStatus``, as one bit each.
public struct FilterStatusSet: Sendable, Hashable {
    /// The bits of the statuses in the set.
    var bits: UInt8

    /// The set of `statuses`.
    public init(_ statuses: some Sequence<FilterStatus>) {
        bits = statuses.reduce(0) { $0 | $1.bit }
    }

    /// Whether `status` is in the set.
    public func contains(_ status: FilterStatus) -> Bool { bits & status.bit != 0 }

    /// Whether the sets share a status.
    func intersects(_ other: FilterStatusSet) -> Bool { bits & other.bits != 0 }

    /// The statuses in the set, in ``FilterStatus/allCases``' order.
    public var statuses: [FilterStatus] { FilterStatus.allCases.filter(contains) }
}
