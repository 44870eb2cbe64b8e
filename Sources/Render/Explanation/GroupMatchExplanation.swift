/// How one group of a filters file (`--filters`, dorny/paths-filter's format) treats a
/// path: which of its patterns matched it, and whether that puts the path in the group or
/// leaves it out (a negated pattern).
public struct GroupMatchExplanation: Hashable, Sendable {
    /// The group's name.
    public var group: String
    /// The filters file.
    public var filtersFile: String
    /// The pattern's line in that file, from 1, when known.
    public var line: Int?
    /// The pattern, as written.
    public var pattern: String
    /// Whether the pattern puts the path in the group (`false`: a negation leaves it out).
    public var matched: Bool

    /// A group's match as given.
    public init(group: String, filtersFile: String, line: Int?, pattern: String, matched: Bool) {
        self.group = group
        self.filtersFile = filtersFile
        self.line = line
        self.pattern = pattern
        self.matched = matched
    }
}
