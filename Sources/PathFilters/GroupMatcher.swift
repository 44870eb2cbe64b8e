internal import Dispatch
internal import PathGlobs

/// A filters file made ready to sort many changes into its groups: each distinct glob
/// compiled once and screened (``GlobScreen``), each tried at most once per path, the
/// changes shared out between threads.
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
    private let globs: [Glob]
    private let screens: [GlobScreen]
    private let shortcuts: [GlobShortcut]
    private let groupRules: [[Rule]]

    /// The matcher of `filters`' groups under `quantifier`.
    public init(_ filters: FiltersFile, quantifier: PredicateQuantifier = .some) {
        self.filters = filters
        self.quantifier = quantifier
        var index: [String: Int] = [:]
        var globs: [Glob] = []
        groupRules = filters.groups.map { group in
            group.rules.map { rule in
                let number = index[rule.glob.pattern] ?? {
                    globs.append(rule.glob)
                    index[rule.glob.pattern] = globs.count - 1
                    return globs.count - 1
                }()
                return Rule(glob: number, isNegated: rule.isNegated, statuses: rule.statuses)
            }
        }
        self.globs = globs
        screens = globs.map { GlobScreen($0.pattern) }
        shortcuts = globs.map { GlobShortcut($0.pattern) }
    }

    /// For each group, in the file's order, the indices of the `changes` it holds, ascending;
    /// with `workers` above 1, chunks of the changes are shared out over the machine's cores.
    public func groups(of changes: [FilterChange], workers: Int = 2) -> [[Int]] {
        let chunk = 2048
        let chunks = (changes.count + chunk - 1) / chunk
        guard chunks > 1, workers > 1 else { return sort(changes, in: 0..<changes.count) }
        let results = UnsafeMutableBufferPointer<[[Int]]>.allocate(capacity: chunks)
        results.initialize(repeating: [])
        defer { results.deallocate() }
        let shared = SharedResults(results)
        DispatchQueue.concurrentPerform(iterations: chunks) { number in
            let range = number * chunk..<min(changes.count, (number + 1) * chunk)
            shared.buffer[number] = sort(changes, in: range)
        }
        var groups = [[Int]](repeating: [], count: groupRules.count)
        for part in results {
            for (group, members) in part.enumerated() { groups[group].append(contentsOf: members) }
        }
        return groups
    }

    /// Whether the group at `group` (an index of ``FiltersFile/groups``) holds `change`.
    public func contains(_ change: FilterChange, group: Int) -> Bool {
        withUnsafeTemporaryAllocation(of: Int8.self, capacity: globs.count + 1) { memo in
            change.sides.contains { side in
                memo.initialize(repeating: -1)
                return side.path.withUnsafeBufferPointer { holds(group, path: $0, seen: side.statuses, memo: memo) }
            }
        }
    }

    private func sort(_ changes: [FilterChange], in range: Range<Int>) -> [[Int]] {
        var groups = [[Int]](repeating: [], count: groupRules.count)
        withUnsafeTemporaryAllocation(of: Int8.self, capacity: globs.count + 1) { memo in
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: max(1, groupRules.count)) { held in
                for index in range {
                    let change = changes[index]
                    held.initialize(repeating: false)
                    for side in change.sides {
                        memo.initialize(repeating: -1)
                        side.path.withUnsafeBufferPointer { path in
                            for group in groupRules.indices where !held[group] {
                                held[group] = holds(group, path: path, seen: side.statuses, memo: memo)
                            }
                        }
                    }
                    for group in groupRules.indices where held[group] { groups[group].append(index) }
                }
            }
        }
        return groups
    }

    /// Whether glob `number` matches `path`, tried at most once per path (`memo`: -1 untried;
    /// its last slot says whether the path has an odd piece, which no shortcut decides).
    @inline(__always)
    private func matches(_ number: Int, _ path: UnsafeBufferPointer<UInt8>, memo: UnsafeMutableBufferPointer<Int8>) -> Bool {
        if memo[number] < 0 {
            if memo[globs.count] < 0 { memo[globs.count] = GlobShortcut.hasOddPiece(path) ? 1 : 0 }
            let decided = memo[globs.count] == 0 ? shortcuts[number].decide(path) : nil
            let matched = decided ?? (screens[number].admits(path) && globs[number].matches(utf8: path))
            memo[number] = matched ? 1 : 0
        }
        return memo[number] == 1
    }

    /// Whether the group holds a path seen with `seen` statuses (see Docs/Groups.md).
    private func holds(_ group: Int, path: UnsafeBufferPointer<UInt8>, seen: FilterStatusSet,
                       memo: UnsafeMutableBufferPointer<Int8>) -> Bool {
        let rules = groupRules[group]
        switch quantifier {
        case .every:
            return rules.allSatisfy { rule in
                (rule.statuses.map { $0.intersects(seen) } ?? true) && matches(rule.glob, path, memo: memo) != rule.isNegated
            }
        case .some:
            var included = false, positives = false
            for rule in rules {
                if !rule.isNegated { positives = true }
                guard rule.statuses.map({ $0.intersects(seen) }) ?? true else { continue }
                if rule.isNegated {
                    if matches(rule.glob, path, memo: memo) { return false }
                } else if !included {
                    included = matches(rule.glob, path, memo: memo)
                }
            }
            return included || (!positives && !rules.isEmpty)
        }
    }
}

/// The per-chunk results, written by the threads at disjoint indices.
private final class SharedResults: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<[[Int]]>
    init(_ buffer: UnsafeMutableBufferPointer<[[Int]]>) { self.buffer = buffer }
}
