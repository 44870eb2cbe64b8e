import TreeModel

/// Ranked-find results that share a parent directory.
public struct FindGroup: Hashable, Sendable {
    /// The parent directory, or `nil` for top-level results.
    public let parent: TreePath?
    /// The results, best first.
    public let results: [FindResult]

    /// A group.
    public init(parent: TreePath?, results: [FindResult]) {
        self.parent = parent
        self.results = results
    }

    /// Groups ranked `results` by parent directory: groups in the order of their best-ranked
    /// member, members in rank order.
    public static func grouping(_ results: [FindResult]) -> [FindGroup] {
        var position: [TreePath?: Int] = [:]
        var members: [[FindResult]] = []
        for result in results {
            if let index = position[result.parent] {
                members[index].append(result)
            } else {
                position[result.parent] = members.count
                members.append([result])
            }
        }
        return members.map { FindGroup(parent: $0[0].parent, results: $0) }
    }
}
