import TreeModel

extension RowFormatter {
    /// Appends ` (also unstaged)` (a partly staged file), then ` (viewed)` or
    /// ` (changed since viewed)`, to `suffix`; returns their width.
    mutating func appendReviewMarks(of change: FileChange) -> Int {
        let start = suffix.count
        if change.partiallyStaged { suffix.append(" (also unstaged)") }
        switch change.viewState {
        case .notViewed: break
        case .viewed: suffix.append(" (viewed)")
        case .changedSinceViewed: suffix.append(" (changed since viewed)")
        }
        return suffix.count - start
    }
}
