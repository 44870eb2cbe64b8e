internal import Dispatch
internal import PathGlobs

/// A filters file made ready to sort many changes into its groups: each distinct glob
/// compiled once (PathGlobs' fast paths decide the common shapes), each tried at most once
/// per path, the changes shared out between threads.
public struct GroupMatcher: Sendable {
    private struct Rule: Sendable {
        var glob: Int
        var isNegated: Bool
        var statuses: FilterStatusSet?
    }

    /// The filters file.
    public let filters: FiltersFile
    /// How each group's patterns decide.
    public let quantifier: PredicateQuantifier
    private let globs: GlobSet
    /// Every group's rules, one after another; group `g`'s are `rules[starts[g]..<starts[g + 1]]`.
    private let rules: [Rule]
    private let starts: [Int]
    private var groupCount: Int { starts.count - 1 }

    /// The matcher of `filters`' groups under `quantifier`.
    public init(_ filters: FiltersFile, quantifier: PredicateQuantifier = .some) {
        self.filters = filters
        self.quantifier = quantifier
        var index: [String: Int] = [:]
        var globs: [Glob] = []
        var rules: [Rule] = []
        var starts = [0]
        for group in filters.groups {
            for rule in group.rules {
                let number = index[rule.glob.pattern] ?? {
                    globs.append(rule.glob)
                    index[rule.glob.pattern] = globs.count - 1
                    return globs.count - 1
                }()
                rules.append(Rule(glob: number, isNegated: rule.isNegated, statuses: rule.statuses))
            }
            starts.append(rules.count)
        }
        self.globs = GlobSet(globs)
        self.rules = rules
        self.starts = starts
    }

    /// For each group, in the file's order, the indices of the `changes` it holds, ascending.
    public func groups(of changes: [FilterChange], workers: Int = 2) -> [[Int]] {
        memberships(of: changes, workers: workers).members()
    }

    /// Which groups hold each of the `changes`; with `workers` above 1, chunks of the changes
    /// are shared out over the machine's cores, each writing its own rows.
    public func memberships(of changes: [FilterChange], workers: Int = 2) -> GroupMemberships {
        var memberships = GroupMemberships(groupCount: groupCount, changeCount: changes.count)
        let chunk = 2048
        let chunks = (changes.count + chunk - 1) / chunk
        let width = memberships.wordsPerChange
        memberships.words.withUnsafeMutableBufferPointer { words in
            guard chunks > 1, workers > 1 else { return sort(changes, in: 0..<changes.count, into: words, width: width) }
            let shared = SharedRows(words)
            DispatchQueue.concurrentPerform(iterations: chunks) { number in
                sort(changes, in: number * chunk..<min(changes.count, (number + 1) * chunk), into: shared.words, width: width)
            }
        }
        return memberships
    }

    /// Whether the group at `group` (an index of ``FiltersFile/groups``) holds `change`.
    public func contains(_ change: FilterChange, group: Int) -> Bool {
        withTables { tables, probe in
            var held = false
            change.forEachSide { path, statuses in
                guard !held else { return }
                path.withUnsafeBufferPointer { probe.look(at: $0) }
                held = tables.holds(group, seen: statuses, probe: probe)
            }
            return held
        }
    }

    /// Writes the rows of the changes in `range`: bit `g` of a change's row is set when group
    /// `g` holds it.
    private func sort(_ changes: [FilterChange], in range: Range<Int>, into words: UnsafeMutableBufferPointer<UInt64>, width: Int) {
        let groupCount = groupCount
        withTables { tables, probe in
            changes.withUnsafeBufferPointer { changes in
                for index in range {
                    let row = words.baseAddress! + index * width
                    changes[index].forEachSide { path, statuses in
                        path.withUnsafeBufferPointer { path in
                            probe.look(at: path)
                            for group in 0..<groupCount where row[group >> 6] & (1 << UInt64(group & 63)) == 0 {
                                if tables.holds(group, seen: statuses, probe: probe) { row[group >> 6] |= 1 << UInt64(group & 63) }
                            }
                        }
                    }
                }
            }
        }
    }

    private func withTables<Result>(_ body: (Tables, inout GlobSet.Probe) -> Result) -> Result {
        rules.withUnsafeBufferPointer { rules in
            starts.withUnsafeBufferPointer { starts in
                globs.withProbe { probe in
                    body(Tables(rules: rules, starts: starts, quantifier: quantifier), &probe)
                }
            }
        }
    }

    /// The matcher's arrays, lent for one sorting: read without a retain per rule.
    private struct Tables {
        let rules: UnsafeBufferPointer<Rule>
        let starts: UnsafeBufferPointer<Int>
        let quantifier: PredicateQuantifier

        /// Whether the group holds the path `probe` looks at, seen with `seen` statuses (see
        /// Docs/Groups.md).
        func holds(_ group: Int, seen: FilterStatusSet, probe: borrowing GlobSet.Probe) -> Bool {
            let rules = UnsafeBufferPointer(rebasing: self.rules[starts[group]..<starts[group + 1]])
            switch quantifier {
            case .every:
                return rules.allSatisfy { rule in
                    (rule.statuses.map { $0.intersects(seen) } ?? true) && probe.matches(rule.glob) != rule.isNegated
                }
            case .some:
                var included = false, positives = false
                for rule in rules {
                    if !rule.isNegated { positives = true }
                    guard rule.statuses.map({ $0.intersects(seen) }) ?? true else { continue }
                    if rule.isNegated {
                        if probe.matches(rule.glob) { return false }
                    } else if !included {
                        included = probe.matches(rule.glob)
                    }
                }
                return included || (!positives && !rules.isEmpty)
            }
        }
    }
}

/// The rows of ``GroupMemberships``, written by the threads at disjoint ranges.
private final class SharedRows: @unchecked Sendable {
    let words: UnsafeMutableBufferPointer<UInt64>
    init(_ words: UnsafeMutableBufferPointer<UInt64>) { self.words = words }
}
