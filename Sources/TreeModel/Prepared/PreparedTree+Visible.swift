/// The visible part of a prepared tree (Docs/TreeModel.md#expansion-and-depth), for node
/// types other than paths.
extension PreparedTree {
    /// The visible nodes: a depth-first walk that enters a node only when `isExpanded` says
    /// so; top-level nodes are always visible. O(visible nodes): a closed node's subtree is
    /// skipped as one range.
    public func visibleIndices(isExpanded: (Int) -> Bool) -> [Int] {
        var result: [Int] = []
        var index = 0
        while index < count {
            result.append(index)
            index = isExpanded(index) ? index + 1 : subtree(of: index).upperBound
        }
        return result
    }
}
