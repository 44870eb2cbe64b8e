import TreeModel

/// How a candidate matched a ``FindQuery``, best first by ``score`` (SettingsKit's scores).
public enum FindMatch: Int, Hashable, Sendable, CaseIterable, Comparable {
    /// One of the candidate's tags contains the query.
    case tag = 100
    /// The candidate's full identity contains the query.
    case contains = 300
    /// The candidate's name starts with the query.
    case prefix = 500
    /// The candidate's name is the query.
    case exact = 1000

    /// The score: 1000, 500, 300 or 100.
    public var score: Int { rawValue }

    /// The kinds best first: exact, prefix, contains, tag.
    public static let ranked: [FindMatch] = [.exact, .prefix, .contains, .tag]

    public static func < (lhs: FindMatch, rhs: FindMatch) -> Bool { lhs.rawValue < rhs.rawValue }
}
