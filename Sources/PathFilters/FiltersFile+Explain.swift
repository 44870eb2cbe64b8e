/// One rule's word on one path: it put the path in its group, or took it out.
public struct GroupRuleMatch: Sendable, Equatable {
    /// What the rule did.
    public enum Effect: String, Sendable, Equatable {
        /// A glob that matched: the file is in the group, unless a `!glob` takes it out.
        case includes
        /// A `!glob` that matched: the file is not in the group (under `every`: this
        /// pattern does not hold).
        case excludes
    }

    /// The group's name.
    public let group: String
    /// The pattern as written.
    public let pattern: String
    /// The filters file as named, and where the pattern is written in it (from 1).
    public let file: String, line: Int, column: Int
    /// Whether the rule matched the old path of a rename rather than the path.
    public let matchedOldPath: Bool
    /// What the rule did.
    public let effect: Effect
    /// Whether the group holds the file in the end.
    public let groupHolds: Bool

    /// A rule's word, as ``FiltersFile/explain(path:status:oldPath:quantifier:)`` gives it.
    public init(group: String, pattern: String, file: String, line: Int, column: Int, matchedOldPath: Bool,
                effect: Effect, groupHolds: Bool) {
        self.group = group
        self.pattern = pattern
        self.file = file
        self.line = line
        self.column = column
        self.matchedOldPath = matchedOldPath
        self.effect = effect
        self.groupHolds = groupHolds
    }
}

extension FiltersFile {
    /// For one path (with its status, and a rename's or copy's old path), every rule that
    /// matched it (or its old path), in the file's order, with what it did and whether the
    /// group holds the file, for `treereview explain`.
    public func explain(path: String, status: FilterStatus, oldPath: String? = nil,
                        quantifier: PredicateQuantifier = .some) -> [GroupRuleMatch] {
        let change = FilterChange(path: Array(path.utf8), status: status, oldPath: oldPath.map { Array($0.utf8) })
        var matches: [GroupRuleMatch] = []
        for group in groups {
            let holds = Self.holds(group, change, quantifier: quantifier)
            for side in change.sides {
                let text = String(decoding: side.path, as: UTF8.self)
                for rule in group.rules where rule.applies(to: side.statuses) && rule.glob.matches(text) {
                    matches.append(GroupRuleMatch(group: group.name, pattern: rule.pattern, file: file, line: rule.line,
                                                  column: rule.column, matchedOldPath: side.isOldPath,
                                                  effect: rule.isNegated ? .excludes : .includes, groupHolds: holds))
                }
            }
        }
        return matches
    }

    /// The names of the groups that hold `change`, in the file's order.
    public func groupNames(holding change: FilterChange, quantifier: PredicateQuantifier = .some) -> [String] {
        groups.filter { Self.holds($0, change, quantifier: quantifier) }.map(\.name)
    }

    /// Whether `group` holds `change`, read straight from its rules: the reference that
    /// ``GroupMatcher`` (screened, memoized, threaded) must agree with.
    static func holds(_ group: FilterGroup, _ change: FilterChange, quantifier: PredicateQuantifier) -> Bool {
        change.sides.contains { side in
            let text = String(decoding: side.path, as: UTF8.self)
            let holding = group.rules.map { rule in rule.applies(to: side.statuses) && rule.glob.matches(text) }
            switch quantifier {
            case .every:
                return group.rules.allSatisfy { rule in
                    rule.applies(to: side.statuses) && rule.glob.matches(text) != rule.isNegated
                }
            case .some:
                let excluded = group.rules.indices.contains { group.rules[$0].isNegated && holding[$0] }
                let positives = group.rules.indices.filter { !group.rules[$0].isNegated }
                if excluded { return false }
                if positives.isEmpty { return !group.rules.isEmpty }
                return positives.contains { holding[$0] }
            }
        }
    }
}
