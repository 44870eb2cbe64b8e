import TreeModel

extension Style {
    /// The color of a status letter.
    public static func status(_ status: ChangeStatus) -> Style {
        switch status {
        case .added, .untracked: .green
        case .modified: .yellow
        case .deleted: .red
        case .renamed, .copied: .cyan
        case .typeChanged: .magenta
        case .unmerged: .boldRed
        }
    }

    /// A directory's name: bold blue, or bold in its status color when everything
    /// below it was added, deleted or is untracked.
    public static func directory(_ summary: ChangeSummary) -> Style {
        switch summary.wholeStatus {
        case .added?, .untracked?: .boldGreen
        case .deleted?: .boldRed
        default: .boldBlue
        }
    }

    /// Inserted line counts (`+12`).
    public static let insertions = Style.green
    /// Deleted line counts (`−3`).
    public static let deletions = Style.red
    /// A row that matches the search: underlined bold yellow.
    public static let match = Style(parameters: "1;4;33")
    /// Where a rename or copy came from (` ← Old.swift (96%)`).
    public static let origin = Style.dim
}
