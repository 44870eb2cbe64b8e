/// A change's status as a filters file names it (dorny/paths-filter's words): the keys of
/// `added|modified: glob`.
public enum FilterStatus: String, Sendable, CaseIterable, Hashable {
    case added, modified, deleted, renamed, copied, unmerged

    /// One bit per status, for ``FilterStatusSet``.
    var bit: UInt8 {
        switch self {
        case .added: 1
        case .modified: 2
        case .deleted: 4
        case .renamed: 8
        case .copied: 16
        case .unmerged: 32
        }
    }
}

/// A set of ``FilterStatus``, as one bit each.
public struct FilterStatusSet: Sendable, Hashable {
    /// The bits of the statuses in the set.
    var bits: UInt8

    /// The set of `statuses`.
    public init(_ statuses: some Sequence<FilterStatus>) {
        bits = statuses.reduce(0) { $0 | $1.bit }
    }

    /// The set of one status.
    init(_ status: FilterStatus) { bits = status.bit }

    /// The set of two statuses.
    init(_ first: FilterStatus, _ second: FilterStatus) { bits = first.bit | second.bit }

    /// Whether `status` is in the set.
    public func contains(_ status: FilterStatus) -> Bool { bits & status.bit != 0 }

    /// Whether the sets share a status.
    func intersects(_ other: FilterStatusSet) -> Bool { bits & other.bits != 0 }

    /// The statuses in the set, in ``FilterStatus/allCases``' order.
    public var statuses: [FilterStatus] { FilterStatus.allCases.filter(contains) }
}
